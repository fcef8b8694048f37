package replay

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"
)

// argumentSeeds are arguments as logs write them: JSON in a JSON string,
// with every kind of escape, and other JSON values.
var argumentSeeds = []string{
	`"{\"command\":\"ls -la\",\"description\":\"List\"}"`,
	`"{\"path\":\"a\\\\b\",\"text\":\"é\\u00e9\\ud83d\\ude00\\n\\t\"}"`,
	`"\/"`, `"\ud83d"`, `""`, `{"a":1}`, `[1]`, `null`, `12`, "\"\xff\"",
}

// FuzzToolArguments: the quick unquoting gives what encoding/json gives.
func FuzzToolArguments(f *testing.F) {
	for _, s := range argumentSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		if !json.Valid(raw) {
			return
		}
		want := []byte(raw)
		var s string
		if json.Unmarshal(raw, &s) == nil {
			want = []byte(s)
		}
		require.Equal(t, string(want), string(ToolArguments(raw)), "%q", raw)
	})
}
