package viewer

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
)

// withText is a titled card whose result says text.
func withText(i int, text string) cards.Entry {
	c := titled(i).(cards.ToolCard)
	c.Result = cards.GenericResult{Content: []cards.ContentBlock{cards.TextBlock{Text: text}}}
	return c
}

// needles are 30 cards with 4 matches of "needle": in cards 5, 12 (two)
// and 25.
func needles() []cards.Entry {
	entries := titledCards(30)
	entries[5] = withText(5, "a needle here")
	entries[12] = withText(12, "needle and needle")
	entries[25] = withText(25, "the last Needle")
	return entries
}

// runQuery types a query at the prompt, runs it and delivers its result.
func runQuery(t *testing.T, m Model, query string) Model {
	t.Helper()
	m, _ = press(t, m, "/")
	m = typeText(t, m, query)
	m, cmd := press(t, m, "enter")
	require.NotNil(t, cmd)
	assert.Contains(t, statusRow(m), "searching…")
	m, _ = send(t, m, cmd())
	return m
}

func TestSearchJumpsToTheFirstMatchAndCounts(t *testing.T) {
	m := runQuery(t, newModel(80, 12, needles()...), "needle")
	assert.Contains(t, statusRow(m), "match 1/4")
	assert.True(t, marked(m, cardTitle(5)))
	assert.Contains(t, screen(m), "a needle here")
}

func TestNextAndPreviousMatchGoThroughEveryMatch(t *testing.T) {
	m := runQuery(t, newModel(80, 12, needles()...), "needle")
	for _, want := range []struct {
		key, status, card string
	}{
		{"n", "match 2/4", cardTitle(12)},
		{"n", "match 3/4", cardTitle(12)},
		{"n", "match 4/4", cardTitle(25)},
		{"n", "match 1/4", cardTitle(5)},
		{"N", "match 4/4", cardTitle(25)},
		{"N", "match 3/4", cardTitle(12)},
	} {
		m, _ = press(t, m, want.key)
		assert.Contains(t, statusRow(m), want.status)
		assert.True(t, marked(m, want.card), "%s shows and focuses %s", want.status, want.card)
	}
}

func TestSearchStartsAtTheFocusedCard(t *testing.T) {
	m := newModel(80, 12, needles()...)
	m, _ = press(t, m, "n", "n", "n", "n", "n", "n", "n", "n", "n", "n")
	m = runQuery(t, m, "needle")
	assert.Contains(t, statusRow(m), "match 2/4")
	assert.True(t, marked(m, cardTitle(12)))
}

func TestSearchWithACapitalMatchesCase(t *testing.T) {
	m := runQuery(t, newModel(80, 12, needles()...), "Needle")
	assert.Contains(t, statusRow(m), "match 1/1")
	assert.True(t, marked(m, cardTitle(25)))

	m = runQuery(t, m, "NEEDLE")
	assert.Contains(t, statusRow(m), `no match for "NEEDLE"`)
}

func TestEscapeClearsTheSearch(t *testing.T) {
	m := runQuery(t, newModel(80, 12, needles()...), "needle")
	m, _ = press(t, m, "esc")
	assert.NotContains(t, statusRow(m), "match")
	m, _ = press(t, m, "n")
	assert.Contains(t, statusRow(m), "card 7/30", "without a search n moves the focus")
}

func TestThePromptEditsTheQuery(t *testing.T) {
	m, _ := press(t, newModel(80, 12, needles()...), "/")
	m = typeText(t, m, "nex")
	assert.True(t, strings.HasPrefix(statusRow(m), "/nex"))
	m, _ = press(t, m, "backspace")
	m = typeText(t, m, "edle ")
	m, _ = send(t, m, tea.PasteMsg{Content: "and\nneedle"})
	assert.True(t, strings.HasPrefix(statusRow(m), "/needle and needle"))
	assert.NotNil(t, m.Render().Cursor)

	m, _ = press(t, m, "ctrl+u")
	assert.Equal(t, "/", strings.TrimSpace(statusRow(m)))
	m = typeText(t, m, "q")
	assert.Equal(t, "/q", strings.TrimSpace(statusRow(m)), "q types at the prompt")
	m, cmd := press(t, m, "esc")
	assert.Nil(t, cmd)
	assert.Contains(t, statusRow(m), "card 1/30", "esc closes the prompt without searching")
}

func TestAnEmptyQueryClearsTheSearch(t *testing.T) {
	m := runQuery(t, newModel(80, 12, needles()...), "needle")
	m, _ = press(t, m, "/")
	m, cmd := press(t, m, "enter")
	assert.Nil(t, cmd)
	assert.NotContains(t, statusRow(m), "match")
}

func TestSearchExpandsACardThatHidesTheMatch(t *testing.T) {
	m := newModel(80, 24, titled(0), longOutput("a", 40), titled(2))
	require.NotContains(t, screen(m), "output line 20")
	m = runQuery(t, m, "line 20")
	assert.Contains(t, statusRow(m), "match 1/1")
	assert.Contains(t, screen(m), "output line 20")
}

func TestSearchHighlightsMatchesInReverseVideo(t *testing.T) {
	opts := testOptions()
	opts.Render.Profile = colorprofile.TrueColor
	m := New(opts)
	m.SetSize(80, 12)
	m.SetEntries(needles())
	m = runQuery(t, m, "needle")
	m, _ = press(t, m, "n") // to card 12, whose line holds two matches
	content := m.View()
	for _, style := range [][2]string{{currentOn, currentOff}, {reverseOn, reverseOff}} {
		start := strings.Index(content, style[0])
		require.GreaterOrEqual(t, start, 0, "the current match and the others are highlighted")
		end := strings.Index(content[start:], style[1])
		require.Greater(t, end, 0)
		assert.Equal(t, "needle", ansi.Strip(content[start:start+end]))
	}
	assert.Equal(t, 1, strings.Count(content, currentOn), "one match is the current one")
	assert.Contains(t, ansi.Strip(content), "needle and needle", "highlighting changes no text")
}

func TestNoHighlightWithoutEscapes(t *testing.T) {
	m := runQuery(t, newModel(80, 12, needles()...), "needle")
	assert.NotContains(t, m.View(), "\x1b")
}

func TestNewEntriesAreSearchedAsTheyArrive(t *testing.T) {
	m := runQuery(t, newModel(80, 12, needles()...), "needle")
	m, _ = send(t, m, EntriesMsg{Updates: []cards.Change{{Index: 30, Entry: withText(30, "needle")}}})
	assert.Contains(t, statusRow(m), "match 1/5")
	m, _ = send(t, m, EntriesMsg{Updates: []cards.Change{{Index: 5, Entry: titled(5)}}})
	assert.Contains(t, statusRow(m), "/4", "the current card lost its match")
	m, _ = press(t, m, "N")
	assert.Contains(t, statusRow(m), "match 4/4")
	assert.True(t, marked(m, cardTitle(30)))
}

func TestEntriesChangedDuringASearchAreCounted(t *testing.T) {
	m, _ := press(t, newModel(80, 12, needles()...), "/")
	m = typeText(t, m, "needle")
	m, cmd := press(t, m, "enter")
	m, _ = send(t, m, EntriesMsg{Updates: []cards.Change{{Index: 30, Entry: withText(30, "needle")}, {Index: 0, Entry: withText(0, "needle")}}})
	m, _ = send(t, m, cmd())
	assert.Contains(t, statusRow(m), "match 1/6")
	assert.True(t, marked(m, cardTitle(0)))
}

func TestAnOlderSearchResultIsDropped(t *testing.T) {
	m, _ := press(t, newModel(80, 12, needles()...), "/")
	m = typeText(t, m, "body")
	m, first := press(t, m, "enter")
	m, _ = press(t, m, "/")
	m = typeText(t, m, "needle")
	m, second := press(t, m, "enter")
	m, _ = send(t, m, first())
	assert.Contains(t, statusRow(m), "searching…")
	m, _ = send(t, m, second())
	assert.Contains(t, statusRow(m), "match 1/4")
}

func TestMatchesChangingBeforeTheCurrentOneRenumberIt(t *testing.T) {
	m := runQuery(t, newModel(80, 12, needles()...), "needle")
	m, _ = press(t, m, "n")
	require.Contains(t, statusRow(m), "match 2/4")
	m, _ = send(t, m, EntriesMsg{Updates: []cards.Change{{Index: 3, Entry: withText(3, "needle")}}})
	assert.Contains(t, statusRow(m), "match 3/5", "a new match before the current one")
	m, _ = send(t, m, EntriesMsg{Updates: []cards.Change{{Index: 5, Entry: withText(5, "needle, needle, needle")}}})
	assert.Contains(t, statusRow(m), "match 5/7", "more matches before the current one")
	m, _ = send(t, m, EntriesMsg{Updates: []cards.Change{{Index: 3, Entry: titled(3)}}})
	assert.Contains(t, statusRow(m), "match 4/6", "a match before the current one went away")
	m, _ = press(t, m, "n", "n")
	assert.Contains(t, statusRow(m), "match 6/6")
	assert.True(t, marked(m, cardTitle(25)))
}

func TestSearchRunsOnASnapshot(t *testing.T) {
	m, _ := press(t, newModel(80, 12, needles()...), "/")
	m = typeText(t, m, "needle")
	m, cmd := press(t, m, "enter")
	result := make(chan tea.Msg)
	go func() { result <- cmd() }()
	for i := range 30 {
		m, _ = send(t, m, EntriesMsg{Updates: []cards.Change{{Index: i, Entry: withText(i, "needle")}}})
	}
	m, _ = send(t, m, <-result)
	assert.Contains(t, statusRow(m), "match 1/30", "every card changed during the run was counted again")
}
