package acp_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/agents/acp"
	"github.com/cardtui/cardtui/cards"
)

// TestRecordedModeAndModel replays the recordings in which the composer
// switched the real agents' model and mode (/model, /mode): each switch
// the agent agreed to is a notice naming what it switched to, and the
// session's mode and model are then those; the same recording with the
// agent's answer turned into an error (as claude-agent-acp answers a
// mode it does not know) shows the error as a problem and switches
// nothing.
func TestRecordedModeAndModel(t *testing.T) {
	for _, tc := range []struct {
		dir, mode, model string
		notices          []string
	}{
		{"claude-agent-acp-0.23.1", "Plan Mode", "Haiku", []string{"Model: Haiku", "Mode: Plan Mode"}},
		{"codex-acp-0.16.0", "", "GPT-5.4-Mini", []string{"Model: GPT-5.4-Mini"}},
		{"gemini-0.61.0", "Plan", "gemini-2.5-pro", []string{"Model: gemini-2.5-pro", "Mode: Plan"}},
	} {
		t.Run(tc.dir, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("testdata", tc.dir, "session.jsonl"))
			require.NoError(t, err)
			tr := applyRecording(t, data)
			assert.Equal(t, tc.notices, settingNotices(tr.Entries()))
			assert.Equal(t, tc.mode, tr.Mode())
			assert.Equal(t, tc.model, tr.Model())

			refused := applyRecording(t, refuseSettings(t, data))
			assert.Empty(t, settingNotices(refused.Entries()), "a refused switch switches nothing")
			assert.NotEqual(t, tc.model, refused.Model())
			var problems []string
			for _, e := range refused.Entries() {
				if p, ok := e.(cards.Problem); ok {
					problems = append(problems, p.Reason)
				}
			}
			assert.Len(t, problems, len(tc.notices), "each refusal is a problem")
			for _, p := range problems {
				assert.Regexp(t, `^the agent answered session/set_(mode|model|config_option) with an error: Internal error`, p)
			}
		})
	}
}

// applyRecording applies every record of a recording to a new Traffic.
func applyRecording(t *testing.T, data []byte) *acp.Traffic {
	t.Helper()
	tr := acp.NewTraffic("session.jsonl")
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 16<<20)
	for n := 1; sc.Scan(); n++ {
		r, err := acp.DecodeRecord(sc.Bytes())
		require.NoError(t, err, "line %d", n)
		tr.Apply(r, sc.Bytes(), n)
	}
	require.NoError(t, sc.Err())
	return tr
}

// settingNotices are the notices of a mode or model switch.
func settingNotices(entries []cards.Entry) []string {
	var out []string
	for _, e := range entries {
		if n, ok := e.(cards.Notice); ok && (strings.HasPrefix(n.Text, "Mode: ") || strings.HasPrefix(n.Text, "Model: ")) {
			out = append(out, n.Text)
		}
	}
	return out
}

// refuseSettings is the recording with the agent's answers to
// session/set_mode, set_model and set_config_option turned into JSON-RPC
// errors, and the config_option_update notifications that went with
// them left out.
func refuseSettings(t *testing.T, data []byte) []byte {
	t.Helper()
	type line struct {
		From string `json:"from"`
		Msg  struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
			Result json.RawMessage `json:"result"`
			Params struct {
				Update struct {
					SessionUpdate string `json:"sessionUpdate"`
				} `json:"update"`
			} `json:"params"`
		} `json:"msg"`
	}
	asked := map[string]bool{}
	var out bytes.Buffer
	for l := range bytes.Lines(data) {
		var v line
		require.NoError(t, json.Unmarshal(l, &v))
		id := string(v.Msg.ID)
		switch {
		case v.From == "client" && (v.Msg.Method == "session/set_mode" || v.Msg.Method == "session/set_model" || v.Msg.Method == "session/set_config_option"):
			asked[id] = true
		case v.From == "agent" && v.Msg.Params.Update.SessionUpdate == "config_option_update" && len(asked) > 0:
			continue
		case v.From == "agent" && asked[id] && v.Msg.Result != nil:
			delete(asked, id)
			out.WriteString(`{"time":"2026-01-01T00:00:00Z","from":"agent","msg":{"jsonrpc":"2.0","id":` + id +
				`,"error":{"code":-32603,"message":"Internal error","data":{"details":"Invalid Mode"}}}}` + "\n")
			continue
		}
		out.Write(l)
	}
	return out.Bytes()
}
