package viewer

import (
	"container/list"
	"sync"

	"github.com/charmbracelet/colorprofile"

	"github.com/cardtui/cardtui/render"
)

// The cache's bounds: it holds at most cacheCards renderings and, beyond
// the one used last, at most cacheLines lines in all. A screen needs a
// few dozen cards, so the bounds only matter for memory.
const (
	cacheCards = 2048
	cacheLines = 100_000
)

// cardKey identifies one rendering of one content of an entry: versions
// are never given twice, so a key always names the same rendering.
type cardKey struct {
	version  uint64
	width    int
	expanded bool
	theme    render.Theme
	profile  colorprofile.Profile
	// plain is the quick drawing without syntax colours shown until the
	// coloured one is drawn (background.go).
	plain bool
}

// cachedCard is one rendering.
type cachedCard struct {
	key   cardKey
	drawn rendering
}

// cardCache is a least-recently-used store of rendered cards. Its keys
// name contents, not positions, so the copies of a Model can share it:
// one copy's renderings are right for another. A mutex guards it for
// copies used by different goroutines.
type cardCache struct {
	mu    sync.Mutex
	items map[cardKey]*list.Element
	order *list.List // of *cachedCard, most recently used first
	lines int
}

func newCardCache() *cardCache {
	return &cardCache{items: make(map[cardKey]*list.Element), order: list.New()}
}

// get returns the rendering of k.
func (c *cardCache) get(k cardKey) (rendering, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.items[k]
	if !ok {
		return rendering{}, false
	}
	c.order.MoveToFront(el)
	return el.Value.(*cachedCard).drawn, true
}

// peek returns the rendering of k without touching the recency order.
func (c *cardCache) peek(k cardKey) (rendering, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.items[k]
	if !ok {
		return rendering{}, false
	}
	return el.Value.(*cachedCard).drawn, true
}

// put stores a rendering and evicts the least recently used ones beyond
// the bounds.
func (c *cardCache) put(k cardKey, drawn rendering) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.items[k]; ok {
		c.remove(el)
	}
	c.items[k] = c.order.PushFront(&cachedCard{key: k, drawn: drawn})
	c.lines += drawn.Len()
	for c.order.Len() > 1 && (c.order.Len() > cacheCards || c.lines > cacheLines) {
		c.remove(c.order.Back())
	}
}

// drop removes the rendering of k, if it is there.
func (c *cardCache) drop(k cardKey) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.items[k]; ok {
		c.remove(el)
	}
}

func (c *cardCache) remove(el *list.Element) {
	card := c.order.Remove(el).(*cachedCard)
	delete(c.items, card.key)
	c.lines -= card.drawn.Len()
}
