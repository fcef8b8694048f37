package viewer

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/render"
)

// drawnLines is a rendering of lines.
func drawnLines(lines ...string) rendering {
	return rendering{Drawing: render.DrawLines(lines, render.Options{Width: 80})}
}

func TestCacheChecksTheVersion(t *testing.T) {
	c := newCardCache()
	k := cardKey{version: 1, width: 80}
	c.put(k, drawnLines("a"))
	got, ok := c.get(k)
	require.True(t, ok)
	assert.Equal(t, []string{"a"}, got.Lines())
	_, ok = c.get(cardKey{version: 2, width: 80})
	assert.False(t, ok, "the entry changed")
	_, ok = c.get(cardKey{version: 1, width: 81})
	assert.False(t, ok)
	c.put(k, drawnLines("b", "c"))
	assert.Equal(t, 2, c.lines, "a rendering put again replaces the old")
}

func TestCacheEvictsTheLeastRecentlyUsed(t *testing.T) {
	c := newCardCache()
	for i := range cacheCards + 5 {
		c.put(cardKey{version: uint64(i)}, drawnLines("x"))
		if i == 0 {
			continue
		}
		_, ok := c.get(cardKey{version: 0})
		require.True(t, ok, "card 0 is used all the time and stays")
	}
	assert.Equal(t, cacheCards, c.order.Len())
	_, ok := c.get(cardKey{version: 1})
	assert.False(t, ok, "card 1 is the least recently used")
}

func TestCacheBoundsTheLines(t *testing.T) {
	c := newCardCache()
	big := drawnLines(make([]string, cacheLines/2+1)...)
	c.put(cardKey{version: 0}, big)
	c.put(cardKey{version: 1}, big)
	assert.Equal(t, 1, c.order.Len())
	c.put(cardKey{version: 2}, drawnLines(make([]string, 2*cacheLines)...))
	_, ok := c.get(cardKey{version: 2})
	assert.True(t, ok, "the card just drawn stays, however long")
}

func TestOnlyTheCardsOnScreenAreRendered(t *testing.T) {
	m := newModel(80, 24, titledCards(5000)...)
	m, _ = press(t, m, "j", "space", "ctrl+d", "n", "G", "k", "g")
	_ = m.View()
	assert.Less(t, m.cache.order.Len(), 40, "5000 cards, a few screens rendered")
}

func TestACopyOfTheModelNeverSeesTheOthersCards(t *testing.T) {
	a := newModel(80, 12, titledCards(3)...)
	b := a
	b.SetEntries(needles())
	a.SetEntries(titledCards(3))
	assert.Contains(t, screen(b), "card 000")
	assert.NotContains(t, screen(a), "needle")
	b, _ = press(t, b, "n", "n", "n", "n", "n")
	assert.Contains(t, screen(b), "a needle here")
}

// TestAHugeCardIsShownAsItScrolls: the rows of an expanded card taller
// than render.FinishedLines are drawn as they come on screen.
func TestAHugeCardIsShownAsItScrolls(t *testing.T) {
	m := newModel(80, 24, longOutput("a", 3*render.FinishedLines), longOutput("b", 40))
	m, _ = press(t, m, "enter")
	require.Greater(t, m.card(0).Len(), 3*render.FinishedLines)
	require.NotContains(t, screen(m), "output line 25")
	m, _ = press(t, m, "ctrl+d", "ctrl+d")
	assert.Contains(t, screen(m), "output line 25", "the rows on screen are drawn")
	m, _ = press(t, m, "G")
	assert.Contains(t, screen(m), "output line 40", "card b's end")
}
