package viewer

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cardtui/cardtui/cards"
)

// BenchmarkStreamedChunk draws a message streamed a few words at a time,
// with a paragraph every 80 chunks: one op is one chunk drawn.
func BenchmarkStreamedChunk(b *testing.B) {
	o := streamOpts()
	o.Width = 118
	var ss streams
	var text strings.Builder
	for i := range b.N {
		if i%80 == 79 {
			text.WriteString("the end of a paragraph.\n\n")
		} else {
			fmt.Fprintf(&text, "and word %d ", i)
		}
		ss.draw(0, cards.Message{Role: cards.RoleAssistant, Text: text.String()}, o)
	}
}

// BenchmarkStreamedCodeBlock draws a reply that streams a fenced code
// block, a line per chunk: one op is one chunk drawn. Run it for fewer
// than 200 ops: beyond 200 lines a collapsed message is drawn folded,
// whole each time (render's fold).
func BenchmarkStreamedCodeBlock(b *testing.B) {
	o := streamOpts()
	o.Width = 118
	var ss streams
	var text strings.Builder
	text.WriteString("Here is the file:\n\n```go\n")
	for i := range b.N {
		fmt.Fprintf(&text, "\tx%d := compute(%d, \"value\") // step %d\n", i, i, i)
		ss.draw(0, cards.Message{Role: cards.RoleAssistant, Text: text.String()}, o)
	}
}
