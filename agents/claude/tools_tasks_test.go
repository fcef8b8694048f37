package claude_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/producertest"
)

func TestClaudeTaskCalls(t *testing.T) {
	cases := []struct {
		tool, args string
		want       cards.CallView
	}{
		{
			"TaskCreate", `{"subject":"Add  the\nflag","description":"Parse it.","activeForm":"Adding"}`,
			cards.GenericCall{Title: "Create task: Add the flag", Kind: cards.KindThink, Content: producertest.Blocks("Parse it.")},
		},
		{"TaskUpdate", `{"taskId":"2","status":"completed"}`, cards.GenericCall{Title: "Complete task #2", Kind: cards.KindThink}},
		{
			"TaskUpdate", `{"taskId":"2","status":"blocked","owner":"ann","addBlockedBy":["1","3"]}`,
			cards.GenericCall{Title: "Update task #2", Kind: cards.KindThink, Content: producertest.Blocks("status: blocked\nowner: ann\nblocked by: 1, 3")},
		},
		{"TaskGet", `{"taskId":"4"}`, cards.GenericCall{Title: "Read task #4", Kind: cards.KindRead}},
		{"TaskList", `{}`, cards.GenericCall{Title: "List tasks", Kind: cards.KindRead}},
		{
			"AskUserQuestion", `{"questions":[{"question":"Which?","header":"H","options":[{"label":"A","description":"first"},{"label":"B"}],"multiSelect":true}]}`,
			cards.GenericCall{Title: "Ask: Which?", Kind: cards.KindOther, Content: producertest.Blocks("  1. A — first\n  2. B\n  (any number of them)")},
		},
		{
			"AskUserQuestion", `{"questions":[{"question":"One?","options":[{"label":"y"}]},{"question":"Two?","options":[{"label":"n"}]}]}`,
			cards.GenericCall{Title: "Ask 2 questions", Kind: cards.KindOther, Content: producertest.Blocks("One?\n  1. y\n\nTwo?\n  1. n")},
		},
	}
	for _, c := range cases {
		assert.Equal(t, c.want, claudeCall(t, c.tool, c.args), c.args)
	}
	for tool, args := range map[string]string{
		"TaskCreate": `{"subject":""}`, "TaskUpdate": `{"status":"completed"}`,
		"TaskGet": `{}`, "AskUserQuestion": `{"questions":[]}`,
	} {
		view := claudeCall(t, tool, args)
		assert.Equal(t, tool, view.(cards.GenericCall).Title, "%s %s falls back", tool, args)
	}
}

func TestClaudeTaskResults(t *testing.T) {
	created := claudeResult(t, "TaskCreate", `{"subject":"x"}`, `"Task #3 created successfully: x"`, false, `{"task":{"id":"3","subject":"x"}}`)
	assert.Equal(t, cards.GenericResult{Content: producertest.Blocks("Task #3 created")}, created)

	moved := claudeResult(t, "TaskUpdate", `{"taskId":"3","status":"completed"}`, `"Updated task #3 status"`, false,
		`{"success":true,"taskId":"3","updatedFields":["status"],"statusChange":{"from":"in_progress","to":"completed"}}`)
	assert.Equal(t, cards.GenericResult{Content: producertest.Blocks("Task #3: in progress → completed")}, moved)
	fields := claudeResult(t, "TaskUpdate", `{"taskId":"3","owner":"ann"}`, `"Updated task #3 owner"`, false,
		`{"success":true,"taskId":"3","updatedFields":["owner"]}`)
	assert.Equal(t, cards.GenericResult{Content: producertest.Blocks("Task #3 updated: owner")}, fields)

	list := claudeResult(t, "TaskList", `{}`, `"#1 [completed] a"`, false,
		`{"tasks":[{"id":"1","subject":"a *b*","status":"completed","blockedBy":[]},{"id":"2","subject":"c","status":"pending","owner":"ann","blockedBy":["1"]}]}`)
	assert.Equal(t, cards.GenericResult{Content: producertest.MarkdownBlocks("- [x] #1 a \\*b\\*\n- [ ] #2 c (ann) — blocked by #1")}, list)
	empty := claudeResult(t, "TaskList", `{}`, `"No tasks found"`, false, `{"tasks":[]}`)
	assert.Equal(t, cards.GenericResult{Content: producertest.Blocks("No tasks.")}, empty)
	got := claudeResult(t, "TaskGet", `{"taskId":"2"}`, `"Task #2"`, false,
		`{"task":{"id":"2","subject":"c","description":"line one\nline two","status":"in_progress","blocks":[],"blockedBy":[]}}`)
	assert.Equal(t, cards.GenericResult{Content: producertest.MarkdownBlocks("- [ ] **#2 c** (in progress)\n\n  line one\n  line two")}, got)

	noMeta := claudeResult(t, "TaskList", `{}`, `"#1 [pending] a"`, false, ``)
	assert.Equal(t, cards.GenericResult{Content: producertest.Blocks("#1 [pending] a")}, noMeta, "without toolUseResult the text is shown")
}

func TestClaudeAskResult(t *testing.T) {
	args := `{"questions":[{"question":"Which?","options":[{"label":"A"},{"label":"B"}]},{"question":"Also?","options":[{"label":"x"}],"multiSelect":true}]}`
	answered := claudeResult(t, "AskUserQuestion", args, `"User has answered your questions: ..."`, false,
		`{"questions":[],"answers":{"Which?":"B","Also?":["x","y"]}}`)
	assert.Equal(t, cards.GenericResult{Title: "Answered", Content: producertest.Blocks("Which? → B\nAlso? → x, y")}, answered)

	partly := claudeResult(t, "AskUserQuestion", args, `"..."`, false, `{"answers":{"Which?":"A"}}`)
	assert.Equal(t, cards.GenericResult{Title: "Answered", Content: producertest.Blocks("Which? → A\nAlso? → (no answer)")}, partly)

	declined := claudeResult(t, "AskUserQuestion", args, `"The user doesn't want to proceed with this tool use."`, true, ``)
	assert.Equal(t, "Rejected", declined.(cards.GenericResult).Title)
}

func TestClaudeWebFetchBody(t *testing.T) {
	args := `{"url":"https://go.dev/","prompt":"What is new?"}`
	page := claudeResult(t, "WebFetch", args, `"Go 1.26 is out."`, false,
		`{"bytes":1234567,"code":200,"codeText":"OK","result":"Go **1.26** is out.","durationMs":2345,"url":"https://go.dev/"}`)
	assert.Equal(t, cards.WebFetch{
		Title: "1,234,567 bytes in 2.3s", URL: "https://go.dev/", StatusCode: 200,
		Content: producertest.MarkdownBlocks("Go **1.26** is out."),
	}, page)
	bare := claudeResult(t, "WebFetch", args, `"x"`, false, `{"code":404,"url":"https://go.dev/"}`)
	assert.Equal(t, cards.WebFetch{URL: "https://go.dev/", StatusCode: 404}, bare)
}
