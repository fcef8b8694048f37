package claude_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/golden"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
)

// TestClaudeUserTextWhereItWasTyped: a prompt queued while Claude worked
// is the user's, where it was queued; a queued message from another
// session is context; task notifications are notices, never the user;
// permission modes and the session's name are notices too.
func TestClaudeUserTextWhereItWasTyped(t *testing.T) {
	tr := replaytest.LoadBytes(t, agentsOptions, golden.Session(t, "claude-fidelity.jsonl"))
	require.Empty(t, replaytest.Problems(tr), replaytest.Describe(tr))
	var got []string
	for _, e := range tr.Entries {
		switch e := e.(type) {
		case cards.Message:
			got = append(got, string(e.Role)+": "+e.Text)
		case cards.Notice:
			got = append(got, "notice: "+e.Text)
		case cards.ToolCard:
			got = append(got, "card: "+e.Tool)
		}
	}
	assert.Equal(t, []string{
		"notice: Permission mode: default (ask before each edit and command)",
		"notice: Claude Code 2.1.20 session in /home/dev/tally (branch main)",
		"user: Plan the CSV export first, then do it.\n\n  - keep `--json` working\n  - <b>no</b> new dependencies",
		"notice: Permission mode: plan (read only, no edits)",
		"card: AskUserQuestion",
		"card: ExitPlanMode",
		"notice: Permission mode: accept edits",
		"card: TaskCreate",
		"card: TaskCreate",
		"card: TaskUpdate",
		"card: Bash",
		"user: also quote fields\n  that hold a comma",
		`context: <agent-message from="reviewer">looks fine</agent-message>`,
		`notice: Background command "Run the tests in the background" completed (exit code 0)`,
		`notice: Agent "Review the CSV writer" failed: context limit`,
		"card: TaskList",
		"card: WebFetch",
		"notice: Title: CSV export",
		"assistant: The plan is approved; I'm adding `--csv` now.",
		"notice: Summary: Add CSV export to tally",
	}, got)
	assert.Equal(t, "CSV export", tr.Title, "the name the user gave wins over the summary")
	assert.Equal(t, map[string]int{"attachment/hook_success": 1, "permission-mode": 1}, tr.Stats.Skipped)
	golden.Assert(t, "claude-fidelity.plain.w100.golden", replaytest.RenderPlain(tr, 100))
}

// TestClaudeInteractionCards: the questions asked, the task tools and a
// fetched page get cards of their own rather than raw JSON.
func TestClaudeInteractionCards(t *testing.T) {
	byID := claudeCards(replaytest.LoadBytes(t, agentsOptions, golden.Session(t, "claude-fidelity.jsonl")))
	titles := map[string]string{}
	for id, c := range byID {
		titles[id] = c.Call.(cards.GenericCall).Title
	}
	assert.Equal(t, map[string]string{
		"toolu_01Ask": "Ask: Which delimiter should the CSV use?", "toolu_01Plan": "Ready to code?",
		"toolu_01TC1": "Create task: Add the --csv flag", "toolu_01TC2": "Create task: Test *both* flags",
		"toolu_01TU1": "Start task #1", "toolu_01Bg": "go test -count 3 ./...", "toolu_01TL": "List tasks",
		"toolu_01WF": "Fetch https://pkg.go.dev/encoding/csv",
	}, titles)
	assert.Equal(t, cards.GenericResult{Title: "Answered", Content: []cards.ContentBlock{
		cards.TextBlock{Text: "Which delimiter should the CSV use? → Comma"},
	}}, byID["toolu_01Ask"].Result)
	assert.Equal(t, cards.GenericResult{Content: []cards.ContentBlock{cards.TextBlock{Text: "Task #1: pending → in progress"}}}, byID["toolu_01TU1"].Result)
	fetch := byID["toolu_01WF"].Result.(cards.WebFetch)
	assert.Equal(t, "48,213 bytes in 1.2s", fetch.Title)
	assert.Equal(t, 200, fetch.StatusCode)
	assert.Equal(t, []cards.ContentBlock{cards.TextBlock{
		Markdown: true,
		Text:     "`csv.Writer` quotes a field when it holds:\n\n- the delimiter\n- a quote, `\\r` or `\\n`",
	}}, fetch.Content)
}
