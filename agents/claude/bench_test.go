package claude_test

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/cardtui/cardtui/internal/testkit/replaytest"
)

// claudeFixtureCopies repeats the Claude Code fixtures, in name order, with
// fresh uuids and tool ids in each copy, until the result holds about size
// bytes.
func claudeFixtureCopies(b *testing.B, size int) []byte {
	fixtures := claudeFixtures(b)
	names := make([]string, 0, len(fixtures))
	for name := range fixtures {
		names = append(names, name)
	}
	slices.Sort(names)
	var out bytes.Buffer
	for round := 0; out.Len() < size; round++ {
		fresh := strings.NewReplacer(`Uuid":"`, fmt.Sprintf(`Uuid":"r%d-`, round), `"uuid":"`, fmt.Sprintf(`"uuid":"r%d-`, round),
			`"toolu_`, fmt.Sprintf(`"r%d_toolu_`, round))
		for _, name := range names {
			out.WriteString(fresh.Replace(string(fixtures[name])))
		}
	}
	return out.Bytes()
}

// BenchmarkReplayClaudeCode20MB replays a 20 MB Claude Code transcript
// made of copies of the fixtures.
func BenchmarkReplayClaudeCode20MB(b *testing.B) {
	replaytest.BenchmarkLoad(b, agentsOptions, claudeFixtureCopies(b, 20<<20))
}
