package acp_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/cardtui/cardtui/agents"
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
	tr := replaytest.Load(t, agents.Options(replay.Auto), rec(prompt, req))
	assert.Empty(t, replaytest.Problems(tr))
	out := replaytest.RenderPlain(tr, 100)
	for _, internal := range []string{"Proposed Amendment", "Available Decisions", "ApprovedExecpolicyAmendment"} {
		assert.NotContains(t, out, internal)
	}
	assert.Contains(t, out, "Reason: run the test")
	assert.Contains(t, out, "python3 -c 'import calc'")
	assert.Contains(t, out, "Yes, proceed")
}
