package viewer

import (
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit"
	"github.com/cardtui/cardtui/internal/testkit/lexbudget"
	"github.com/cardtui/cardtui/render"
)

// slowCards numbers the slow cards, so that no run of a test finds the
// colours of an earlier one cached (-count).
var slowCards atomic.Int32

// slowCard is a new file whose syntax colours take lexbudget.SlowLexer
// 200 ms, well within their budget and ten times RenderWait, spent asleep
// rather than on the CPU.
func slowCard() cards.ToolCard {
	text := fmt.Sprintf("%-199d\n", slowCards.Add(1))
	return cards.ToolCard{ID: "w1", Call: cards.DiffCall{
		Title: "Write slow" + lexbudget.SlowFile,
		Diffs: []cards.FileDiff{{Path: "slow" + lexbudget.SlowFile, NewText: text}},
	}}
}

// The slow lexer is registered before any test runs, so that no test
// reading chroma's registry in parallel sees it change.
func init() { lexbudget.RegisterSlow() }

// TestSlowCardIsDrawnInTheBackground: while a card takes long to draw,
// the screen shows a placeholder in its place and q still quits; once it
// is drawn, a cardsDrawnMsg brings it to the screen.
func TestSlowCardIsDrawnInTheBackground(t *testing.T) {
	t.Parallel() // the card takes 200 ms to colour, asleep
	opts := testOptions()
	opts.Render.Profile = colorprofile.TrueColor // the card's colours are what is slow
	opts.RenderWait = 20 * time.Millisecond
	m := New(opts)
	m.SetSize(100, 20)
	m, _ = send(t, m, EntriesMsg{Updates: []cards.Change{{Index: 0, Entry: titled(0)}, {Index: 1, Entry: slowCard()}}})

	before := time.Now()
	assert.Contains(t, screen(m), drawingNote, "the card is not drawn yet")
	assert.Contains(t, screen(m), "card 0", "the other cards are")
	_, cmd := press(t, m, "q")
	require.NotNil(t, cmd)
	assert.IsType(t, tea.QuitMsg{}, cmd())

	for strings.Contains(screen(m), drawingNote) {
		m, cmd = send(t, m, m.drawings.waitDrawn())
		require.NotNil(t, cmd, "the model waits for the next card drawn")
		require.Less(t, time.Since(before), time.Minute)
	}
	drawnAfter := time.Since(before)
	assert.Contains(t, screen(m), "slow"+lexbudget.SlowFile)
	t.Logf("drawn after %v", drawnAfter)
}

// TestQuickCardsAreDrawnAtOnce: a card drawn within RenderWait is shown
// at once, never as a placeholder.
func TestQuickCardsAreDrawnAtOnce(t *testing.T) {
	opts := testOptions()
	opts.RenderWait = time.Hour
	m := New(opts)
	m.SetSize(100, 20)
	m, _ = send(t, m, EntriesMsg{Updates: []cards.Change{{Index: 0, Entry: titled(0)}}})
	assert.Contains(t, screen(m), "card 0")
	assert.NotContains(t, screen(m), drawingNote)
}

// TestLargeDiffIsShownPlainThenColoured: an expanded diff too large to be
// coloured at once is shown without syntax colours first, then, once its
// coloured drawing is done in the background, with them; the plain
// drawing leaves the cache.
func TestLargeDiffIsShownPlainThenColoured(t *testing.T) {
	t.Parallel()
	opts := testOptions()
	opts.Render.Profile, opts.Render.Expanded = colorprofile.TrueColor, true
	opts.RenderWait = time.Hour // the first frame waits for the plain drawing
	// 2,000 lines; with -short 800, still over plainFirstBytes (required
	// below), so drawn plain first all the same.
	var old, new strings.Builder
	for i := range testkit.Rounds(2000, 800) {
		fmt.Fprintf(&old, "\tv%d := compute(n, %d)\n", i, i)
		fmt.Fprintf(&new, "\tv%d := compute(n, %d)\n", i, i+i%2)
	}
	oldText := old.String()
	diff := cards.ToolCard{ID: "d", Call: cards.DiffCall{
		Title: "Edit main.go",
		Diffs: []cards.FileDiff{{Path: "main.go", OldText: &oldText, NewText: new.String()}},
	}}
	require.True(t, plainFirst(diff, opts.Render))
	m := New(opts)
	m.SetSize(100, 20)
	o := opts.Render
	o.Width = m.cardWidth()
	plain, coloured := o, o
	plain.NoSyntax = true
	firstLine := func(o render.Options) string { return render.Draw(diff, o).Finish().Line(3) }
	plainLine, colouredLine := firstLine(plain), firstLine(coloured) // each drawn once
	require.NotEqual(t, plainLine, colouredLine, "syntax colours change the line")

	m, _ = send(t, m, EntriesMsg{Updates: []cards.Change{{Index: 0, Entry: diff}}})

	view := m.View()
	assert.NotContains(t, ansi.Strip(view), drawingNote)
	if !strings.Contains(view, plainLine) {
		// Only when the coloured drawing was done before the first frame.
		require.Contains(t, view, colouredLine)
	}
	for drawingInBackground(m) {
		m, _ = send(t, m, m.drawings.waitDrawn())
	}
	assert.Contains(t, m.View(), colouredLine)
	k := m.cacheKey(0, m.cardWidth())
	k.plain = true
	_, kept := m.cache.peek(k)
	assert.False(t, kept, "the plain drawing is dropped")
}
