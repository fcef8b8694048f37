package agents_test

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/agents/claude"
	"github.com/cardtui/cardtui/agents/codex"
	"github.com/cardtui/cardtui/agents/crush"
	"github.com/cardtui/cardtui/agents/gemini"
	"github.com/cardtui/cardtui/agents/opencode"
	"github.com/cardtui/cardtui/producers"
)

// toolsDoc is the list of each agent's tools and their widgets.
const toolsDoc = "../docs/TOOLS.md"

// docTables reads, for each agent's section of docs/TOOLS.md (named by
// its folder, "agents/claude"), the tool names of the first column of
// its "| tools |" table and of its "| drawn generic |" table.
func docTables(t *testing.T) (drawn, generic map[string][]string) {
	data, err := os.ReadFile(toolsDoc)
	require.NoError(t, err)
	drawn, generic = map[string][]string{}, map[string][]string{}
	section := regexp.MustCompile("^## .*\\(`agents/(\\w+)`\\)")
	names := regexp.MustCompile("`([^`]+)`")
	agent, table := "", map[string][]string(nil)
	for line := range strings.SplitSeq(string(data), "\n") {
		switch {
		case section.MatchString(line):
			agent, table = section.FindStringSubmatch(line)[1], nil
		case strings.HasPrefix(line, "| tools |"):
			table = drawn
		case strings.HasPrefix(line, "| drawn generic |"):
			table = generic
		case strings.HasPrefix(line, "|---"):
		case strings.HasPrefix(line, "| ") && table != nil:
			first := strings.SplitN(line, "|", 3)[1]
			for _, m := range names.FindAllStringSubmatch(first, -1) {
				table[agent] = append(table[agent], m[1])
			}
		default:
			table = nil
		}
	}
	return drawn, generic
}

// TestToolsDocMatchesProducers: docs/TOOLS.md names every tool each
// agent's producers draw, and no other, and none of the tools it says
// are drawn as the generic card has a producer.
func TestToolsDocMatchesProducers(t *testing.T) {
	drawn, generic := docTables(t)
	for agent, reg := range map[string]producers.Registry{
		"claude": claude.Tools(), "codex": codex.Tools(), "gemini": gemini.Tools(),
		"opencode": opencode.Tools(), "crush": crush.Tools(),
	} {
		var want []string
		for tool := range reg {
			want = append(want, tool)
		}
		slices.Sort(want)
		got := slices.Sorted(slices.Values(drawn[agent]))
		assert.Equal(t, want, got, "%s: the tools of its table in %s", agent, toolsDoc)
		for _, tool := range generic[agent] {
			_, has := reg[tool]
			assert.False(t, has, "%s: %q has a producer but %s says it is drawn generic", agent, tool, toolsDoc)
		}
		assert.NotEmpty(t, generic[agent], "%s: its table of tools drawn generic", agent)
	}
}
