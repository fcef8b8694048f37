package codex_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/agents/codex"
	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/producertest"
	"github.com/cardtui/cardtui/producers"
)

// codexTools is the registry under test.
var codexTools = codex.Tools()

// toolCall presents a call through the Codex registry, checking that it
// is pure and that the view survives the cards codec unchanged.
func toolCall(t *testing.T, tool, args string) cards.CallView {
	t.Helper()
	return producertest.Call(t, codexTools, tool, args)
}

// toolResult presents a result from the output text the model got and
// the call's end event (meta), like toolCall.
func toolResult(t *testing.T, tool, args, output, meta string) cards.ResultView {
	t.Helper()
	r := producers.Result{Meta: json.RawMessage(meta)}
	if output != "" {
		r.Content = producertest.Blocks(output)
	}
	view := codexTools.Result(tool, []byte(args), r)
	require.Equal(t, view, codexTools.Result(tool, []byte(args), r), "the same result gave two views")
	producertest.RequireResultRoundTrip(t, view)
	return view
}

func TestCodexShellCalls(t *testing.T) {
	cases := []struct {
		name, tool, args string
		want             cards.CallView
	}{
		{
			"bash -lc", "shell", `{"command":["bash","-lc","go test ./..."],"workdir":"/w","timeout_ms":120000}`,
			cards.TerminalCall{Title: "go test ./...", Cwd: "/w"},
		},
		{"zsh by path", "shell", `{"command":["/bin/zsh","-lc","git status --short"]}`, cards.TerminalCall{Title: "git status --short"}},
		{
			"argv quoted", "shell", `{"command":["rg","-n","two words","it's","a.go"]}`,
			cards.TerminalCall{Title: `rg -n 'two words' 'it'\''s' a.go`},
		},
		{"shell_command", "shell_command", `{"command":"ls -la","workdir":"/w"}`, cards.TerminalCall{Title: "ls -la", Cwd: "/w"}},
		{"exec_command", "exec_command", `{"cmd":"git log -3","workdir":"/w","yield_time_ms":1000}`, cards.TerminalCall{Title: "git log -3", Cwd: "/w"}},
		{
			"local shell action", "local_shell", `{"type":"exec","command":["go","vet","./..."],"working_directory":"/w","timeout_ms":1000}`,
			cards.TerminalCall{Title: "go vet ./...", Cwd: "/w"},
		},
		{
			"write_stdin", "write_stdin", `{"session_id":3,"chars":"y\n"}`,
			cards.GenericCall{Title: "Write to session 3", Kind: cards.KindExecute, Content: producertest.Preformatted("console", "y")},
		},
		{"poll", "write_stdin", `{"session_id":"3","chars":""}`, cards.GenericCall{Title: "Poll session 3", Kind: cards.KindExecute}},
		{
			"update_plan", "update_plan", `{"explanation":"Tests first.","plan":[{"step":"Write the test","status":"completed"},{"step":"Fix","status":"in_progress"}]}`,
			cards.GenericCall{Title: "Plan · 1/2 done · 1 in progress", Kind: cards.KindThink, Content: producertest.Blocks("Tests first.")},
		},
		{
			"view_image", "view_image", `{"path":"shot.png"}`,
			cards.GenericCall{Title: "View image shot.png", Kind: cards.KindRead, Locations: []cards.FileLocation{{Path: "shot.png"}}},
		},
		{"web_search", "web_search", `{"type":"search","query":"go 1.26"}`, cards.GenericCall{Title: `Search the web for "go 1.26"`, Kind: cards.KindFetch}},
		{
			"mcp tool", "github__list_issues", `{"repo":"x"}`,
			cards.GenericCall{Title: "github__list_issues", Kind: cards.KindOther, RawInput: json.RawMessage(`{"repo":"x"}`)},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, toolCall(t, c.tool, c.args))
		})
	}
	producertest.RequireFallbackNote(t, toolCall(t, "shell", `{"command":[]}`), `"command" is empty`)
	producertest.RequireFallbackNote(t, toolCall(t, "exec_command", `{"workdir":"/w"}`), `missing field "command"`)
}

func TestCodexExecResults(t *testing.T) {
	args := `{"command":["bash","-lc","go test ./..."]}`
	cases := []struct {
		name, output, meta string
		want               cards.TerminalResult
	}{
		{
			"early JSON output", `{"output":"ok\n","metadata":{"exit_code":0,"duration_seconds":1.5}}`, ``,
			cards.TerminalResult{Title: "took 1.5s", Output: "ok\n", ExitCode: ptr(0)},
		},
		{"a command's own JSON is output", `{"output":"x"}`, ``, cards.TerminalResult{Output: `{"output":"x"}`}},
		{
			"exit code header", "Exit code: 1\nWall time: 0.2 seconds\nOutput:\nFAIL\n", ``,
			cards.TerminalResult{Title: "took 200ms", Output: "FAIL\n", ExitCode: ptr(1)},
		},
		{
			"unified exec header", "Chunk ID: ab12\nWall time: 0.0513 seconds\nProcess exited with code 0\nOriginal token count: 3\nOutput:\nhi\n", ``,
			cards.TerminalResult{Title: "took 51.3ms", Output: "hi\n", ExitCode: ptr(0)},
		},
		{
			"still running", "Chunk ID: ab12\nWall time: 10.0 seconds\nProcess running with session ID 7\nOutput:\nwaiting\n", ``,
			cards.TerminalResult{Title: "still running in session 7", Output: "waiting\n"},
		},
		{"plain text has no status", "sandbox denied the command", ``, cards.TerminalResult{Output: "sandbox denied the command"}},
		{
			"the end event's exit code and duration", `{"output":"FAIL\n","metadata":{"exit_code":1,"duration_seconds":1.8}}`,
			`{"call_id":"c1","aggregated_output":"FAIL\n","exit_code":1,"duration":{"secs":1,"nanos":815337421}}`,
			cards.TerminalResult{Title: "took 1.82s", Output: "FAIL\n", ExitCode: ptr(1)},
		},
		{
			"a duration string", "", `{"stdout":"out","stderr":"err","exit_code":2,"duration":"812ms"}`,
			cards.TerminalResult{Title: "took 812ms", Output: "out\n\x1b[31merr\x1b[39m", ExitCode: ptr(2)},
		},
		{
			"duration_ms", "", `{"aggregated_output":"x","exit_code":0,"duration_ms":2476}`,
			cards.TerminalResult{Title: "took 2.48s", Output: "x", ExitCode: ptr(0)},
		},
		{
			"the output the model got when the event has none", "hello\n", `{"exit_code":0,"stdout":"","stderr":""}`,
			cards.TerminalResult{Output: "hello\n", ExitCode: ptr(0)},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, toolResult(t, "shell", args, c.output, c.meta))
		})
	}
	producertest.RequireFallbackNote(t, toolResult(t, "shell", args, "x", `{"duration":{"secs":-1}}`), "out of range")
}

func TestCodexPlanResult(t *testing.T) {
	args := `{"plan":[{"step":"Write the test","status":"completed"},{"step":"Fix","status":"in_progress"},{"step":"Ship","status":"pending"}]}`
	assert.Equal(t, cards.GenericResult{Content: producertest.MarkdownBlocks("- [x] Write the test\n- [ ] **Fix** (in progress)\n- [ ] Ship")},
		toolResult(t, "update_plan", args, "Plan updated", ``))
}

// patch is an apply_patch input that adds, updates (two chunks, one at
// the end of the file) and deletes files.
const patch = "*** Begin Patch\n" +
	"*** Add File: hello.txt\n+Hello\n+world\n" +
	"*** Update File: src/app.py\n@@ def greet():\n-    print(\"hi\")\n+    print(\"hello\")\n@@\n x = 1\n-y = 2\n+y = 3\n*** End of File\n" +
	"*** Delete File: old.txt\n" +
	"*** End Patch"

func TestCodexPatchCall(t *testing.T) {
	want := cards.DiffCall{Title: "Edit 3 files", Diffs: []cards.FileDiff{
		{Path: "hello.txt", NewText: "Hello\nworld\n", NewStart: 1},
		{
			Path: "src/app.py", OldText: ptr("    print(\"hi\")\n"), NewText: "    print(\"hello\")\n",
			Lines: []string{`-    print("hi")`, `+    print("hello")`},
		},
		{Path: "src/app.py", OldText: ptr("x = 1\ny = 2\n"), NewText: "x = 1\ny = 3\n", Lines: []string{" x = 1", "-y = 2", "+y = 3"}},
	}, Locations: []cards.FileLocation{{Path: "hello.txt"}, {Path: "src/app.py"}, {Path: "old.txt"}}}
	input, _ := json.Marshal(map[string]string{"input": patch})
	assert.Equal(t, want, toolCall(t, "apply_patch", string(input)))

	heredoc, _ := json.Marshal(map[string]any{"command": []string{"apply_patch", patch}})
	assert.Equal(t, want, toolCall(t, "shell", string(heredoc)), "early versions ran apply_patch as a shell command")

	titles := map[string]string{
		"*** Begin Patch\n*** Add File: a.txt\n+a\n*** End Patch":                              "Add a.txt",
		"*** Begin Patch\n*** Delete File: a.txt\n*** End Patch":                               "Delete a.txt",
		"*** Begin Patch\n*** Update File: a.go\n@@\n-a\n+b\n*** End Patch":                    "Edit a.go",
		"*** Begin Patch\n*** Update File: a.go\n*** Move to: b.go\n@@\n-a\n+b\n*** End Patch": "Move a.go → b.go",
		"apply_patch <<'EOF'\n*** Begin Patch\n*** Add File: c.txt\n+c\n*** End Patch\nEOF\n":  "Add c.txt",
	}
	for body, title := range titles {
		input, _ := json.Marshal(map[string]string{"input": body})
		assert.Equal(t, title, toolCall(t, "apply_patch", string(input)).(cards.DiffCall).Title, body)
	}

	for body, reason := range map[string]string{
		"just text":                      "no \"*** Begin Patch\" line",
		"*** Begin Patch\n*** End Patch": "changes no file",
		"*** Begin Patch\n*** Frobnicate: a\n*** End Patch": `is not a patch line`,
		"*** Begin Patch\n*** Add File: a\nno plus\n":       "is not a line of the new file",
	} {
		input, _ := json.Marshal(map[string]string{"input": body})
		producertest.RequireFallbackNote(t, toolCall(t, "apply_patch", string(input)), reason)
	}
}

// changes are a patch event's changes for the patch above.
const changes = `{
	"hello.txt": {"add": {"content": "Hello\nworld\n"}},
	"src/app.py": {"update": {"unified_diff": "--- a/src/app.py\n+++ b/src/app.py\n@@ -12,3 +12,3 @@\n def greet():\n-    print(\"hi\")\n+    print(\"hello\")\n     return\n@@ -40,2 +40,2 @@\n x = 1\n-y = 2\n+y = 3\n", "move_path": null}},
	"old.txt": {"type": "delete", "content": "stale\n"}}`

func TestCodexPatchResult(t *testing.T) {
	input, _ := json.Marshal(map[string]string{"input": patch})
	end := `{"call_id":"c1","stdout":"Success. Updated the following files:\nA hello.txt\nM src/app.py\nD old.txt\n","stderr":"","success":true,"changes":` + changes + `}`
	view := toolResult(t, "apply_patch", string(input), `{"output":"Success.","metadata":{"exit_code":0,"duration_seconds":0.0}}`, end)
	assert.Equal(t, cards.DiffResult{Title: "Edit 3 files", Diffs: []cards.FileDiff{
		{Path: "hello.txt", NewText: "Hello\nworld\n", NewStart: 1},
		{Path: "old.txt", OldText: ptr("stale\n"), OldStart: 1},
		{
			Path: "src/app.py", OldText: ptr("def greet():\n    print(\"hi\")\n    return\n"), NewText: "def greet():\n    print(\"hello\")\n    return\n", OldStart: 12, NewStart: 12,
			Lines: []string{" def greet():", `-    print("hi")`, `+    print("hello")`, "     return"},
		},
		{Path: "src/app.py", OldText: ptr("x = 1\ny = 2\n"), NewText: "x = 1\ny = 3\n", OldStart: 40, NewStart: 40, Lines: []string{" x = 1", "-y = 2", "+y = 3"}},
	}}, view)

	failedEnd := toolResult(t, "apply_patch", string(input), "", `{"success":false,"stdout":"","stderr":"Failed to find expected lines in src/app.py"}`)
	assert.Equal(t, cards.GenericResult{Title: "Error", Content: producertest.Preformatted("", "Failed to find expected lines in src/app.py")}, failedEnd)

	failedOutput := toolResult(t, "apply_patch", string(input), `{"output":"Failed to find expected lines","metadata":{"exit_code":1}}`, ``)
	assert.Equal(t, cards.GenericResult{Title: "Error", Content: producertest.Preformatted("", "Failed to find expected lines")}, failedOutput)

	applied := toolResult(t, "apply_patch", string(input), "Exit code: 0\nWall time: 0 seconds\nOutput:\nSuccess. Updated the following files:\nA hello.txt\n", ``)
	assert.Equal(t, cards.GenericResult{Content: producertest.Preformatted("", "Success. Updated the following files:\nA hello.txt")}, applied)

	moved := toolResult(t, "apply_patch", string(input), "", `{"success":true,"changes":{"a.go":{"update":{"unified_diff":"@@ -0,0 +1 @@\n+x\n","move_path":"b.go"}}}}`)
	assert.Equal(t, cards.DiffResult{Title: "Move a.go → b.go", Diffs: []cards.FileDiff{{Path: "b.go", OldText: ptr(""), NewText: "x\n", OldStart: 1, NewStart: 1, Lines: []string{"+x"}}}}, moved)

	producertest.RequireFallbackNote(t, toolResult(t, "apply_patch", string(input), "", `{"success":true,"changes":{"a":{"rename":{}}}}`), `want one of "add"`)
	producertest.RequireFallbackNote(t, toolResult(t, "apply_patch", string(input), "", `{"success":true,"changes":{"a":{"update":{"unified_diff":"@@ -x +1 @@\n"}}}}`), "is not a line range")
}

func TestCodexPatchFromEvent(t *testing.T) {
	view := toolCall(t, "apply_patch", `{"changes":`+changes+`}`)
	assert.Equal(t, "Edit 3 files", view.(cards.DiffCall).Title)
	assert.Len(t, view.(cards.DiffCall).Diffs, 4)
	producertest.RequireFallbackNote(t, toolCall(t, "apply_patch", `{}`), "no patch and no changes")
}

// TestCodexMetaNeverBreaksAView feeds JSON values of every type as the
// meta of every Codex tool; a view always comes back valid.
func TestCodexMetaNeverBreaksAView(t *testing.T) {
	values := []string{
		`null`, `true`, `0`, `"x"`, `[]`, `{}`, `{"duration":"forever"}`, `{"duration":{"secs":9e18}}`,
		`{"duration_ms":-1}`, `{"exit_code":"1"}`, `{"success":false}`, `{"changes":[]}`, `{"changes":{"a":null}}`,
		`{"changes":{"a":{"update":{}}}}`, `{"changes":{"a":{"update":{"unified_diff":"@@ -1,5 +1,5 @@\n?\n"}}}}`,
	}
	args, _ := json.Marshal(map[string]any{"command": []string{"ls"}, "input": patch, "session_id": 1, "plan": []any{}, "path": "p", "query": "q"})
	for tool := range codexTools {
		for _, meta := range values {
			toolResult(t, tool, string(args), "Exit code: x\nOutput:\n", meta)
		}
	}
}
