package render_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
	exportmd "github.com/cardtui/cardtui/export/markdown"
	"github.com/cardtui/cardtui/internal/testkit/golden"
	"github.com/cardtui/cardtui/render"
)

// nestedSample is a run_code card holding two sub-calls, one of them
// gated by an approval, and a sub-call of its own nested two deep.
var nestedSample = cards.ToolCard{
	ID: "c1", Tool: "run_code",
	Call: cards.GenericCall{Title: "Run code: Count the Go files", Kind: cards.KindExecute, Content: []cards.ContentBlock{cards.TextBlock{Text: "const files = await tools.glob({ pattern: '**/*.go' })", Lang: "js"}}},
	Children: []cards.Entry{
		cards.ToolCard{
			ID: "c1:code:1", Tool: "glob", Call: cards.GenericCall{Title: "Glob **/*.go", Kind: cards.KindSearch},
			Result: cards.SearchPaths{Paths: []string{"main.go", "count.go"}, Total: 2},
		},
		cards.ToolCard{
			ID: "c1:code:2", Tool: "bash", Call: cards.TerminalCall{Title: "go test ./...", Description: "Run the tests"},
			Children: []cards.Entry{cards.Notice{Text: "Approval asked: bash requires manual approval in this session"}, cards.Notice{Text: "Approval: rejected"}},
			Result:   cards.TerminalResult{Output: "FAIL\tpkg 0.004s", ExitCode: intPtr(1)},
		},
		cards.ToolCard{
			ID: "c1:code:3", Tool: "run_code", Call: cards.GenericCall{Title: "Run code", Kind: cards.KindExecute, RawInput: json.RawMessage(`{"code":"1"}`)},
			Children: []cards.Entry{cards.ToolCard{ID: "c1:code:3:code:1", Tool: "job_list", Call: cards.GenericCall{Title: "List background jobs", Kind: cards.KindRead}, Ended: true}},
			Ended:    true,
		},
	},
	Result: cards.GenericResult{Content: text("3 files, 1 failing test")},
}

// TestGoldenNested pins a card with nested cards and notices in every
// mode at every width, folded and expanded: every line fits, and the
// nested cards are drawn inside their parent's frame.
func TestGoldenNested(t *testing.T) {
	for _, m := range modes {
		for _, w := range widths {
			for _, expanded := range []bool{false, true} {
				name := fmt.Sprintf("nested.%s.w%d", m.name, w)
				if expanded {
					name += ".expanded"
				}
				t.Run(name, func(t *testing.T) {
					o := m.opts(w)
					o.Expanded = expanded
					got := render.Entry(nestedSample, o)
					requireFits(t, got, w)
					golden.Assert(t, name+".golden", got)
				})
			}
		}
	}
}

// TestNestedCardsAreInsideTheirParent checks the layout itself: each
// nested card's border is indented inside its parent's, and the
// approval notices are inside the sub-call they gated.
func TestNestedCardsAreInsideTheirParent(t *testing.T) {
	lines := render.EntryLines(nestedSample, modes[1].opts(80))

	require.Contains(t, lines[0], "╭─ ")
	var nestedTops, deeperTops int
	for _, l := range lines[1:] {
		switch {
		case ansi.Strip(l)[:len("│ │ ╭─")] == "│ │ ╭─":
			deeperTops++
		case ansi.Strip(l)[:len("│ ╭─")] == "│ ╭─":
			nestedTops++
		}
	}
	assert.Equal(t, 3, nestedTops, "the three sub-calls")
	assert.Equal(t, 1, deeperTops, "the sub-call of the sub-call")
	assert.Contains(t, render.Entry(nestedSample, modes[1].opts(80)), "│ │ ─ Approval: rejected ─")
}

// TestGoldenNestedMarkdown pins the Markdown export of nested cards.
func TestGoldenNestedMarkdown(t *testing.T) {
	got := exportmd.Entry(nestedSample, modes[1].opts(80))
	require.NotContains(t, got, "\x1b")
	golden.Assert(t, "nested.md.golden", got)
}
