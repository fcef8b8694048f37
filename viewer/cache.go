package viewer

import (
	"container/list"

	"github.com/cardtui/cardtui/render"
)

// The cache's bounds: it holds at most cacheCards renderings and, beyond
// the one used last, at most cacheLines lines in all. A screen needs a
// few dozen cards, so the bounds only matter for memory.
const (
	cacheCards = 2048
	cacheLines = 100_000
)

// cardKey identifies one rendering of a card.
type cardKey struct {
	index    int
	width    int
	expanded bool
	theme    render.Theme
}

// cachedCard is one rendering of the entry's version.
type cachedCard struct {
	key     cardKey
	version uint64
	drawn   rendering
}

// cardCache is a least-recently-used store of rendered cards. It is shared
// by the copies of a Model (Bubble Tea passes models by value) and used
// only from the program's goroutine. It also hands out entry versions, so
// that two copies of a model fed different entries never collide.
type cardCache struct {
	items    map[cardKey]*list.Element
	order    *list.List // of *cachedCard, most recently used first
	lines    int
	versions uint64
}

func newCardCache() *cardCache {
	return &cardCache{items: make(map[cardKey]*list.Element), order: list.New()}
}

// nextVersion returns a version no entry had before.
func (c *cardCache) nextVersion() uint64 {
	c.versions++
	return c.versions
}

// get returns the rendering of k when it was drawn from version.
func (c *cardCache) get(k cardKey, version uint64) (rendering, bool) {
	el, ok := c.items[k]
	if !ok || el.Value.(*cachedCard).version != version {
		return rendering{}, false
	}
	c.order.MoveToFront(el)
	return el.Value.(*cachedCard).drawn, true
}

// peek returns the rendering of k, of any version, without touching the
// recency order.
func (c *cardCache) peek(k cardKey) (rendering, bool) {
	el, ok := c.items[k]
	if !ok {
		return rendering{}, false
	}
	return el.Value.(*cachedCard).drawn, true
}

// put stores a rendering and evicts the least recently used ones beyond
// the bounds.
func (c *cardCache) put(k cardKey, version uint64, drawn rendering) {
	if el, ok := c.items[k]; ok {
		c.remove(el)
	}
	c.items[k] = c.order.PushFront(&cachedCard{key: k, version: version, drawn: drawn})
	c.lines += drawn.Len()
	for c.order.Len() > 1 && (c.order.Len() > cacheCards || c.lines > cacheLines) {
		c.remove(c.order.Back())
	}
}

func (c *cardCache) remove(el *list.Element) {
	card := c.order.Remove(el).(*cachedCard)
	delete(c.items, card.key)
	c.lines -= card.drawn.Len()
}
