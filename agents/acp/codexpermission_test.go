package acp_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/cardtui/cardtui/agents/nodb"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
	"github.com/cardtui/cardtui/replay"
)

// TestCodexPermissionText: codex-acp's permission request for a call it
// announced no tool_call for carries Codex's internal fields as text
// ("Proposed Amendment: …", "Available Decisions: …"); the card shows
// what Codex's own approval shows — the command and the options — and
// keeps a reason it gives.
func TestCodexPermissionText(t *testing.T) {
	call := `{"toolCallId":"call_20","kind":"execute","status":"pending","title":"python3 -c 'import calc'",` +
		`"content":[{"type":"content","content":{"type":"text","text":"Reason: run the test\nProposed Amendment: python3\n-c\nimport calc\nAvailable Decisions: Approved\nApprovedExecpolicyAmendment\nAbort"}}],` +
		`"rawInput":{"call_id":"call_20","proposed_execpolicy_amendment":["python3","-c","import calc"],"available_decisions":["approved","abort"]}}`
	req := fmt.Sprintf(`agent {"jsonrpc":"2.0","id":7,"method":"session/request_permission","params":{"sessionId":"s","toolCall":%s,`+
		`"options":[{"optionId":"approved","name":"Yes, proceed","kind":"allow_once"},{"optionId":"abort","name":"No, and tell Codex what to do differently","kind":"reject_once"}]}}`, call)
	tr := replaytest.Load(t, nodb.Options(replay.Auto), rec(prompt, req))
	assert.Empty(t, replaytest.Problems(tr))
	out := replaytest.RenderPlain(tr, 100)
	for _, internal := range []string{"Proposed Amendment", "Available Decisions", "ApprovedExecpolicyAmendment"} {
		assert.NotContains(t, out, internal)
	}
	assert.Contains(t, out, "Reason: run the test")
	assert.Contains(t, out, "python3 -c 'import calc'")
	assert.Contains(t, out, "Yes, proceed")
}

// TestCodexFailedRead: a read codex-acp ran as a command and that failed
// shows the command, the file it read and, as the result, the error — the
// text content codex-acp sends with the failure — and not the file's
// path again alone on the card's last line.
func TestCodexFailedRead(t *testing.T) {
	input := `"rawInput":{"call_id":"call_r1","command":["/bin/bash","-lc","sed -n '1,40p' missing.py"],"cwd":"/p",` +
		`"parsed_cmd":[{"type":"read","cmd":"sed -n '1,40p' missing.py","name":"missing.py","path":"missing.py"}]}`
	failure := "sed: can't read missing.py: No such file or directory\n"
	for name, output := range map[string]string{
		"with its raw output": `,"rawOutput":{"call_id":"call_r1","stdout":"","stderr":` + fmt.Sprintf("%q", failure) +
			`,"aggregated_output":` + fmt.Sprintf("%q", failure) + `,"exit_code":2,"formatted_output":` + fmt.Sprintf("%q", failure) + `}`,
		"text content alone": "",
	} {
		t.Run(name, func(t *testing.T) {
			tr := replaytest.Load(t, nodb.Options(replay.Auto), rec(prompt,
				update(`{"sessionUpdate":"tool_call","toolCallId":"call_r1","title":"Read missing.py","kind":"read","status":"in_progress",`+
					`"locations":[{"path":"/p/missing.py"}],`+input+`}`),
				update(`{"sessionUpdate":"tool_call_update","toolCallId":"call_r1","status":"failed"`+output+
					`,"content":[{"type":"content","content":{"type":"text","text":`+fmt.Sprintf("%q", failure)+`}}]}`)))
			assert.Empty(t, replaytest.Problems(tr))
			lines := strings.Split(strings.TrimSpace(replaytest.RenderPlain(tr, 100)), "\n")
			last := lines[len(lines)-2] // above the bottom border
			assert.Contains(t, last, "No such file or directory")
			assert.Equal(t, 1, strings.Count(strings.Join(lines, "\n"), "missing.py: No such file"), "the error once")
		})
	}
}
