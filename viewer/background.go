package viewer

import (
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

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
//
// A large diff card, expanded, is drawn twice on that goroutine: first
// without syntax colours (render.Options.NoSyntax: the line diff and the
// layout only), then with them, chroma's lexing being most of the cost of
// such a card. The screen shows the plain drawing as soon as it is there
// and the coloured one once it is done (a cardsDrawnMsg, or the next
// frame), so that neither a frame nor a key waits for the lexing. The
// coloured drawing takes one processor (render.Options.Serial), leaving
// the others to the program's loop.

// DefaultRenderWait is the RenderWait of DefaultOptions.
const DefaultRenderWait = 50 * time.Millisecond

// drawingNote is the placeholder row of a card being drawn.
const drawingNote = "⋯ drawing this card…"

// plainFirstBytes is the size of a diff card's texts from which it is
// drawn plain first when expanded: below it, lexing the whole card takes
// a few milliseconds at most.
const plainFirstBytes = 32 << 10

// cardsDrawnMsg says that cards drawn in the background are in the
// cache: the screen is drawn again.
type cardsDrawnMsg struct{}

// drawings are the cards being drawn in the background, shared by the
// copies of a Model like the cache they draw into.
type drawings struct {
	mu sync.Mutex
	// running holds the cards being drawn, by the key of their (coloured)
	// drawing.
	running map[cardKey]*drawing
	// drawn wakes the waitDrawn command when a card is done.
	drawn chan struct{}
}

// drawing is a card being drawn in the background: shown is closed when
// a drawing of it, plain or coloured, is in the cache, done when the
// coloured one is.
type drawing struct {
	shown, done chan struct{}
}

// step is one drawing of a card, put in the cache under key.
type step struct {
	key  cardKey
	draw func() rendering
}

func newDrawings() *drawings {
	return &drawings{running: map[cardKey]*drawing{}, drawn: make(chan struct{}, 1)}
}

// draw has the card of key k drawn on its own goroutine by steps, in
// turn, each into cache under its key, unless it is being drawn already
// (started is then false). The last step draws k; the renderings of the
// steps before it (the plain drawing) are dropped once it is there.
func (d *drawings) draw(k cardKey, cache *cardCache, steps []step) (dr *drawing, started bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if dr, ok := d.running[k]; ok {
		return dr, false
	}
	dr = &drawing{shown: make(chan struct{}), done: make(chan struct{})}
	d.running[k] = dr
	go func() {
		for n, s := range steps {
			cache.put(s.key, s.draw())
			if n == 0 {
				close(dr.shown)
			}
			if n < len(steps)-1 {
				d.wake() // the plain drawing is there
			}
		}
		for _, s := range steps[:len(steps)-1] {
			cache.drop(s.key)
		}
		d.mu.Lock()
		delete(d.running, k)
		d.mu.Unlock()
		close(dr.done)
		d.wake()
	}()
	return dr, true
}

// wake has the waitDrawn command return.
func (d *drawings) wake() {
	select {
	case d.drawn <- struct{}{}:
	default: // a wake-up is pending already
	}
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

// plainFirst reports whether entry e, drawn with o, is drawn without
// syntax colours first: an expanded tool card whose diffs hold at least
// plainFirstBytes, in colour.
func plainFirst(e cards.Entry, o render.Options) bool {
	t, ok := e.(cards.ToolCard)
	if !ok || !o.Expanded || o.NoSyntax || o.Profile <= colorprofile.NoTTY {
		return false
	}
	size := 0
	if c, ok := t.Call.(cards.DiffCall); ok {
		size += diffBytes(c.Diffs)
	}
	if r, ok := t.Result.(cards.DiffResult); ok {
		size += diffBytes(r.Diffs)
	}
	return size >= plainFirstBytes
}

// diffBytes is the size of the texts of diffs.
func diffBytes(diffs []cards.FileDiff) int {
	n := 0
	for _, d := range diffs {
		n += len(d.NewText)
		if d.OldText != nil {
			n += len(*d.OldText)
		}
	}
	return n
}

// cardWhenDrawn returns the rendering of key k of entry i once it is in
// the cache, drawn in the background, or its plain drawing while the
// coloured one is drawn (plainFirst), or, when neither is there within
// RenderWait, a placeholder (not cached). Only the call that starts the
// drawing waits, and only for its first drawing; while it runs, the
// placeholder or the plain drawing comes at once.
func (m *Model) cardWhenDrawn(k cardKey, i int, o render.Options) rendering {
	ss, e := m.streams, m.list.entry(i)
	draw := func() rendering { return drawCard(ss, i, e, o) }
	steps := []step{{k, draw}}
	plain := k
	plain.plain = true
	if plainFirst(e, o) {
		po, co := o, o
		po.NoSyntax, co.Serial = true, true
		steps = []step{
			{plain, func() rendering { return drawCard(ss, i, e, po) }},
			{k, func() rendering { return drawCard(ss, i, e, co) }},
		}
	}
	dr, started := m.drawings.draw(k, m.cache, steps)
	if started {
		timer := time.NewTimer(m.opts.RenderWait)
		defer timer.Stop()
		select {
		case <-dr.shown:
		case <-timer.C:
		}
	}
	select {
	case <-dr.shown:
	default:
		return placeholder(o)
	}
	// The coloured drawing may replace the plain one between two looks.
	for _, key := range []cardKey{k, plain, k} {
		if drawn, ok := m.cache.get(key); ok {
			return drawn
		}
	}
	select {
	case <-dr.done:
		return draw() // dropped from a full cache at once
	default:
		return placeholder(o) // the plain drawing was dropped: the coloured one comes
	}
}

// placeholder is the row shown for a card until it is drawn.
func placeholder(o render.Options) rendering {
	return rendering{Drawing: render.Draw(cards.Notice{Text: drawingNote}, o).Finish()}
}
