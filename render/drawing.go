package render

import (
	"iter"
	"runtime"

	"github.com/charmbracelet/x/ansi"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/render/style"
	"github.com/cardtui/cardtui/render/textcut"
)

// Drawing is an entry drawn at one width. Its lines are finished (framed,
// cut to the width, styled for the colour profile) only when asked for,
// so a card of a million lines holds its text once, never a million
// padded copies of it: printing it or scrolling through it costs what is
// written or on screen. The zero Drawing has no lines.
type Drawing struct {
	head, body, tail []string
	// framed is set when the body goes between left and right, padded
	// or cut to inner cells.
	framed      bool
	left, right string
	inner       int
	o           style.Options
	// finished holds every line finished, once Finish has run on a
	// drawing of at most FinishedLines lines.
	finished []string
}

// FinishedLines is the height up to which Finish finishes a drawing's
// lines: every card but the huge ones, which would hold a padded row per
// line.
const FinishedLines = 2000

// DrawLines makes lines a caller drew itself a Drawing, each finished as
// a card's are: cut to the options' width and styled for their profile.
func DrawLines(lines []string, o style.Options) Drawing {
	return Drawing{body: lines, o: o}
}

// Len is the number of lines.
func (d Drawing) Len() int { return len(d.head) + len(d.body) + len(d.tail) }

// Line returns line i (0 ≤ i < Len()): at most the options' width and
// styled for their colour profile.
func (d Drawing) Line(i int) string {
	if d.finished != nil {
		return d.finished[i]
	}
	if d.framedBody(i) {
		// framed makes the line exactly the width: only the colours are
		// left to finish.
		return downsample(d.raw(i), d.o.Profile)
	}
	return finishLine(d.raw(i), d.o)
}

// framedBody is whether line i is a body line that raw frames.
func (d Drawing) framedBody(i int) bool {
	return d.framed && i >= len(d.head) && i < len(d.head)+len(d.body)
}

// Plain is the text of line i without escape sequences and, in a framed
// card's body, without the frame: what a search looks in, at a fraction
// of Line's cost.
func (d Drawing) Plain(i int) string {
	if j := i - len(d.head); j >= 0 && j < len(d.body) {
		return ansi.Strip(d.body[j])
	}
	return ansi.Strip(d.Line(i))
}

// Finish returns the drawing with its lines finished now, when it has at
// most FinishedLines of them, so that reading them later, again and again
// or on another goroutine, costs nothing; a taller drawing stays as it
// is, each line finished when it is asked for.
func (d Drawing) Finish() Drawing {
	if d.finished == nil && d.Len() <= FinishedLines {
		d.finished = d.Lines()
	}
	return d
}

// DrawAll draws entries on every processor and yields each drawing,
// finished (see Finish), in order. It draws at most two entries per
// processor ahead of the one the caller is at, so that printing a session
// holds a few cards at a time, never the session.
func DrawAll(entries []cards.Entry, o style.Options) iter.Seq2[int, Drawing] {
	return func(yield func(int, Drawing) bool) {
		workers := runtime.GOMAXPROCS(0)
		done := make(chan struct{})
		defer close(done)
		queue := make(chan chan Drawing, 2*workers)
		go drawInto(queue, entries, o, workers, done)
		i := 0
		for drawn := range queue {
			if !yield(i, <-drawn) {
				return
			}
			i++
		}
	}
}

// drawInto draws the entries on workers goroutines that last the whole
// drawing (their stacks, once grown, stay grown), and queues where each
// drawing will be, in order, until done.
func drawInto(queue chan<- chan Drawing, entries []cards.Entry, o style.Options, workers int, done <-chan struct{}) {
	defer close(queue)
	jobs := make(chan drawJob)
	defer close(jobs)
	for range workers {
		go func() {
			for j := range jobs {
				j.drawn <- Draw(j.entry, o).Finish()
			}
		}()
	}
	for _, e := range entries {
		drawn := make(chan Drawing, 1)
		select {
		case queue <- drawn:
		case <-done:
			return
		}
		select {
		case jobs <- drawJob{e, drawn}:
		case <-done:
			return
		}
	}
}

// drawJob is an entry to draw and where its drawing goes.
type drawJob struct {
	entry cards.Entry
	drawn chan<- Drawing
}

// Lines returns every line.
func (d Drawing) Lines() []string {
	lines := make([]string, d.Len())
	for i := range lines {
		lines[i] = d.Line(i)
	}
	return lines
}

// raw is line i before finishLine.
func (d Drawing) raw(i int) string {
	if i < len(d.head) {
		return d.head[i]
	}
	i -= len(d.head)
	if i >= len(d.body) {
		return d.tail[i-len(d.body)]
	}
	if d.framed {
		return textcut.Framed(d.left, d.body[i], d.right, d.inner)
	}
	return d.body[i]
}
