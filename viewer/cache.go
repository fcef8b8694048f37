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

// cachedCard is one rendering: the lines of the entry's version.
type cachedCard struct {
	key     cardKey
	version uint64
	lines   []string
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

// get returns the lines of k when they were rendered from version.
func (c *cardCache) get(k cardKey, version uint64) ([]string, bool) {
	el, ok := c.items[k]
	if !ok || el.Value.(*cachedCard).version != version {
		return nil, false
	}
	c.order.MoveToFront(el)
	return el.Value.(*cachedCard).lines, true
}

// peek returns the lines of k, of any version, without touching the
// recency order.
func (c *cardCache) peek(k cardKey) ([]string, bool) {
	el, ok := c.items[k]
	if !ok {
		return nil, false
	}
	return el.Value.(*cachedCard).lines, true
}

// put stores a rendering and evicts the least recently used ones beyond
// the bounds.
func (c *cardCache) put(k cardKey, version uint64, lines []string) {
	if el, ok := c.items[k]; ok {
		c.remove(el)
	}
	c.items[k] = c.order.PushFront(&cachedCard{key: k, version: version, lines: lines})
	c.lines += len(lines)
	for c.order.Len() > 1 && (c.order.Len() > cacheCards || c.lines > cacheLines) {
		c.remove(c.order.Back())
	}
}

func (c *cardCache) remove(el *list.Element) {
	card := c.order.Remove(el).(*cachedCard)
	delete(c.items, card.key)
	c.lines -= len(card.lines)
}
