package producers_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/producers"
)

func TestHarnessOutcome(t *testing.T) {
	cases := []struct {
		text, err string
		isError   bool
		want      cards.Outcome
	}{
		{"fine", ``, false, cards.OutcomeDone},
		{"Error: cannot read", `{"name":"FsError","code":"FS_NOT_FOUND"}`, true, cards.OutcomeFailed},
		{"Error: tool call aborted", `{"name":"AbortError","code":"ABORTED"}`, true, cards.OutcomeInterrupted},
		{`Error: the user rejected tool "bash"`, ``, true, cards.OutcomeRejected},
		{"Error: bash is disabled by policy in this session", ``, true, cards.OutcomeDenied},
		{"tool output rejected by codex policy: summarize instead", ``, true, cards.OutcomeDenied},
		{"nothing said", `{"name":"Oops"}`, false, cards.OutcomeFailed},
	}
	for _, c := range cases {
		content, _ := json.Marshal([]map[string]string{{"type": "text", "text": c.text}})
		r := producers.NewResult(content, c.isError, json.RawMessage(c.err), nil)
		assert.Equal(t, c.want, r.Outcome, c.text)
	}
}
