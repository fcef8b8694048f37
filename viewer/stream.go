package viewer

import (
	"slices"
	"strings"
	"sync"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/render"
)

// Streaming text into an entry: a harness that streams a message sends
// it again at the same index each time text is appended (a cards.Change with
// the message as it is now). The viewer notices that the new text starts
// with the old one and draws only what changed: the paragraphs that were
// complete when it last drew the message keep their lines, and only the
// paragraph still being written is laid out again — so a chunk costs the
// same at the end of a long reply as at its start, instead of a Markdown
// rendering of the whole reply per chunk. A code block being written is
// cut the same way, before its last complete line. The message is drawn
// whole again, exactly as any entry, when it is sent once more unchanged
// (what a harness does when the message is complete), when its text no
// longer continues the one drawn, or for new options.

// maxStreams is how many streamed messages keep their drawn paragraphs;
// a harness streams one or two at a time.
const maxStreams = 4

// stream is what the viewer kept of a streamed message's last drawing:
// its text up to the end of its last complete paragraph (or code line),
// and the lines that prefix was drawn as, with the options. fence is the
// opening fence of the code block the prefix ends in, "" outside one.
type stream struct {
	index  int
	role   cards.Role
	opts   render.Options
	prefix string
	fence  string
	lines  []string
	// text is the whole text drawn last.
	text string
}

// streams are the streamed messages the viewer keeps, the last drawn
// first. Copies of a Model share them like the render cache: a kept
// stream is used only for a text that continues its own, so what it
// draws depends on the entry alone; the lock makes copies on other
// goroutines safe.
type streams struct {
	mu   sync.Mutex
	kept []*stream
}

// draw draws entry i, from the lines kept of its complete paragraphs when
// it is a message that continues the text drawn last.
// Other entries are drawn without the lock, so that a long drawing in the
// background does not hold up the others.
func (ss *streams) draw(i int, e cards.Entry, o render.Options) render.Drawing {
	m, ok := e.(cards.Message)
	if !ok || !streamable(m, o) {
		return render.Draw(e, o).Finish()
	}
	ss.mu.Lock()
	defer ss.mu.Unlock()
	s := ss.find(i, m, o)
	switch {
	case s != nil && s.text == m.Text: // sent again unchanged: complete, drawn whole
		ss.forget(s)
		return render.Draw(e, o).Finish()
	case s == nil:
		s = &stream{index: i, role: m.Role, opts: o}
		ss.keep(s)
	}
	s.text = m.Text
	tail := m.Text[len(s.prefix):]
	if cut, fence := cutPoint(tail, s.fence); cut > 0 {
		s.lines = appendPart(s.lines, m.Role, s.fence, tail[:cut], o)
		if n := len(s.lines); fence != "" && n > 1 && s.lines[n-1] == "" {
			s.lines = s.lines[:n-1] // cut inside a code block: its last line break starts the next line, not an empty one
		}
		s.prefix, s.fence = s.prefix+tail[:cut], fence
		tail = tail[cut:]
	}
	return render.DrawLines(appendPart(s.lines[:len(s.lines):len(s.lines)], m.Role, s.fence, tail, o), o).Finish()
}

// streamable reports whether a message can be drawn a paragraph at a
// time: assistant text, short enough to be drawn whole (a longer
// collapsed message shows only its start, with the count of lines it
// hides), and not of a rolled-back turn, which is complete and drawn
// under its label.
func streamable(m cards.Message, o render.Options) bool {
	return (m.Role == cards.RoleAssistant || m.Role == "") && !m.RolledBack && (o.Expanded || len(m.Text) < foldBytes && strings.Count(m.Text, "\n") < foldLines)
}

// The size up to which a collapsed message is drawn whole (render's fold).
const (
	foldBytes = 32 << 10
	foldLines = 200
)

// find returns the stream of entry i when m continues its text with the
// same options, and forgets one that m does not continue.
func (ss *streams) find(i int, m cards.Message, o render.Options) *stream {
	for k, s := range ss.kept {
		if s.index != i {
			continue
		}
		if s.role == m.Role && s.opts == o && strings.HasPrefix(m.Text, s.prefix) {
			return s
		}
		ss.kept = slices.Delete(ss.kept, k, k+1)
		return nil
	}
	return nil
}

// forget drops a stream.
func (ss *streams) forget(s *stream) {
	ss.kept = slices.DeleteFunc(ss.kept, func(t *stream) bool { return t == s })
}

// keep adds a stream, forgetting the oldest beyond maxStreams.
func (ss *streams) keep(s *stream) {
	ss.kept = append([]*stream{s}, ss.kept...)
	if len(ss.kept) > maxStreams {
		ss.kept = ss.kept[:maxStreams]
	}
}

// appendPart appends the lines of a part of a message's text drawn as the
// body of the message (without the label above it). A part that goes on
// with a code block (fence is its opening fence) is drawn with the fence
// before it and joins the lines above it directly; any other comes after
// a blank line when there are lines above.
func appendPart(lines []string, role cards.Role, fence, text string, o render.Options) []string {
	if fence == "" && strings.TrimSpace(text) == "" {
		if len(lines) == 0 {
			return render.Draw(cards.Message{Role: role}, o).Lines()
		}
		return lines
	}
	source := text
	if fence != "" {
		source = fence + "\n" + text
	}
	drawn := render.Draw(cards.Message{Role: role, Text: source}, o).Lines()
	switch {
	case len(lines) == 0:
		return append(lines, drawn...)
	case fence == "":
		lines = append(lines, "")
	}
	return append(lines, drawn[1:]...)
}

// cutPoint is where the complete parts at the start of text end, 0 when
// there is none, and the fence of the code block open there: after the
// last blank line outside a code block, or before the last complete line
// of code inside one (never before a closing fence, so that a part drawn
// on its own does not start by closing a block). fence is the opening
// fence of the code block text starts in, "" outside one.
func cutPoint(text, fence string) (int, string) {
	cut, cutFence, at := 0, "", 0
	for line := range strings.Lines(text) {
		if !strings.HasSuffix(line, "\n") {
			break // the line being written
		}
		marker := fenceMarker(line)
		switch {
		case fence == "" && marker != "":
			fence = strings.TrimSpace(line)
		case fence != "" && marker != "" && strings.HasPrefix(strings.TrimSpace(fence), marker[:1]) && strings.TrimSpace(line) == strings.Repeat(marker[:1], len(strings.TrimSpace(line))):
			fence = ""
		case fence != "" && at > 0:
			cut, cutFence = at, fence // before this line of code
		case fence == "" && strings.TrimSpace(line) == "" && at > 0:
			cut, cutFence = at+len(line), ""
		}
		at += len(line)
	}
	return cut, cutFence
}

// fenceMarker is the fence a line opens or closes a code block with
// (``` or ~~~, indented by at most three spaces), "" for another line.
func fenceMarker(line string) string {
	lead := strings.TrimLeft(line, " ")
	if len(line)-len(lead) > 3 {
		return ""
	}
	for _, f := range []string{"```", "~~~"} {
		if strings.HasPrefix(lead, f) {
			return f
		}
	}
	return ""
}
