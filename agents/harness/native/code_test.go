package native_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/producertest"
)

func TestRunCodeAndWorkflowCalls(t *testing.T) {
	cases := []struct {
		name, tool, args string
		want             cards.CallView
	}{
		{
			"run_code titled by its description", "run_code",
			`{"code":"const a = await tools.glob({ pattern: '*.go' })\nreturn a && 1","description":"Count the Go files"}`,
			cards.GenericCall{
				Title: "Count the Go files", Kind: cards.KindExecute,
				Content: []cards.ContentBlock{cards.TextBlock{Text: "const a = await tools.glob({ pattern: '*.go' })\nreturn a && 1", Lang: "typescript"}},
			},
		},
		{
			"run_code without a description", "run_code", `{"code":"return 1"}`,
			cards.GenericCall{Title: "Run code", Kind: cards.KindExecute, Content: []cards.ContentBlock{cards.TextBlock{Text: "return 1", Lang: "typescript"}}},
		},
		{
			"workflow titled by its name", "workflow",
			`{"meta":{"name":"snapshot-flow","description":"one child"},"script":"phase('Run')\nreturn 1"}`,
			cards.GenericCall{Title: "workflow: snapshot-flow", Content: []cards.ContentBlock{
				cards.TextBlock{Text: "one child"}, cards.TextBlock{Text: "phase('Run')\nreturn 1", Lang: "javascript"},
			}},
		},
		{
			"workflow without meta", "workflow", `{"script":"return 1"}`,
			cards.GenericCall{Title: "workflow", Content: []cards.ContentBlock{cards.TextBlock{Text: "return 1", Lang: "javascript"}}},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			require.Equal(t, c.want, call(t, c.tool, c.args))
		})
	}
}

func TestRunCodeRejectsBadArguments(t *testing.T) {
	producertest.RequireFallbackNote(t, call(t, "run_code", `{"description":"x"}`), `missing field "code"`)
	producertest.RequireFallbackNote(t, call(t, "workflow", `{"meta":{}}`), `missing field "script"`)
	producertest.RequireFallbackNote(t, call(t, "run_code", `{"code":7}`), `field "code"`)
}

func TestProgramResults(t *testing.T) {
	require.Equal(t, cards.GenericResult{Content: []cards.ContentBlock{cards.TextBlock{Text: "{\n  \"files\": 3\n}", Lang: "json"}}},
		result(t, "run_code", `{"code":"1"}`, textResult("{\n  \"files\": 3\n}")), "a returned object is JSON")
	require.Equal(t, cards.GenericResult{Content: []cards.ContentBlock{cards.TextBlock{Text: "log line\n{}"}}},
		result(t, "run_code", `{"code":"1"}`, textResult("log line\n{}")), "logs then a value is text")
	require.Equal(t, cards.GenericResult{Content: []cards.ContentBlock{
		cards.TextBlock{Text: "code run failed (exception): x"},
		cards.TextBlock{Text: "Tool error: CodeRunFailedError"},
	}},
		result(t, "workflow", `{"script":"1"}`, failed("code run failed (exception): x", "CodeRunFailedError")))
}
