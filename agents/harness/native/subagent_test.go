package native_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/producertest"
)

func TestSubagentCalls(t *testing.T) {
	prompt := func(s string) []cards.ContentBlock {
		return []cards.ContentBlock{cards.TextBlock{Text: s}}
	}
	cases := []struct {
		tool, args string
		want       cards.CallView
	}{
		{
			"subagent", `{"description":"Check direct child","prompt":"Reply with\n  DIRECT_CHILD_OK","run_in_background":false}`,
			cards.GenericCall{Title: "Subagent · Check direct child", Kind: cards.KindThink, Content: prompt("Reply with\n  DIRECT_CHILD_OK")},
		},
		{
			"subagent_codex", `{"description":"Review","prompt":"p","run_in_background":true}`,
			cards.GenericCall{Title: "Subagent · Review (in background)", Kind: cards.KindThink, Content: prompt("p")},
		},
		{
			"subagent_fork", `{"prompt":"What is the codeword?"}`,
			cards.GenericCall{Title: "Subagent", Kind: cards.KindThink, Content: prompt("What is the codeword?")},
		},
		{
			"send_message", `{"subagent_id":"3333","message":"Now reply SECOND_OK."}`,
			cards.GenericCall{Title: "Message subagent 3333", Kind: cards.KindThink, Content: prompt("Now reply SECOND_OK.")},
		},
		{"list_agents", `{}`, cards.GenericCall{Title: "List subagents", Kind: cards.KindRead}},
		{"report", `{"output":"**done**"}`, cards.GenericCall{
			Title: "Report to the parent agent", Kind: cards.KindOther,
			Content: []cards.ContentBlock{cards.TextBlock{Text: "**done**"}},
		}},
	}
	for _, c := range cases {
		t.Run(c.tool+" "+c.args, func(t *testing.T) {
			require.Equal(t, c.want, call(t, c.tool, c.args))
		})
	}
}

func TestSubagentRejectsBadArguments(t *testing.T) {
	producertest.RequireFallbackNote(t, call(t, "subagent", `{"description":"x"}`), `missing field "prompt"`)
	producertest.RequireFallbackNote(t, call(t, "send_message", `{"message":"x"}`), `missing field "subagent_id"`)
	producertest.RequireFallbackNote(t, call(t, "subagent", `{"prompt":"x","run_in_background":"yes"}`), `field "run_in_background"`)
}

func TestSubagentResults(t *testing.T) {
	reply := textResult("## Found\n\n- a.go")
	require.Equal(t, cards.GenericResult{Content: reply.Content}, result(t, "subagent", `{"prompt":"p"}`, reply), "the answer is Markdown")
	require.Equal(t, cards.GenericResult{Content: []cards.ContentBlock{cards.TextBlock{Text: "[{\"id\":\"a\"}]", Lang: "json"}}},
		result(t, "list_agents", `{}`, textResult(`[{"id":"a"}]`)))
	require.Equal(t, cards.GenericResult{Content: []cards.ContentBlock{cards.TextBlock{Text: "child-1  running"}}},
		result(t, "list_agents", `{}`, textResult("child-1  running")))
}
