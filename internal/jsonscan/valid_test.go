package jsonscan

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/internal/demo"
)

// jsonSeeds are inputs json.Valid accepts and rejects for all sorts of
// reasons.
var jsonSeeds = []string{
	`{}`, `[]`, ` {"a" : [1, -2.5e+3, 0, true, false, null, "x\"\\\/\b\f\n\r\t\u00e9"]} `, `"\ud83d"`,
	"\"\xff\"", `{"a":1,}`, `[1,]`, `{"a" 1}`, `{1:2}`, `01`, `-`, `1.`, `1e`, `.5`, `+1`, `tru`, `nul`,
	`"\x"`, `"\u12g4"`, "\"a\tb\"", `"abc`, `[1 2]`, `{"a":1}{}`, ``, `   `, `[[[[]]]]`, `{"a":{"b":[{}]}}`,
	strings.Repeat("[", MaxDepth) + strings.Repeat("]", MaxDepth),
	strings.Repeat("[", MaxDepth+1) + strings.Repeat("]", MaxDepth+1),
	strings.Repeat(`{"a":`, MaxDepth) + "1" + strings.Repeat("}", MaxDepth),
	strings.Repeat(`{"a":`, MaxDepth+1) + "1" + strings.Repeat("}", MaxDepth+1),
}

// TestValidJSON: Valid says what json.Valid says on the seeds.
func TestValidJSON(t *testing.T) {
	for _, s := range jsonSeeds {
		require.Equal(t, json.Valid([]byte(s)), Valid([]byte(s)), "%.80q", s)
	}
}

// FuzzValidJSON: Valid says what json.Valid says.
func FuzzValidJSON(f *testing.F) {
	for _, s := range jsonSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		require.Equal(t, json.Valid(data), Valid(data), "%q", data)
	})
}

// BenchmarkValidJSON compares Valid with json.Valid on the demo's
// lines.
func BenchmarkValidJSON(b *testing.B) {
	demo, err := demo.Session, error(nil)
	require.NoError(b, err)
	lines := bytes.Split(bytes.TrimSpace(demo), []byte("\n"))
	for name, valid := range map[string]func([]byte) bool{"Valid": Valid, "json.Valid": json.Valid} {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(demo)))
			for b.Loop() {
				for _, l := range lines {
					if !valid(l) {
						b.Fatal("invalid")
					}
				}
			}
		})
	}
}
