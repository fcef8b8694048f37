package render

import (
	"cmp"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/render/cardtext"
	"github.com/cardtui/cardtui/render/diffview"
	"github.com/cardtui/cardtui/render/style"
	"github.com/cardtui/cardtui/render/textcut"
	"github.com/cardtui/cardtui/termsafe"
)

// Entry renders one transcript entry as lines joined by "\n", styled for
// the options' colour profile, each line at most Options.Width cells. A
// widget that panics does not take the program down: the entry is drawn
// as a problem card that names the card and the panic.
func Entry(e cards.Entry, o style.Options) string {
	return strings.Join(EntryLines(e, o), "\n")
}

// EntryLines is Entry's lines, not joined: a caller that writes or keeps
// them one by one saves the copy of a whole card, which is most of the
// memory an expanded card of a million lines takes.
func EntryLines(e cards.Entry, o style.Options) (lines []string) {
	defer func() {
		if r := recover(); r != nil {
			lines = problemDrawing(widgetPanic(e, r), o).Lines()
		}
	}()
	return Draw(e, o).Lines()
}

// Draw draws one entry as Entry does, but leaves each line to be finished
// when it is asked for: what a caller that writes or shows a few lines at
// a time of a card of any size uses.
func Draw(e cards.Entry, o style.Options) (d Drawing) {
	defer func() {
		if r := recover(); r != nil {
			d = problemDrawing(widgetPanic(e, r), o)
		}
	}()
	return withRollbackLabel(drawEntry(e, o), e, o)
}

// drawEntry is the dispatch Draw uses; tests replace it to check that a
// panicking widget becomes a problem card.
var drawEntry = entryDrawing

// widgetPanic describes a widget's panic while drawing e as a Problem.
func widgetPanic(e cards.Entry, r any) cards.Problem {
	what := "this entry"
	if c, ok := e.(cards.ToolCard); ok {
		what = fmt.Sprintf("the %s card (call %s)", cmp.Or(c.Tool, "tool"), c.ID)
	}
	return cards.Problem{Source: "cardtui", Reason: fmt.Sprintf("could not draw %s: %v", what, r)}
}

// entryDrawing dispatches an entry to its widget. The switch is closed:
// go-check-sumtype fails the build when a variant has no case.
func entryDrawing(e cards.Entry, o style.Options) Drawing {
	switch e := e.(type) {
	case cards.Message:
		return DrawLines(messageLines(e, o), o)
	case cards.ToolCard:
		return toolCardDrawing(e, o)
	case cards.Problem:
		return problemDrawing(e, o)
	case cards.Notice:
		return DrawLines(noticeLines(e, o), o)
	}
	return Drawing{} // unreachable: the switch above is exhaustive
}

// toolCardDrawing draws a call and its result as one framed card.
func toolCardDrawing(c cards.ToolCard, o style.Options) Drawing {
	badge, border := status(c, o)
	if !o.Terminal {
		c = withoutTerminal(c)
	}
	f := callFrame(c, o)
	f.Body = withSection(f.Body, childrenBody(c.Children, o), o)
	f.Body = withSection(f.Body, resultBody(c, o), o)
	f.Badge, f.Border = badge, border
	return f.drawing(o)
}

// withSection appends a section of a card's body, after a separator when
// the body has lines already.
func withSection(body, section []string, o style.Options) []string {
	if len(body) > 0 && len(section) > 0 {
		body = append(body, textcut.Separator(o))
	}
	return append(body, section...)
}

// callFrame starts a card's frame from its call view: glyph, title and the
// call's own body.
func callFrame(c cards.ToolCard, o style.Options) frame {
	switch v := c.Call.(type) {
	case cards.GenericCall:
		return frame{Glyph: style.Glyph(v.Kind), Title: v.Title, Body: genericCallBody(v, c.Result != nil, o)}
	case cards.TerminalCall:
		return frame{Glyph: style.Glyph(cards.KindExecute), Title: cardtext.TerminalTitle(v), Body: terminalCallBody(v, o)}
	case cards.DiffCall:
		return frame{Glyph: style.Glyph(cards.KindEdit), Title: v.Title, Paths: diffPaths(v.Diffs), Body: diffCallBody(v, c, o)}
	case nil:
		return frame{Glyph: style.Glyph(cards.KindOther), Title: cardtext.OrphanTitle(c), Body: nil}
	}
	return frame{} // unreachable: the switch above is exhaustive
}

// diffPaths are the paths of a change's files.
func diffPaths(diffs []cards.FileDiff) []string {
	paths := make([]string, len(diffs))
	for i, d := range diffs {
		paths[i] = d.Path
	}
	return paths
}

// resultBody draws a card's result view, if it has one.
func resultBody(c cards.ToolCard, o style.Options) []string {
	switch v := c.Result.(type) {
	case cards.GenericResult:
		return genericResultBody(v, o)
	case cards.TerminalResult:
		return terminalOutputBody(v, o)
	case cards.DiffResult:
		return diffview.Body(v.Diffs, o)
	case cards.ReadResult:
		return readBody(v, o)
	case cards.SearchMatches:
		return searchMatchesBody(v, o)
	case cards.SearchPaths:
		return searchPathsBody(v, o)
	case cards.WebSearch:
		return webSearchBody(v, o)
	case cards.WebFetch:
		return webFetchBody(v, o)
	case nil:
		return nil
	}
	return nil // unreachable: the switch above is exhaustive
}

// diffCallBody shows the call's proposed diffs unless the result carries
// the applied hunks, which then replace them; a change that failed or was
// refused is drawn as not applied.
func diffCallBody(v cards.DiffCall, c cards.ToolCard, o style.Options) []string {
	if !c.State().Applied() {
		return notAppliedBody(v.Diffs, c.State(), o)
	}
	if applied, ok := c.Result.(cards.DiffResult); ok && len(applied.Diffs) > 0 {
		return nil
	}
	return diffview.Body(v.Diffs, o)
}

// finishLine downsamples the colours of a line to the options' profile and
// guarantees the width. Every line is self-contained (no style or link
// runs from one line into the next), so each is finished on its own. It is
// also the last guard of every renderer: an escape sequence, control or
// invisible rune a renderer let through is shown as its marker.
func finishLine(line string, o style.Options) string {
	line = termsafe.NeutralizeRendered(line)
	if width := o.LineWidth(); termsafe.Width(line) > width {
		line = termsafe.Truncate(line, width, "…")
	}
	return downsample(line, o.Profile)
}

// downsample converts true-colour styling to profile p (NoTTY strips every
// escape sequence).
func downsample(s string, p colorprofile.Profile) string {
	switch {
	case p == colorprofile.TrueColor || !strings.Contains(s, "\x1b"):
		return s
	case p <= colorprofile.NoTTY:
		return strip(s) // what colorprofile.Writer does, without its copies
	}
	var b strings.Builder
	w := colorprofile.Writer{Forward: &b, Profile: p}
	_, _ = w.WriteString(s)
	return b.String()
}

// strip is ansi.Strip(s), done without ansi's state machine, a byte at a
// time, when s is printable ASCII, valid UTF-8 and SGR sequences only:
// the lines of a card printed without colour, whose styles are all SGR.
func strip(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		switch c := s[i]; {
		case c == ansi.ESC && i+1 < len(s) && s[i+1] == '[':
			end := termsafe.SGREnd(s, i+2)
			if end < 0 {
				return ansi.Strip(s)
			}
			i = end
		case c >= ' ' && c <= '~':
			j := i + 1
			for j < len(s) && s[j] >= ' ' && s[j] <= '~' {
				j++
			}
			b.WriteString(s[i:j])
			i = j
		case c >= utf8.RuneSelf:
			r, n := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && n == 1 {
				return ansi.Strip(s)
			}
			b.WriteString(s[i : i+n])
			i += n
		default:
			return ansi.Strip(s)
		}
	}
	return b.String()
}
