package viewer

import (
	"image/color"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
)

func TestListenTakesWhatIsQueuedInOneMessage(t *testing.T) {
	ch := make(chan cards.Change, 10)
	for i := range 3 {
		ch <- cards.Change{Index: i, Entry: titled(i)}
	}
	msg := Listen(ch)()
	require.IsType(t, EntriesMsg{}, msg)
	assert.Len(t, msg.(EntriesMsg).Updates, 3)

	m, next := send(t, newModel(80, 24), msg)
	assert.Equal(t, 3, m.Len())
	require.NotNil(t, next, "the model listens on")
	ch <- cards.Change{Index: 3, Entry: titled(3)}
	close(ch)
	last := next()
	require.IsType(t, EntriesMsg{}, last)
	m, end := send(t, m, last)
	assert.Equal(t, 4, m.Len())
	require.NotNil(t, end)
	assert.Equal(t, EndMsg{}, end(), "the channel was closed after the last update")
}

func TestListenOnAClosedChannelEnds(t *testing.T) {
	ch := make(chan cards.Change)
	close(ch)
	assert.Equal(t, EndMsg{}, Listen(ch)())
}

func TestListenBatchesAreBounded(t *testing.T) {
	ch := make(chan cards.Change, maxBatch+10)
	for i := range maxBatch + 10 {
		ch <- cards.Change{Index: i, Entry: titled(i)}
	}
	first := Listen(ch)().(EntriesMsg)
	assert.Len(t, first.Updates, maxBatch)
	assert.Len(t, first.next().(EntriesMsg).Updates, 10)
}

func TestAnEntriesMsgFromTheHarnessNeedsNoListen(t *testing.T) {
	m, cmd := send(t, newModel(80, 24), EntriesMsg{Updates: []cards.Change{{Entry: titled(0)}}})
	assert.Nil(t, cmd)
	assert.Equal(t, 1, m.Len())
	assert.NotContains(t, statusRow(m), "live")
}

func TestInitReadsTheFeed(t *testing.T) {
	ch := make(chan cards.Change, 1)
	ch <- cards.Change{Entry: titled(0)}
	opts := testOptions()
	opts.Feed = ch
	batch := New(opts).Init()().(tea.BatchMsg)
	assert.IsType(t, EntriesMsg{}, batch[len(batch)-1]())
}

func TestTheBackgroundColourPicksTheTheme(t *testing.T) {
	opts := testOptions()
	opts.ThemeFixed = false
	opts.Render.Profile = colorprofile.TrueColor
	m := New(opts)
	m.SetSize(80, 12)
	m.SetEntries(titledCards(3))
	const darkBorder, lightBorder = "95;107;122", "175;184;193"
	require.Contains(t, m.View(), darkBorder)

	m, _ = send(t, m, tea.BackgroundColorMsg{Color: color.White})
	assert.Contains(t, m.View(), lightBorder)
	assert.NotContains(t, m.View(), darkBorder)
	m, _ = send(t, m, tea.BackgroundColorMsg{Color: color.Black})
	assert.Contains(t, m.View(), darkBorder)

	opts.ThemeFixed = true
	fixed := New(opts)
	fixed.SetSize(80, 12)
	fixed.SetEntries(titledCards(3))
	fixed, _ = send(t, fixed, tea.BackgroundColorMsg{Color: color.White})
	assert.Contains(t, fixed.View(), darkBorder, "--theme wins over the terminal")
}

func TestChromeFollowsTheProfile(t *testing.T) {
	m := newModel(80, 12, titledCards(3)...)
	assert.NotContains(t, m.View(), "\x1b", "NoTTY: no escape anywhere")
	opts := testOptions()
	opts.Render.Profile = colorprofile.ANSI
	ansi16 := New(opts)
	ansi16.SetSize(80, 12)
	ansi16.SetEntries(titledCards(3))
	assert.NotContains(t, ansi16.View(), "38;2;", "no true colour in a 16-colour profile")
	assert.True(t, strings.Contains(ansi16.View(), "\x1b["))

	opts.Render.Profile = colorprofile.TrueColor
	full := New(opts)
	full.SetSize(80, 12)
	rows := strings.Split(full.View(), "\n")
	assert.Contains(t, rows[full.contentHeight()], "\x1b[1;38;2;121;192;255mtest.jsonl\x1b[m", "the source in bold accent")
}
