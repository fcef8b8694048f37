package viewer

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
)

// appendCards sends an EntriesMsg that appends titled cards from..to-1.
func appendCards(t *testing.T, m Model, from, to int) Model {
	t.Helper()
	var updates []cards.Change
	for i := from; i < to; i++ {
		updates = append(updates, cards.Change{Index: i, Entry: titled(i)})
	}
	m, _ = send(t, m, EntriesMsg{Updates: updates})
	return m
}

func followingModel() Model {
	opts := testOptions()
	opts.NoFollow = false
	m := New(opts)
	m.SetSize(80, 12)
	return m
}

func TestFollowKeepsTheNewestCardInView(t *testing.T) {
	m := followingModel()
	assert.Contains(t, statusRow(m), "pinned")
	for n := 1; n <= 30; n += 7 {
		m = appendCards(t, m, m.Len(), n)
		assert.Contains(t, screen(m), cardTitle(n-1), "after %d cards", n)
		assert.True(t, marked(m, cardTitle(n-1)), "the focus follows the newest card")
	}
}

func TestScrollingUpStopsFollowing(t *testing.T) {
	m := appendCards(t, followingModel(), 0, 20)
	m, _ = press(t, m, "k")
	assert.NotContains(t, statusRow(m), "pinned")
	before := cardArea(m)
	m = appendCards(t, m, 20, 25)
	assert.Equal(t, before, cardArea(m), "the cards on screen stay")
	assert.NotContains(t, screen(m), cardTitle(24))

	m, _ = press(t, m, "G")
	assert.Contains(t, statusRow(m), "pinned")
	m = appendCards(t, m, 25, 27)
	assert.Contains(t, screen(m), cardTitle(26))
}

func TestScrollingToTheBottomFollowsAgain(t *testing.T) {
	m := appendCards(t, followingModel(), 0, 20)
	m, _ = press(t, m, "k", "k")
	require.NotContains(t, statusRow(m), "pinned")
	m, _ = press(t, m, "j", "j")
	assert.Contains(t, statusRow(m), "pinned")
}

func TestFTogglesFollowMode(t *testing.T) {
	m := appendCards(t, followingModel(), 0, 20)
	m, _ = press(t, m, "F")
	assert.NotContains(t, statusRow(m), "pinned")
	m = appendCards(t, m, 20, 22)
	assert.NotContains(t, screen(m), cardTitle(21), "follow is off: the screen stays")

	m, _ = press(t, m, "g", "F")
	assert.Contains(t, statusRow(m), "pinned")
	assert.Contains(t, screen(m), cardTitle(21), "turning follow on goes to the bottom")
}

func TestNoFollowStartsAtTheTop(t *testing.T) {
	m := newModel(80, 12)
	m = appendCards(t, m, 0, 20)
	assert.Contains(t, screenRows(m)[0], cardTitle(0))
	assert.NotContains(t, statusRow(m), "pinned")
}

func TestFollowingWhenEverythingFits(t *testing.T) {
	m := appendCards(t, followingModel(), 0, 2)
	assert.Contains(t, screenRows(m)[0], cardTitle(0), "nothing to scroll: the top stays")
	assert.Contains(t, statusRow(m), "pinned")
}

func TestUpdatesPastTheEndAppendAndNilEntriesAreIgnored(t *testing.T) {
	m := newModel(80, 24, titled(0))
	m, _ = send(t, m, EntriesMsg{Updates: []cards.Change{{Index: 7, Entry: titled(1)}, {Index: 0}, {Index: -1, Entry: titled(2)}}})
	assert.Equal(t, 3, m.Len())
	assert.Contains(t, screen(m), cardTitle(0))
	assert.Contains(t, screen(m), cardTitle(2))
}

func TestSetEntriesSkipsNilEntries(t *testing.T) {
	m := newModel(80, 24, titled(0), nil, cards.Notice{Text: "torn tail"})
	assert.Equal(t, 2, m.Len())
	assert.Contains(t, screen(m), "torn tail")
}
