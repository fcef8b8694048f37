package claude_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/agents/claude"
	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/producertest"
	"github.com/cardtui/cardtui/producers"
)

// claudeTools is the registry under test.
var claudeTools = claude.Tools()

// claudeCall presents a call through the Claude registry, checking that
// it is pure and that the view survives the cards codec unchanged.
func claudeCall(t *testing.T, tool, args string) cards.CallView {
	t.Helper()
	return producertest.Call(t, claudeTools, tool, args)
}

// claudeResult presents a tool_result with its toolUseResult like
// claudeCall.
func claudeResult(t *testing.T, tool, args string, content string, isError bool, toolUseResult string) cards.ResultView {
	t.Helper()
	r := claude.ToolResult(json.RawMessage(content), isError, json.RawMessage(toolUseResult))
	view := claudeTools.Result(tool, []byte(args), r)
	require.Equal(t, view, claudeTools.Result(tool, []byte(args), r), "the same result gave two views")
	producertest.RequireResultRoundTrip(t, view)
	return view
}

func TestClaudeCallViews(t *testing.T) {
	cases := []struct {
		name, tool, args string
		want             cards.CallView
	}{
		{
			"read window", "Read", `{"file_path":"file.go","offset":5,"limit":4}`,
			cards.GenericCall{Title: "Read file.go (5 - 8)", Kind: cards.KindRead, Locations: []cards.FileLocation{{Path: "file.go", Line: 5}}},
		},
		{
			"read from a line", "Read", `{"file_path":"file.go","offset":12}`,
			cards.GenericCall{Title: "Read file.go (from line 12)", Kind: cards.KindRead, Locations: []cards.FileLocation{{Path: "file.go", Line: 12}}},
		},
		{
			"read a limit from the start", "Read", `{"file_path":"file.go","limit":10}`,
			cards.GenericCall{Title: "Read file.go (1 - 10)", Kind: cards.KindRead, Locations: []cards.FileLocation{{Path: "file.go", Line: 1}}},
		},
		{
			"read whole", "Read", `{"file_path":"/w/file.go"}`,
			cards.GenericCall{Title: "Read /w/file.go", Kind: cards.KindRead, Locations: []cards.FileLocation{{Path: "/w/file.go", Line: 1}}},
		},
		{
			"write", "Write", `{"file_path":"file.go","content":"package a\n"}`,
			cards.DiffCall{Title: "Write file.go", Diffs: []cards.FileDiff{{Path: "file.go", NewText: "package a\n"}}, Locations: []cards.FileLocation{{Path: "file.go"}}},
		},
		{
			"edit", "Edit", `{"file_path":"file.go","old_string":"a := 1","new_string":"a := 2","replace_all":false}`,
			cards.DiffCall{Title: "Edit file.go", Diffs: []cards.FileDiff{{Path: "file.go", OldText: ptr("a := 1"), NewText: "a := 2"}}, Locations: []cards.FileLocation{{Path: "file.go"}}},
		},
		{
			"multi edit", "MultiEdit", `{"file_path":"file.go","edits":[{"old_string":"a","new_string":"b"},{"old_string":"","new_string":"c","replace_all":true}]}`,
			cards.DiffCall{
				Title: "Edit file.go (2 edits)", Diffs: []cards.FileDiff{{Path: "file.go", OldText: ptr("a"), NewText: "b"}, {Path: "file.go", NewText: "c"}},
				Locations: []cards.FileLocation{{Path: "file.go"}},
			},
		},
		{
			"notebook edit", "NotebookEdit", `{"notebook_path":"n.ipynb","cell_id":"c1","new_source":"print(1)","cell_type":"code"}`,
			cards.GenericCall{Title: "Edit Notebook n.ipynb", Kind: cards.KindEdit, Content: producertest.Preformatted("", "print(1)"), Locations: []cards.FileLocation{{Path: "n.ipynb"}}},
		},
		{
			"notebook cell deleted", "NotebookEdit", `{"notebook_path":"n.ipynb","cell_id":"c1","new_source":"","edit_mode":"delete"}`,
			cards.GenericCall{Title: "Edit Notebook n.ipynb", Kind: cards.KindEdit, Content: producertest.Blocks("Delete cell c1"), Locations: []cards.FileLocation{{Path: "n.ipynb"}}},
		},
		{
			"bash", "Bash", `{"command":"go test ./...","description":"Run the tests","timeout":120000}`,
			cards.TerminalCall{Title: "go test ./...", Description: "Run the tests"},
		},
		{"bash without description", "Bash", `{"command":"ls"}`, cards.TerminalCall{Title: "ls"}},
		{
			"bash in the background", "Bash", `{"command":"npm run dev","description":"Start the server","run_in_background":true}`,
			cards.GenericCall{Title: "npm run dev", Kind: cards.KindExecute, RawInput: json.RawMessage(`"npm run dev"`), Content: producertest.Blocks("Start the server")},
		},
		{"bash output", "BashOutput", `{"bash_id":"bash_1"}`, cards.GenericCall{Title: "Tail Logs (bash_1)", Kind: cards.KindExecute}},
		{"kill shell", "KillShell", `{"shell_id":"bash_1"}`, cards.GenericCall{Title: "Kill Process (bash_1)", Kind: cards.KindExecute}},
		{"kill bash", "KillBash", `{"shell_id":"bash_2"}`, cards.GenericCall{Title: "Kill Process (bash_2)", Kind: cards.KindExecute}},
		{
			"todo write", "TodoWrite", `{"todos":[{"content":"Read the code","status":"completed","activeForm":"Reading"},{"content":"Fix it","status":"pending","activeForm":"Fixing"}]}`,
			cards.GenericCall{Title: "Todos · 1/2 done", Kind: cards.KindThink},
		},
		{"glob", "Glob", `{"pattern":"**/*.go"}`, cards.GenericCall{Title: "Find **/*.go", Kind: cards.KindSearch}},
		{
			"glob in a path", "Glob", `{"pattern":"*.md","path":"docs"}`,
			cards.GenericCall{Title: "Find docs *.md", Kind: cards.KindSearch, Locations: []cards.FileLocation{{Path: "docs"}}},
		},
		{"grep", "Grep", `{"pattern":"TODO","path":"src"}`, cards.GenericCall{Title: `grep "TODO" src`, Kind: cards.KindSearch}},
		{
			"grep with every option", "Grep",
			`{"pattern":"func \\w+","path":"pkg","-i":true,"-n":true,"-A":1,"-B":2,"-C":3,"output_mode":"files_with_matches","head_limit":5,"glob":"*.go","type":"go","multiline":true}`,
			cards.GenericCall{Title: `grep -i -n -A 1 -B 2 -C 3 -l | head -5 --include="*.go" --type=go -P "func \w+" pkg`, Kind: cards.KindSearch},
		},
		{"grep counting", "Grep", `{"pattern":"x","output_mode":"count"}`, cards.GenericCall{Title: `grep -c "x"`, Kind: cards.KindSearch}},
		{"ls", "LS", `{"path":"/w/src"}`, cards.GenericCall{Title: "List the /w/src directory's contents", Kind: cards.KindSearch}},
		{
			"web fetch", "WebFetch", `{"url":"https://go.dev/doc","prompt":"What is new?"}`,
			cards.GenericCall{Title: "Fetch https://go.dev/doc", Kind: cards.KindFetch, Content: producertest.Blocks("What is new?")},
		},
		{
			"web search", "WebSearch", `{"query":"go generics","allowed_domains":["go.dev"],"blocked_domains":["x.com","y.com"]}`,
			cards.GenericCall{Title: `"go generics" (allowed: go.dev) (blocked: x.com, y.com)`, Kind: cards.KindFetch},
		},
		{
			"task", "Task", `{"description":"Review errors","prompt":"Find dropped errors.","subagent_type":"general-purpose"}`,
			cards.GenericCall{Title: "Review errors", Kind: cards.KindThink, Content: producertest.Blocks("Find dropped errors.")},
		},
		{
			"agent without description", "Agent", `{"prompt":"Look around."}`,
			cards.GenericCall{Title: "Task", Kind: cards.KindThink, Content: producertest.Blocks("Look around.")},
		},
		{
			"exit plan mode", "ExitPlanMode", `{"plan":"1. Fix\n2. Test"}`,
			cards.GenericCall{Title: "Ready to code?", Kind: cards.KindSwitchMode, Content: producertest.MarkdownBlocks("1. Fix\n2. Test")},
		},
		{
			"any other tool", "mcp__github__create_issue", `{"title":"Bug","labels":["x"]}`,
			cards.GenericCall{Title: "mcp__github__create_issue", Kind: cards.KindOther, RawInput: json.RawMessage(`{"title":"Bug","labels":["x"]}`)},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, claudeCall(t, c.tool, c.args))
		})
	}
}

func TestClaudeCallFallsBackOnBadArguments(t *testing.T) {
	for _, tool := range []string{"Read", "Write", "Edit", "MultiEdit", "NotebookEdit", "Bash", "WebFetch", "WebSearch", "TodoWrite"} {
		view := claudeCall(t, tool, `{"file_path":7}`)
		producertest.RequireFallbackNote(t, view, "arguments")
		assert.Equal(t, tool, view.(cards.GenericCall).Title)
	}
}

func TestClaudeReadResult(t *testing.T) {
	args := `{"file_path":"/w/a.go","offset":3,"limit":3}`
	view := claudeResult(t, "Read", args, `"     3→b\n     4→\n     5→c"`, false,
		`{"type":"text","file":{"filePath":"/w/a.go","content":"b\n\nc","numLines":3,"startLine":3,"totalLines":9}}`)
	assert.Equal(t, cards.ReadResult{
		Path: "/w/a.go", Offset: 3, TotalLines: 9,
		Lines: []cards.ReadLine{{Number: 3, Text: "b"}, {Number: 4, Text: ""}, {Number: 5, Text: "c"}},
	}, view)

	// Claude Code counts the empty line after the final newline.
	view = claudeResult(t, "Read", `{"file_path":"/w/b.go"}`, `"..."`, false,
		`{"type":"text","file":{"filePath":"/w/b.go","content":"x\ny\n","numLines":3,"startLine":1,"totalLines":3}}`)
	assert.Equal(t, cards.ReadResult{
		Path: "/w/b.go", Offset: 1, TotalLines: 3,
		Lines: []cards.ReadLine{{Number: 1, Text: "x"}, {Number: 2, Text: "y"}, {Number: 3, Text: ""}},
	}, view)
}

func TestClaudeReadResultWithoutText(t *testing.T) {
	image := claudeResult(t, "Read", `{"file_path":"shot.png"}`,
		`[{"type":"image","source":{"type":"base64","media_type":"image/png","data":"iVBORw0KGgo="}}]`, false,
		`{"type":"image","file":{"base64":"iVBORw0KGgo=","type":"image/png","originalSize":8}}`)
	assert.Equal(t, cards.GenericResult{Content: []cards.ContentBlock{cards.ImageBlock{MimeType: "image/png", Data: "iVBORw0KGgo="}}}, image)

	failed := claudeResult(t, "Read", `{"file_path":"src"}`, `"EISDIR: illegal operation on a directory, read"`, true,
		`"Error: EISDIR: illegal operation on a directory, read"`)
	assert.Equal(t, cards.GenericResult{Title: "Error", Content: producertest.Preformatted("", "EISDIR: illegal operation on a directory, read")}, failed)

	noMeta := claudeResult(t, "Read", `{"file_path":"a.go"}`, `"     1→x\n     2→\ty"`, false, ``)
	assert.Equal(t, cards.ReadResult{Path: "a.go", Offset: 1, Lines: []cards.ReadLine{{Number: 1, Text: "x"}, {Number: 2, Text: "\ty"}}, TotalLines: 2}, noMeta,
		"a sub-agent's read has no toolUseResult: its numbered text is read")
	tabbed := claudeResult(t, "Read", `{"file_path":"a.go"}`, `"1\tx\n2\ty\n"`, false, ``)
	assert.Equal(t, cards.ReadResult{Path: "a.go", Offset: 1, Lines: []cards.ReadLine{{Number: 1, Text: "x"}, {Number: 2, Text: "y"}}, TotalLines: 2}, tabbed)
	part := claudeResult(t, "Read", `{"file_path":"a.go","offset":5}`, `"     5→x"`, false, ``)
	assert.Equal(t, cards.GenericResult{Content: producertest.Preformatted("", "     5→x")}, part, "a part of a file: its length is unknown")
	gap := claudeResult(t, "Read", `{"file_path":"a.go"}`, `"     1→x\n     3→y"`, false, ``)
	assert.Equal(t, cards.GenericResult{Content: producertest.Preformatted("", "     1→x\n     3→y")}, gap)

	broken := claudeResult(t, "Read", `{"file_path":"a.go"}`, `"x"`, false, `{"type":"text","file":{"filePath":"a.go","content":"x"}}`)
	producertest.RequireFallbackNote(t, broken, "startLine")
}

func TestClaudeEditResultHasTheAppliedHunks(t *testing.T) {
	args := `{"file_path":"/w/a.go","old_string":"x := 1","new_string":"x := 2"}`
	meta := `{"filePath":"/w/a.go","oldString":"x := 1","newString":"x := 2","originalFile":"...","userModified":false,"replaceAll":false,
		"structuredPatch":[{"oldStart":10,"oldLines":3,"newStart":10,"newLines":2,"lines":[" a"," x := 1","-y"]},
		{"oldStart":40,"oldLines":3,"newStart":40,"newLines":4,"lines":[" b","-x := 1","+x := 2","+z"," c","\\ No newline at end of file"]}]}`
	view := claudeResult(t, "Edit", args, `"The file /w/a.go has been updated."`, false, meta)
	assert.Equal(t, cards.DiffResult{Title: "Edit /w/a.go", Diffs: []cards.FileDiff{
		{
			Path: "/w/a.go", OldText: ptr("a\nx := 1\ny\n"), NewText: "a\nx := 1\n", OldStart: 10, NewStart: 10,
			Lines: []string{" a", " x := 1", "-y"},
		},
		{
			Path: "/w/a.go", OldText: ptr("b\nx := 1\nc"), NewText: "b\nx := 2\nz\nc", OldStart: 40, NewStart: 40,
			Lines: []string{" b", "-x := 1", "+x := 2", "+z", " c", `\ No newline at end of file`},
		},
	}}, view)

	miscounted := claudeResult(t, "Edit", args, `"The file /w/a.go has been updated."`, false,
		`{"filePath":"/w/a.go","structuredPatch":[{"oldStart":10,"oldLines":1,"newStart":10,"newLines":1,"lines":[" a","-y"]}]}`)
	producertest.RequireFallbackNote(t, miscounted, "structuredPatch[0]", "oldLines is 1 but the hunk has 2 such lines")
}

func TestClaudeHunkMarkers(t *testing.T) {
	meta := `{"filePath":"a","structuredPatch":[{"oldStart":3,"newStart":3,"lines":["-old","\\ No newline at end of file","+new"]}]}`
	view := claudeResult(t, "Edit", `{"file_path":"a","old_string":"old","new_string":"new"}`, `"ok"`, false, meta)
	assert.Equal(t, []cards.FileDiff{{
		Path: "a", OldText: ptr("old"), NewText: "new\n", OldStart: 3, NewStart: 3,
		Lines: []string{"-old", `\ No newline at end of file`, "+new"},
	}}, view.(cards.DiffResult).Diffs)

	bad := claudeResult(t, "Edit", `{"file_path":"a","old_string":"o","new_string":"n"}`, `"ok"`, false,
		`{"structuredPatch":[{"oldStart":1,"newStart":1,"lines":["?what"]}]}`)
	producertest.RequireFallbackNote(t, bad, `structuredPatch[0]`, `"?what" does not start with`)

	empty := claudeResult(t, "Edit", `{"file_path":"a","old_string":"o","new_string":"n"}`, `"ok"`, false,
		`{"structuredPatch":[{"oldStart":1,"newStart":1,"lines":[]}]}`)
	producertest.RequireFallbackNote(t, empty, `structuredPatch[0]`, "a hunk without lines")
}

func TestClaudeEditResultWithoutHunks(t *testing.T) {
	args := `{"file_path":"a.go","old_string":"x","new_string":"y"}`
	view := claudeResult(t, "Edit", args, `"The file a.go has been updated."`, false, `{"filePath":"a.go","structuredPatch":[]}`)
	assert.Equal(t, cards.GenericResult{Content: producertest.Blocks("The file a.go has been updated.")}, view)

	failed := claudeResult(t, "Edit", args, `"<tool_use_error>File has not been read yet. Read it first before writing to it.</tool_use_error>"`, true,
		`"Error: File has not been read yet. Read it first before writing to it."`)
	assert.Equal(t, cards.GenericResult{Title: "Error", Content: producertest.Preformatted("", "File has not been read yet. Read it first before writing to it.")}, failed)
}

func TestClaudeMultiEditResult(t *testing.T) {
	args := `{"file_path":"m.go","edits":[{"old_string":"a","new_string":"b"},{"old_string":"c","new_string":"d"}]}`
	meta := `{"filePath":"m.go","edits":[],"originalFileContents":"","userModified":false,
		"structuredPatch":[{"oldStart":2,"oldLines":1,"newStart":2,"newLines":1,"lines":["-a","+b"]},{"oldStart":9,"oldLines":1,"newStart":9,"newLines":1,"lines":["-c","+d"]}]}`
	view := claudeResult(t, "MultiEdit", args, `"Applied 2 edits to m.go"`, false, meta)
	assert.Equal(t, cards.DiffResult{Title: "Edit m.go", Diffs: []cards.FileDiff{
		{Path: "m.go", OldText: ptr("a\n"), NewText: "b\n", OldStart: 2, NewStart: 2, Lines: []string{"-a", "+b"}},
		{Path: "m.go", OldText: ptr("c\n"), NewText: "d\n", OldStart: 9, NewStart: 9, Lines: []string{"-c", "+d"}},
	}}, view)
}

func TestClaudeWriteResult(t *testing.T) {
	args := `{"file_path":"n.go","content":"package n\n"}`
	created := claudeResult(t, "Write", args, `"File created successfully at: n.go"`, false,
		`{"type":"create","filePath":"n.go","content":"package n\n","structuredPatch":[]}`)
	assert.Equal(t, cards.DiffResult{Title: "Write n.go", Diffs: []cards.FileDiff{{Path: "n.go", NewText: "package n\n", NewStart: 1}}}, created)

	patched := claudeResult(t, "Write", args, `"The file n.go has been updated."`, false,
		`{"type":"update","filePath":"n.go","content":"package n\n","structuredPatch":[{"oldStart":1,"oldLines":1,"newStart":1,"newLines":1,"lines":["-package m","+package n"]}]}`)
	assert.Equal(t, cards.DiffResult{Title: "Write n.go", Diffs: []cards.FileDiff{
		{
			Path: "n.go", OldText: ptr("package m\n"), NewText: "package n\n", OldStart: 1, NewStart: 1,
			Lines: []string{"-package m", "+package n"},
		},
	}}, patched)

	withOriginal := claudeResult(t, "Write", args, `"The file n.go has been updated."`, false,
		`{"type":"update","filePath":"n.go","content":"package n\n","originalFile":"package m\n","structuredPatch":[]}`)
	assert.Equal(t, cards.DiffResult{Title: "Write n.go", Diffs: []cards.FileDiff{
		{Path: "n.go", OldText: ptr("package m\n"), NewText: "package n\n", OldStart: 1, NewStart: 1},
	}}, withOriginal)

	unknownBefore := claudeResult(t, "Write", args, `"The file n.go has been updated."`, false,
		`{"type":"update","filePath":"n.go","content":"package n\n","structuredPatch":[]}`)
	assert.IsType(t, cards.GenericResult{}, unknownBefore)
	assert.Contains(t, producertest.Texts(unknownBefore.(cards.GenericResult).Content)[0], "does not record its earlier content")

	denied := claudeResult(t, "Write", args, `"Claude requested permissions to write to n.go, but you haven't granted it yet."`, true,
		`"Error: Claude requested permissions to write to n.go, but you haven't granted it yet."`)
	assert.Equal(t, "Denied", denied.(cards.GenericResult).Title, "a permission not granted is a denial")
}

func TestClaudeBashResult(t *testing.T) {
	args := `{"command":"go test ./...","description":"Run the tests"}`
	cases := []struct {
		name, content string
		isError       bool
		meta          string
		want          cards.TerminalResult
	}{
		{
			"success is exit 0", `"ok  \tpkg\t0.1s"`, false, `{"stdout":"ok  \tpkg\t0.1s","stderr":"","interrupted":false,"isImage":false}`,
			cards.TerminalResult{Output: "ok  \tpkg\t0.1s", ExitCode: ptr(0)},
		},
		{
			"stderr in red after stdout", `"out\nwarn"`, false, `{"stdout":"out","stderr":"warn\nmore","interrupted":false,"isImage":false}`,
			cards.TerminalResult{Output: "out\n\x1b[31mwarn\x1b[39m\n\x1b[31mmore\x1b[39m", ExitCode: ptr(0)},
		},
		{
			"the stated exit code", `"Exit code 2\nmake: *** [test] Error 2"`, true, `"Error: Exit code 2\nmake: *** [test] Error 2"`,
			cards.TerminalResult{Output: "make: *** [test] Error 2", ExitCode: ptr(2)},
		},
		{
			"an error without a stated code", `"ls: cannot access 'x': No such file or directory"`, true, `"Error: ls: cannot access 'x': No such file or directory"`,
			cards.TerminalResult{Title: "failed", Output: "\x1b[31mls: cannot access 'x': No such file or directory\x1b[39m"},
		},
		{
			"interrupted", `"=== RUN TestHuge"`, false, `{"stdout":"=== RUN TestHuge\n","stderr":"","interrupted":true,"isImage":false}`,
			cards.TerminalResult{Title: "interrupted", Output: "=== RUN TestHuge\n"},
		},
		{
			"a status explained away", `""`, false, `{"stdout":"","stderr":"","interrupted":false,"isImage":false,"returnCodeInterpretation":"No matches found"}`,
			cards.TerminalResult{Title: "No matches found"},
		},
		{"no toolUseResult: status unknown", `"done"`, false, ``, cards.TerminalResult{Output: "done"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, claudeResult(t, "Bash", args, c.content, c.isError, c.meta))
		})
	}
}

func TestClaudeBackgroundBash(t *testing.T) {
	started := `"Command running in background with ID: bash_1"`
	meta := `{"stdout":"","stderr":"","interrupted":false,"isImage":false,"backgroundTaskId":"bash_1"}`
	want := cards.GenericResult{Content: producertest.Blocks("Command running in background with ID: bash_1")}
	assert.Equal(t, want, claudeResult(t, "Bash", `{"command":"npm run dev","run_in_background":true}`, started, false, meta))
	assert.Equal(t, want, claudeResult(t, "Bash", `{"command":"npm run dev"}`, started, false, meta), "the meta says so too")

	output := claudeResult(t, "BashOutput", `{"bash_id":"bash_1"}`, `"<status>completed</status>"`, false,
		`{"shellId":"bash_1","command":"npm run dev","status":"completed","exitCode":0,"stdout":"ready","stderr":"warn","stdoutLines":1,"stderrLines":1}`)
	assert.Equal(t, cards.TerminalResult{Title: "completed · npm run dev", Output: "ready\n\x1b[31mwarn\x1b[39m", ExitCode: ptr(0)}, output)

	running := claudeResult(t, "BashOutput", `{"bash_id":"bash_1"}`, `"<status>running</status>"`, false,
		`{"shellId":"bash_1","command":"npm run dev","status":"running","exitCode":null,"stdout":"","stderr":""}`)
	assert.Equal(t, cards.TerminalResult{Title: "running · npm run dev"}, running)

	killed := claudeResult(t, "KillShell", `{"shell_id":"bash_1"}`, `"{\"success\":true}"`, false,
		`{"success":true,"message":"Successfully killed shell: bash_1 (npm run dev)","shell_id":"bash_1"}`)
	assert.Equal(t, cards.GenericResult{Content: producertest.Blocks("Successfully killed shell: bash_1 (npm run dev)")}, killed)
}

func TestClaudeTodoWriteResult(t *testing.T) {
	args := `{"todos":[{"content":"Read","status":"completed","activeForm":"Reading"},{"content":"Fix","status":"in_progress","activeForm":"Fixing"},{"content":"Ship","status":"pending","activeForm":"Shipping"}]}`
	view := claudeResult(t, "TodoWrite", args, `"Todos have been modified successfully."`, false, `{"oldTodos":[],"newTodos":[]}`)
	assert.Equal(t, cards.GenericResult{Content: producertest.MarkdownBlocks("- [x] Read\n- [ ] **Fix** (in progress)\n- [ ] Ship")}, view)
}

func TestClaudeSearchResults(t *testing.T) {
	glob := claudeResult(t, "Glob", `{"pattern":"*.go"}`, `"a.go\nb.go"`, false, `{"filenames":["a.go","b.go"],"durationMs":3,"numFiles":2,"truncated":true}`)
	assert.Equal(t, cards.SearchPaths{Paths: []string{"a.go", "b.go"}, Truncated: true, Total: 2}, glob)

	none := claudeResult(t, "Glob", `{"pattern":"*.rs"}`, `"No files found"`, false, `{"filenames":[],"durationMs":3,"numFiles":0,"truncated":false}`)
	assert.Equal(t, cards.SearchPaths{}, none)

	files := claudeResult(t, "Grep", `{"pattern":"x","output_mode":"files_with_matches"}`, `"Found 1 file\na.go"`, false,
		`{"mode":"files_with_matches","filenames":["a.go"],"numFiles":1}`)
	assert.Equal(t, cards.SearchPaths{Paths: []string{"a.go"}, Total: 1}, files)

	matches := claudeResult(t, "Grep", `{"pattern":"x","output_mode":"content","-n":true}`, `"..."`, false,
		`{"mode":"content","numFiles":0,"filenames":[],"content":"src/a:b.go:3:x := 1\nsrc/c.go:10:x++\nsrc/a:b.go:7:return x","numLines":3,"appliedLimit":3}`)
	assert.Equal(t, cards.SearchMatches{Files: []cards.SearchFile{
		{Path: "src/a:b.go", Matches: []cards.SearchMatch{{LineNumber: 3, Line: "x := 1"}, {LineNumber: 7, Line: "return x"}}},
		{Path: "src/c.go", Matches: []cards.SearchMatch{{LineNumber: 10, Line: "x++"}}},
	}, Truncated: true, Total: 3}, matches, "a head_limit applied truncates")

	oneFile := claudeResult(t, "Grep", `{"pattern":"x","path":"a.go","output_mode":"content","-n":true}`, `"..."`, false,
		`{"mode":"content","filenames":[],"content":"4:x := 1\n9:x++","numLines":2}`)
	assert.Equal(t, cards.SearchMatches{Files: []cards.SearchFile{{
		Path:    "a.go",
		Matches: []cards.SearchMatch{{LineNumber: 4, Line: "x := 1"}, {LineNumber: 9, Line: "x++"}},
	}}, Total: 2}, oneFile)

	withContext := claudeResult(t, "Grep", `{"pattern":"x","output_mode":"content","-n":true,"-C":1}`, `"a.go-2-w\na.go:3:x\na.go-4-y"`, false,
		`{"mode":"content","filenames":[],"content":"a.go-2-w\na.go:3:x\na.go-4-y","numLines":3}`)
	assert.Equal(t, cards.GenericResult{Content: producertest.Preformatted("", "a.go-2-w\na.go:3:x\na.go-4-y")}, withContext, "context lines are shown as they are")

	counts := claudeResult(t, "Grep", `{"pattern":"x","output_mode":"count"}`, `"a.go:3"`, false, `{"mode":"count","numFiles":1,"filenames":[],"content":"a.go:3"}`)
	assert.Equal(t, cards.GenericResult{Content: producertest.Preformatted("", "a.go:3")}, counts)
}

func TestClaudeWebResults(t *testing.T) {
	fetch := claudeResult(t, "WebFetch", `{"url":"https://go.dev","prompt":"?"}`, `"Go is..."`, false,
		`{"bytes":1200,"code":200,"codeText":"OK","result":"Go is...","durationMs":800,"url":"https://go.dev/"}`)
	assert.Equal(t, cards.WebFetch{Title: "1,200 bytes in 800ms", URL: "https://go.dev/", StatusCode: 200, Content: producertest.MarkdownBlocks("Go is...")}, fetch,
		"the model's answer from the page, its size and the fetch's duration")

	search := claudeResult(t, "WebSearch", `{"query":"go"}`, `"Web search results"`, false,
		`{"query":"go","results":[{"tool_use_id":"srv_1","content":[{"title":"The Go site","url":"https://go.dev"},{"url":"https://pkg.go.dev"}]},"Go is a language."],"durationSeconds":1.2}`)
	assert.Equal(t, cards.WebSearch{
		Sources: []cards.WebSource{{URL: "https://go.dev", Title: "The Go site"}, {URL: "https://pkg.go.dev"}},
		Answer:  "Go is a language.",
	}, search)
}

func TestClaudeTaskResult(t *testing.T) {
	view := claudeResult(t, "Task", `{"description":"Review","prompt":"Look."}`, `[{"type":"text","text":"## Findings\n\nNone."}]`, false,
		`{"status":"completed","content":[{"type":"text","text":"## Findings\n\nNone."}],"totalDurationMs":21194,"totalTokens":13751,"totalToolUseCount":2}`)
	assert.Equal(t, cards.GenericResult{Content: producertest.MarkdownBlocks("## Findings\n\nNone.", "_2 tool uses · 21.2s · 13,751 tokens_")}, view)

	failed := claudeResult(t, "Task", `{"description":"Review"}`,
		"\"<tool_use_error>InputValidationError: Task failed due to the following issue:\\nThe required parameter `prompt` is missing</tool_use_error>\"", true, `"InputValidationError: [...]"`)
	assert.Equal(t, cards.GenericResult{
		Title:   "Error",
		Content: producertest.Preformatted("", "InputValidationError: Task failed due to the following issue:\nThe required parameter `prompt` is missing"),
	}, failed)
}

func TestClaudeOtherResults(t *testing.T) {
	plan := claudeResult(t, "ExitPlanMode", `{"plan":"1. Fix"}`, `"User has approved your plan."`, false, `{"plan":"1. Fix","isAgent":false}`)
	assert.Equal(t, cards.GenericResult{Title: "Exited Plan Mode", Content: producertest.Blocks("User has approved your plan.")}, plan)

	notebook := claudeResult(t, "NotebookEdit", `{"notebook_path":"n.ipynb","new_source":"x"}`, `"Updated cell c1 with x"`, false, `{"cell_id":"c1"}`)
	assert.Equal(t, cards.GenericResult{Content: producertest.Preformatted("", "Updated cell c1 with x")}, notebook)

	other := claudeResult(t, "mcp__github__create_issue", `{"title":"Bug"}`, `[{"type":"text","text":"Created issue #42"}]`, false, ``)
	assert.Equal(t, cards.GenericResult{Content: producertest.Blocks("Created issue #42")}, other)
}

func TestClaudeResultContent(t *testing.T) {
	r := claude.ToolResult(json.RawMessage(`"text\n\n<system-reminder>\nBe careful.\n</system-reminder>\n"`), false, json.RawMessage(`null`))
	assert.Equal(t, producers.Result{Content: producertest.Blocks("text")}, r, "the reminder goes, and a null toolUseResult is none")

	r = claude.ToolResult(json.RawMessage(`[{"type":"text","text":"a"},{"type":"image","source":{"type":"url","url":"https://x/y.png"}},{"type":"tool_reference","tool_name":"Bash"}]`),
		true, json.RawMessage(`{"k":1}`))
	assert.Equal(t, producers.Result{IsError: true, Outcome: cards.OutcomeFailed, Meta: json.RawMessage(`{"k":1}`), Content: []cards.ContentBlock{
		cards.TextBlock{Text: "a"},
		cards.ImageBlock{URI: "https://x/y.png"},
		cards.TextBlock{Text: "Bash"},
	}}, r)

	r = claude.ToolResult(json.RawMessage(`7`), false, nil)
	require.Len(t, r.Content, 2)
	assert.Contains(t, producertest.Texts(r.Content)[0], "could not decode the result content")
}

// TestClaudeMetaNeverBreaksAView feeds JSON values of every type as the
// toolUseResult of every Claude tool, as a success and as an error; a
// view always comes back valid.
func TestClaudeMetaNeverBreaksAView(t *testing.T) {
	values := []string{
		`null`, `true`, `0`, `"Error: x"`, `[]`, `{}`, `{"file":{}}`, `{"type":"text","file":{"startLine":0}}`,
		`{"structuredPatch":[{}]}`, `{"structuredPatch":[{"lines":[""]}]}`, `{"filenames":null}`, `{"mode":"content","content":":::"}`,
		`{"results":[null,{"content":[{}]}]}`, `{"code":1e3}`, `{"stdout":1}`, `{"type":"create","content":null}`, `{"totalDurationMs":-5}`,
	}
	args, _ := json.Marshal(map[string]any{
		"file_path": "a", "content": "c", "old_string": "o", "new_string": "n", "edits": []any{},
		"notebook_path": "n", "command": "ls", "bash_id": "b", "todos": []any{}, "pattern": "p", "url": "u", "query": "q", "plan": "p",
	})
	for tool := range claudeTools {
		for _, meta := range values {
			for _, isError := range []bool{false, true} {
				claudeResult(t, tool, string(args), `"text"`, isError, meta)
			}
		}
	}
}
