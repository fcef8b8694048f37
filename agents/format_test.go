package agents_test

import (
	"cmp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/agents"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
	"github.com/cardtui/cardtui/replay"
)

// TestParseFormat: the --input-format flag takes auto or the name of one
// of agents.Formats, in the table's order.
func TestParseFormat(t *testing.T) {
	assert.Equal(t, []string{"auto", "views", "harness", "headless", "codex", "codex-exec", "claude", "acp", "gemini", "opencode", "crush"}, agents.FormatNames())
	for _, name := range agents.FormatNames() {
		f, err := agents.ParseFormat(name)
		require.NoError(t, err)
		assert.Equal(t, name, f)
	}
	f, err := agents.ParseFormat("")
	require.NoError(t, err)
	assert.Equal(t, replay.Auto, f)

	_, err = agents.ParseFormat("cursor")
	assert.EqualError(t, err, `unknown input format "cursor": want one of auto, views, harness, headless, codex, codex-exec, claude, acp, gemini, opencode, crush`)
}

// TestDetect: which of the whole table's formats a first line is in, or
// why none is; replay's engine tests read the inputs that are no session
// with the formats of nodb, and these cases hold for the database
// formats too.
func TestDetect(t *testing.T) {
	cases := []struct {
		name, line string
		want       string
		err        string
	}{
		{"call", replaytest.CallLine, "views", ""},
		{"result", replaytest.ResultLine, "views", ""},
		{"message", replaytest.UserLine, "views", ""},
		{"bad view still detected", `{"type":"call","view":7}`, "views", ""},
		{"session header", `{"type":"session","version":0,"id":"s1","cwd":"/w"}`, "harness", ""},
		{"event of a log without its header", `{"type":"tool/call","data":{}}`, "harness", ""},
		{"packed row of a log without its header", `{"type":"text-chunks","data":{}}`, "harness", ""},
		{"headless event", `{"type":"session_event","sessionId":"s1","event":{"type":"turn/start"}}`, "headless", ""},
		{"slashes alone are no event type", `{"type":"/"}`, replay.Auto, "belongs to no known format"},
		{"not JSON", `call`, replay.Auto, "not a JSON object"},
		{"array", `[{"type":"call"}]`, replay.Auto, "not a JSON object"},
		{"null", `null`, replay.Auto, "not a JSON object"},
		{"no type", `{"id":"c1"}`, replay.Auto, `no "type" field`},
		{"type not a string", `{"type":1}`, replay.Auto, `"type" is not a string`},
		{"unknown type", `{"type":"summary"}`, replay.Auto, `type "summary" belongs to no known format (views: call, result, message; harness log: session or an event type such as tool/call; headless: session_event; codex: session_meta, response_item, event_msg, turn_context, compacted with a payload; codex-exec: thread.started, turn.*, item.*; claude: a line with a uuid or sessionId; opencode: opencode.session, opencode.message, or a part event of opencode run --format json; crush: crush.session, crush.message)`},
		{"claude user line", `{"parentUuid":null,"type":"user","uuid":"u1","message":{"role":"user","content":"hi"}}`, "claude", ""},
		{"claude summary", `{"type":"summary","summary":"Fix the build","leafUuid":"u9"}`, "claude", ""},
		{"claude snapshot", `{"type":"file-history-snapshot","messageId":"m1","snapshot":{}}`, "claude", ""},
		{"claude line of an unknown type", `{"type":"queue-operation","operation":"enqueue","sessionId":"s1"}`, "claude", ""},
		{"codex session meta", `{"timestamp":"2025-10-01T09:00:00Z","type":"session_meta","payload":{"id":"s1"}}`, "codex", ""},
		{"codex event", `{"timestamp":"2025-10-01T09:00:00Z","type":"event_msg","payload":{"type":"token_count"}}`, "codex", ""},
		{"acp recording start", `{"time":"2026-01-01T00:00:00Z","from":"cardtui","start":{"command":["a"],"dir":"/p"}}`, "acp", ""},
		{"acp recording message", `{"time":"2026-01-01T00:00:00Z","from":"agent","msg":{"jsonrpc":"2.0","id":1,"result":{}}}`, "acp", ""},
		{"a peer that is none of a recording's", `{"time":"2026-01-01T00:00:00Z","from":"someone","msg":{}}`, replay.Auto, `nor the time and peer of an ACP recording line`},
		{"codex exec --json", `{"type":"thread.started","thread_id":"t1"}`, "codex-exec", ""},
		{"codex exec --json item", `{"type":"item.completed","item":{"id":"i","type":"agent_message","text":"hi"}}`, "codex-exec", ""},
		{"codex type without a payload", `{"type":"response_item"}`, replay.Auto, `type "response_item" belongs to no known format`},
		{"a type no format of the table has", `{"type":"bogus"}`, replay.Auto, `type "bogus" belongs to no known format`},
		{"an object without a type", `{"a":1}`, replay.Auto, `no "type" field`},
		{"a line of text", `root:x:0:0:root:/root:/bin/bash`, replay.Auto, "not a JSON object"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := replay.Detect(agents.Formats, []byte(c.line))
			assert.Equal(t, c.want, cmp.Or(got.Name, replay.Auto))
			if c.err == "" {
				assert.NoError(t, err)
			} else {
				assert.ErrorContains(t, err, c.err)
			}
		})
	}
}
