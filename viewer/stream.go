package viewer

import (
	"strings"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/render"
)

// Streaming text into an entry: a harness that streams a message sends
// it again at the same index each time text is appended (an Update with
// the message as it is now). The viewer notices that the new text starts
// with the old one and draws only what changed: the paragraphs that were
// complete when it last drew the message keep their lines, and only the
// paragraph still being written is laid out again — so a chunk costs the
// same at the end of a long reply as at its start, instead of a Markdown
// rendering of the whole reply per chunk. Once the message is complete
// (a text that does not continue the last one, or new options) it is
// drawn whole again, exactly as any entry.

// maxStreams is how many streamed messages keep their drawn paragraphs;
// a harness streams one or two at a time.
const maxStreams = 4

// stream is what the viewer kept of a streamed message's last drawing:
// its text up to the end of its last complete paragraph, and the lines
// that prefix was drawn as, with the options.
type stream struct {
	index  int
	role   cards.Role
	opts   render.Options
	prefix string
	lines  []string
}

// streams are the streamed messages the viewer keeps, the last drawn
// first.
type streams []*stream

// draw draws entry i, from the lines kept of its complete paragraphs when
// it is a message that continues the text drawn last.
func (ss *streams) draw(i int, e cards.Entry, o render.Options) render.Drawing {
	m, ok := e.(cards.Message)
	if !ok || !streamable(m, o) {
		return render.Draw(e, o).Finish()
	}
	s := ss.find(i, m, o)
	if s == nil {
		s = &stream{index: i, role: m.Role, opts: o}
		ss.keep(s)
	}
	tail := m.Text[len(s.prefix):]
	if cut := paragraphEnd(tail); cut > 0 {
		s.lines = appendParagraphs(s.lines, m.Role, tail[:cut], o)
		s.prefix += tail[:cut]
		tail = tail[cut:]
	}
	return render.DrawLines(appendParagraphs(s.lines[:len(s.lines):len(s.lines)], m.Role, tail, o), o).Finish()
}

// streamable reports whether a message can be drawn a paragraph at a
// time: assistant text, short enough to be drawn whole (a longer
// collapsed message shows only its start, with the count of lines it
// hides).
func streamable(m cards.Message, o render.Options) bool {
	return (m.Role == cards.RoleAssistant || m.Role == "") && (o.Expanded || len(m.Text) < foldBytes && strings.Count(m.Text, "\n") < foldLines)
}

// The size up to which a collapsed message is drawn whole (render's fold).
const (
	foldBytes = 32 << 10
	foldLines = 200
)

// find returns the stream of entry i when m continues its text with the
// same options, and forgets one that m does not continue.
func (ss *streams) find(i int, m cards.Message, o render.Options) *stream {
	for k, s := range *ss {
		if s.index != i {
			continue
		}
		if s.role == m.Role && s.opts == o && strings.HasPrefix(m.Text, s.prefix) {
			return s
		}
		*ss = append((*ss)[:k], (*ss)[k+1:]...)
		return nil
	}
	return nil
}

// keep adds a stream, forgetting the oldest beyond maxStreams.
func (ss *streams) keep(s *stream) {
	*ss = append(streams{s}, *ss...)
	if len(*ss) > maxStreams {
		*ss = (*ss)[:maxStreams]
	}
}

// appendParagraphs appends the lines of text drawn as the body of a
// message (without the label above it), after a blank line when lines
// has some.
func appendParagraphs(lines []string, role cards.Role, text string, o render.Options) []string {
	if strings.TrimSpace(text) == "" {
		if len(lines) == 0 {
			return render.Draw(cards.Message{Role: role}, o).Lines()
		}
		return lines
	}
	drawn := render.Draw(cards.Message{Role: role, Text: text}, o).Lines()
	if len(lines) == 0 {
		return append(lines, drawn...)
	}
	return append(append(lines, ""), drawn[1:]...)
}

// paragraphEnd is the length of the complete paragraphs at the start of
// text: up to its last blank line outside a fenced code block, 0 when it
// has none.
func paragraphEnd(text string) int {
	end, fenced, at := 0, false, 0
	for line := range strings.Lines(text) {
		trimmed := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~"):
			fenced = !fenced
		case trimmed == "" && !fenced && at > 0 && strings.HasSuffix(line, "\n"):
			end = at + len(line)
		}
		at += len(line)
	}
	return end
}
