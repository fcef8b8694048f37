package codex

import (
	"bytes"
	"slices"

	"github.com/cardtui/cardtui/internal/jsonscan"
	"github.com/cardtui/cardtui/replay"
)

// unshownPeek is how far into a line its type is looked for: Codex
// writes it after the timestamp (and an ordinal), before the payload.
const unshownPeek = 160

// skipUnshown applies a line of a type the decoder does not show (a
// token_usage_record, a world_state) as decode would, without decoding
// its payload: counted skipped, its time a fact of the turn. It reports
// false, having done nothing, for a line of any other type and for one
// encoding/json might read otherwise (not valid JSON, a key that is not
// plain or matches type or timestamp but for case, either twice or not a
// string), which decode then reads.
func (d *codexRollout) skipUnshown(t *replay.Transcript, l replay.Line) bool {
	if !unshownType(peekType(l.Data)) || !jsonscan.Valid(l.Data) {
		return false
	}
	var typ, timestamp string
	c := jsonscan.NewCursor(l.Data)
	ok := c.Fields([]string{"type", "timestamp"}, func(i int) bool {
		if i == 0 {
			return c.Str(&typ)
		}
		return c.Str(&timestamp)
	})
	if !ok || !unshownType(typ) {
		return false
	}
	replay.ApplyLine(t, l, func(t *replay.Transcript, _ []byte) error {
		defer d.facts.observe(t, typ, timestamp, nil, len(t.Entries))
		t.AddSkipped(typ)
		return nil
	})
	return true
}

// peekType is the type a line's start says, "" when it says none.
func peekType(data []byte) string {
	head := data[:min(len(data), unshownPeek)]
	const key = `"type":"`
	at := bytes.Index(head, []byte(key))
	if at < 0 {
		return ""
	}
	rest := head[at+len(key):]
	end := bytes.IndexByte(rest, '"')
	if end < 0 {
		return ""
	}
	return string(rest[:end])
}

// unshownType reports whether a line of type typ shows nothing.
func unshownType(typ string) bool {
	return typ != "" && !slices.Contains(codexLineTypes, typ)
}
