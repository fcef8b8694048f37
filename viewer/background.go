package viewer

import (
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/render"
)

// Cards are drawn off the program's loop. Drawing a card is quick but for
// hostile ones (a diff or a code block near its time budget, a huge
// output expanded), which take up to a second; View and Update wait for
// a card at most Options.RenderWait, then show a placeholder row in its
// place and go on, so that q, scrolling and every other key still answer.
// The card is drawn on a goroutine of its own, into the render cache, and
// a cardsDrawnMsg has the screen drawn again once it is there.

// DefaultRenderWait is the RenderWait of DefaultOptions.
const DefaultRenderWait = 50 * time.Millisecond

// drawingNote is the placeholder row of a card being drawn.
const drawingNote = "⋯ drawing this card…"

// cardsDrawnMsg says that cards drawn in the background are in the
// cache: the screen is drawn again.
type cardsDrawnMsg struct{}

// drawings are the cards being drawn in the background, shared by the
// copies of a Model like the cache they draw into.
type drawings struct {
	mu sync.Mutex
	// running holds a channel per card being drawn, closed when it is in
	// the cache.
	running map[cardKey]chan struct{}
	// drawn wakes the waitDrawn command when a card is done.
	drawn chan struct{}
}

func newDrawings() *drawings {
	return &drawings{running: map[cardKey]chan struct{}{}, drawn: make(chan struct{}, 1)}
}

// draw has the card of key k drawn by draw on its own goroutine, into
// cache, unless it is being drawn already (started is then false), and
// returns the channel closed when it is in the cache.
func (d *drawings) draw(k cardKey, cache *cardCache, draw func() rendering) (done <-chan struct{}, started bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if done, ok := d.running[k]; ok {
		return done, false
	}
	running := make(chan struct{})
	d.running[k] = running
	go func() {
		cache.put(k, draw())
		d.mu.Lock()
		delete(d.running, k)
		d.mu.Unlock()
		close(running)
		select {
		case d.drawn <- struct{}{}:
		default: // a wake-up is pending already
		}
	}()
	return running, true
}

// waitDrawn is the command that waits until a card drawn in the
// background is done. Init starts it and every cardsDrawnMsg restarts it.
func (d *drawings) waitDrawn() tea.Msg {
	<-d.drawn
	return cardsDrawnMsg{}
}

// drawCard draws entry e, at index i, with o as a rendering for the
// screen, cut to the width when it is below render.MinWidth. It reads
// nothing of the Model but the streams, which have a lock: it runs on any
// goroutine.
func drawCard(ss *streams, i int, e cards.Entry, o render.Options) rendering {
	drawn := rendering{Drawing: ss.draw(i, e, o)}
	if o.Width < render.MinWidth {
		drawn.cut = o.Width
	}
	return drawn
}

// cardWhenDrawn returns the rendering of key k of entry i once it is in
// the cache, drawn in the background, or, when that takes longer than
// RenderWait, a placeholder (not cached). Only the call that starts the
// drawing waits; while it runs, the placeholder comes at once.
func (m *Model) cardWhenDrawn(k cardKey, i int, o render.Options) rendering {
	ss, e := m.streams, m.list.entry(i)
	draw := func() rendering { return drawCard(ss, i, e, o) }
	done, started := m.drawings.draw(k, m.cache, draw)
	if started {
		timer := time.NewTimer(m.opts.RenderWait)
		defer timer.Stop()
		select {
		case <-done:
		case <-timer.C:
		}
	}
	select {
	case <-done:
		if drawn, ok := m.cache.get(k); ok {
			return drawn
		}
		return draw() // dropped from a full cache at once
	default:
		return placeholder(o)
	}
}

// placeholder is the row shown for a card until it is drawn.
func placeholder(o render.Options) rendering {
	return rendering{Drawing: render.Draw(cards.Notice{Text: drawingNote}, o).Finish()}
}
