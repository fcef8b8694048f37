package native_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/producertest"
)

func TestLSPSkillAndSessionCalls(t *testing.T) {
	cases := []struct {
		tool, args string
		want       cards.CallView
	}{
		{
			"lsp", `{"operation":"goToDefinition","file_path":"subject.ts","line":1,"character":7}`,
			cards.GenericCall{Title: "LSP goToDefinition subject.ts:1:7", Kind: cards.KindSearch, Locations: []cards.FileLocation{{Path: "subject.ts", Line: 1}}},
		},
		{"lsp", `{"operation":"workspaceSymbol"}`, cards.GenericCall{Title: "LSP workspaceSymbol", Kind: cards.KindSearch}},
		{"skill", `{"name":"editing-cordis-compositions"}`, cards.GenericCall{Title: "Load skill editing-cordis-compositions", Kind: cards.KindRead}},
		{"session_event_read", `{"seq":5}`, cards.GenericCall{Title: "Read session event 5", Kind: cards.KindRead}},
	}
	for _, c := range cases {
		t.Run(c.tool+" "+c.args, func(t *testing.T) {
			require.Equal(t, c.want, call(t, c.tool, c.args))
		})
	}
	producertest.RequireFallbackNote(t, call(t, "lsp", `{"file_path":"a.ts"}`), `missing field "operation"`)
	producertest.RequireFallbackNote(t, call(t, "skill", `{"name":""}`), `field "name" is empty`)
	producertest.RequireFallbackNote(t, call(t, "session_event_read", `{}`), `missing field "seq"`)
}

func TestSkillResultIsItsSource(t *testing.T) {
	require.Equal(t, cards.GenericResult{Content: []cards.ContentBlock{cards.TextBlock{Text: "---\nname: x\n---\n# X", Lang: "markdown"}}},
		result(t, "skill", `{"name":"x"}`, textResult("---\nname: x\n---\n# X")))
}
