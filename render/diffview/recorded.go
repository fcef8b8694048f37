package diffview

import (
	"github.com/cardtui/cardtui/cards"
)

// recordedPart is the diff of a FileDiff whose hunk its tool recorded
// (cards.FileDiff.Lines): one hunk holding exactly the recorded lines, in
// their order, numbered from the diff's starts when it knows them. A "\"
// line marks the line before it as the last of its side, without a
// newline. Nothing is folded: the tool chose the context it kept.
func recordedPart(d cards.FileDiff) part {
	h := Hunk{OldStart: d.OldStart, NewStart: d.NewStart}
	if d.IsNewFile() {
		h.OldStart, h.NewStart = 1, max(d.NewStart, 1)
	}
	p := part{}
	oi, ni := 0, 0 // the old and new lines taken
	for _, line := range d.Lines {
		kind, text := line[0], line[1:]
		if kind == '\\' {
			h.Lines[len(h.Lines)-1].NoEOL = true
			continue
		}
		l := Line{Text: text}
		switch kind {
		case '-':
			l.Kind, l.Old = LineRemoved, lineNumber(h.OldStart, oi)
			oi, p.removed = oi+1, p.removed+1
		case '+':
			l.Kind, l.New = LineAdded, lineNumber(h.NewStart, ni)
			ni, p.added = ni+1, p.added+1
		default:
			l.Kind, l.Old, l.New = LineContext, lineNumber(h.OldStart, oi), lineNumber(h.NewStart, ni)
			oi, ni = oi+1, ni+1
		}
		h.Lines = append(h.Lines, l)
	}
	p.hunks, p.oldLines = []Hunk{h}, oi
	return p
}
