package cards

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// objectSeeds are valid JSON values, objects or not, with the keys and
// values the scanner must get right.
var objectSeeds = []string{
	`{}`,
	` { } `,
	`{"a":1}`,
	`{"a" : "x\"y\\", "b":[1,{"c":"]}"}], "c":{"d":[]},"e":null,"f":true,"g":-1.5e3}`,
	`{"a\u0062":1,"ab":2}`,
	`{"é":"\u00e9","\u2028":"<&>"}`,
	`{"a":1,"a":2}`,
	`{"a":{"a":1},"b":{"a":2}}`,
	`{"k0":0,"k1":1,"k2":2,"k3":3,"k4":4,"k5":5,"k6":6,"k7":7,"k8":8,"k9":9,"k10":10,"k11":11,"k12":12,"k13":13,"k14":14,"k15":15,"k3":16}`,
	"{\"a\":\"\xff\",\"\xff\":1,\"\xfe\":2}",
	`[1,2]`,
	`"str"`,
	`12`,
	`null`,
}

// TestSplitObjectIsDecodeObject checks the seeds; the fuzz test below
// checks any input.
func TestSplitObjectIsDecodeObject(t *testing.T) {
	for _, s := range objectSeeds {
		requireSameSplit(t, []byte(s))
	}
}

// FuzzSplitObjectIsDecodeObject: on valid JSON, the byte scanner splits an
// object exactly as encoding/json's decoder does, error for error.
func FuzzSplitObjectIsDecodeObject(f *testing.F) {
	for _, s := range objectSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if !json.Valid(data) {
			return
		}
		requireSameSplit(t, data)
	})
}

func requireSameSplit(t *testing.T, data []byte) {
	t.Helper()
	want, wantErr := decodeObject(data, "x")
	got, err := splitObject(data, "x")
	if err == nil {
		err = duplicate(got, "x")
	}
	if wantErr != nil || err != nil {
		require.Equal(t, errText(wantErr), errText(err), "%q", data)
		return
	}
	require.Equal(t, len(want), len(got), "%q", data)
	for i := range want {
		require.Equal(t, string(want[i].name), string(got[i].name), "%q", data)
		require.Equal(t, string(want[i].raw), string(got[i].raw), "%q", data)
	}
	for _, f := range got {
		requireQuickString(t, f.raw)
	}
}

// requireQuickString checks quickString against encoding/json on a value
// of valid JSON.
func requireQuickString(t *testing.T, raw []byte) {
	t.Helper()
	s, ok := quickString(raw)
	var decoded string
	err := json.Unmarshal(raw, &decoded)
	if !ok {
		// Only strings with escapes strconv reads otherwise, and values
		// that are not a bare string, are left.
		bare := raw[0] == '"' && raw[len(raw)-1] == '"'
		require.True(t, !bare || strings.Contains(string(raw), `\`), "%q", raw)
		return
	}
	require.NoError(t, err, "%q", raw)
	require.Equal(t, decoded, s, "%q", raw)
}

// stringSeeds are JSON strings with every kind of escape.
var stringSeeds = []string{
	`""`, `"plain"`, `"é😀"`, `"a\nb\tc\"d\\e"`, `"\u00e9\u0000\u001f"`, `"\ud83d\ude00"`,
	`"\ud83d"`, `"\/"`, `"\\/"`, `"\b\f\r"`, "\"\xff\\n\"", "\"\x7f\"", `"\u2028"`, `12`, `null`,
}

func FuzzQuickString(f *testing.F) {
	for _, s := range stringSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if !json.Valid(data) {
			return
		}
		requireQuickString(t, data)
	})
}

func TestQuickString(t *testing.T) {
	for _, s := range stringSeeds {
		require.True(t, json.Valid([]byte(s)), s)
		requireQuickString(t, []byte(s))
	}
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
