package codex_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
)

// TestUnshownLinesAsDecoded: a line of a type the decoder does not show
// is applied without decoding its payload, as decoding it whole applies
// it (a space after the type's colon makes the decoder read it whole):
// the same skips, problems, events and turn facts, for plain lines and
// for those encoding/json reads its own way.
func TestUnshownLinesAsDecoded(t *testing.T) {
	head := `{"timestamp":"2026-03-26T20:03:41.502Z","type":"session_meta","payload":{"id":"s","cwd":"/p"}}
{"timestamp":"2026-03-26T20:03:42.000Z","type":"event_msg","payload":{"type":"user_message","message":"hi"}}
`
	unshown := []string{
		`{"timestamp":"2026-03-26T20:03:43.000Z","ordinal":4,"type":"world_state","payload":{"full":true,"state":{"a":[1,{"type":"x"}]}}}`,
		`{"timestamp":"2026-03-26T20:03:44.000Z","type":"token_usage_record","payload":[1,2]}`,
		`{"type":"world_state","payload":{}}`,
		`{"timestamp":null,"type":"world_state","payload":{}}`,
		`{"timestamp":"2026-03-26T20:03:45.000Z","type":"world_state","Type":"event_msg","payload":{}}`,
		`{"timestamp":"2026-03-26T20:03:45.000Z","type":"world_state","type":"turn_context","payload":{}}`,
		`{"timestamp":"2026-03-26T20:03:45.000Z","type":"world_state","payload":{"x":tru}}`,
		`{"timestamp":5,"type":"world_state","payload":{}}`,
		`{"timestamp":"2026-03-26T20:03:46.000Z","type":"w\u006frld_state","payload":{}}`,
		`{"timestamp":"2026-03-26T20:03:47.000Z","type":"world_state","payload":{}`,
	}
	for _, line := range unshown {
		t.Run(line, func(t *testing.T) {
			whole := strings.Replace(line, `"type":"`, `"type": "`, 1)
			assert.NotEqual(t, line, whole, "the whole-decoding twin must differ")
			fast := replaytest.LoadBytes(t, agentsOptions, []byte(head+line+"\n"))
			slow := replaytest.LoadBytes(t, agentsOptions, []byte(head+whole+"\n"))
			for i, e := range slow.Entries {
				if p, ok := e.(cards.Problem); ok {
					p.Excerpt = strings.Replace(p.Excerpt, whole, line, 1)
					slow.Entries[i] = p
				}
			}
			assert.Equal(t, slow.Stats, fast.Stats)
			assert.Equal(t, slow.Entries, fast.Entries)
		})
	}
}
