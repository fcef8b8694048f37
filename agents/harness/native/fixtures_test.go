package native_test

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/golden"
	"github.com/cardtui/cardtui/internal/testkit/producertest"
	"github.com/cardtui/cardtui/producers"
)

// fixturePair is one tool call of a real session log and its result.
type fixturePair struct {
	name      string // file:callId
	tool      string
	args      string
	result    producers.Result
	hasResult bool
}

// fixturePairs reads every tool/call and tool/result of the harness's
// session logs in ../shared/fixtures/dsh (raw logs and headless streams),
// skipping the test when the folder is not there.
func fixturePairs(t *testing.T) []fixturePair {
	t.Helper()
	files := golden.SharedFixtures(t, "dsh", "session logs")
	var pairs []fixturePair
	for _, file := range files {
		pairs = append(pairs, readFixture(t, file)...)
	}
	return pairs
}

// logEvent is one line of a session log, or of a headless stream (whose
// lines wrap the event).
type logEvent struct {
	Type  string          `json:"type"`
	Data  json.RawMessage `json:"data"`
	Event *struct {
		Type string          `json:"type"`
		Data json.RawMessage `json:"data"`
	} `json:"event"`
}

type toolCall struct {
	CallID    string `json:"callId"`
	Name      string `json:"name"`
	Arguments string `json:"arguments"`
}

type toolResult struct {
	Message struct {
		Content []struct {
			ToolCallID string          `json:"toolCallId"`
			Content    json.RawMessage `json:"content"`
			IsError    bool            `json:"isError"`
		} `json:"content"`
	} `json:"message"`
	Error json.RawMessage `json:"error"`
	Meta  json.RawMessage `json:"meta"`
}

func readFixture(t testing.TB, file string) []fixturePair {
	t.Helper()
	f, err := os.Open(file)
	require.NoError(t, err)
	defer f.Close()
	var pairs []fixturePair
	index := map[string]int{}
	scanner := bufio.NewScanner(f)
	scanner.Buffer(nil, 16<<20)
	for scanner.Scan() {
		var e logEvent
		require.NoError(t, json.Unmarshal(scanner.Bytes(), &e), file)
		if e.Event != nil {
			e.Type, e.Data = e.Event.Type, e.Event.Data
		}
		switch e.Type {
		case "tool/call":
			var c toolCall
			require.NoError(t, json.Unmarshal(e.Data, &c), file)
			index[c.CallID] = len(pairs)
			pairs = append(pairs, fixturePair{name: filepath.Base(file) + ":" + c.CallID, tool: c.Name, args: c.Arguments})
		case "tool/result":
			var r toolResult
			require.NoError(t, json.Unmarshal(e.Data, &r), file)
			for _, part := range r.Message.Content {
				i, ok := index[part.ToolCallID]
				require.True(t, ok, "%s: result for unknown call %s", file, part.ToolCallID)
				pairs[i].result = producers.NewResult(part.Content, part.IsError, r.Error, r.Meta)
				pairs[i].hasResult = true
			}
		}
	}
	require.NoError(t, scanner.Err())
	return pairs
}

// TestFixturesArePureAndValid runs every call and result of the real
// session logs through the registry twice, requires the same views both
// times, and requires every view to survive the cards codec unchanged.
// The native tools must present every fixture without falling back.
func TestFixturesArePureAndValid(t *testing.T) {
	pairs := fixturePairs(t)
	require.NotEmpty(t, pairs)
	for _, p := range pairs {
		t.Run(p.name, func(t *testing.T) {
			callView := call(t, p.tool, p.args)
			_, isNative := tools[p.tool]
			if isNative {
				producertest.RequireNoFallback(t, callView)
			}
			if !p.hasResult {
				return
			}
			resultView := result(t, p.tool, p.args, p.result)
			if isNative {
				producertest.RequireNoFallback(t, resultView)
			}
		})
	}
}

// TestFixturesCoverTheNativeFamily guards the test above against a
// fixture set that no longer exercises the producers.
func TestFixturesCoverTheNativeFamily(t *testing.T) {
	seen := map[string]bool{}
	for _, p := range fixturePairs(t) {
		seen[p.tool] = true
	}
	for _, tool := range []string{
		"read", "write", "edit", "bash", "job_output", "job_kill", "todo_write", "glob", "web_fetch",
		"run_code", "workflow", "subagent", "pwsh", "terminal_send", "read_image", "lsp", "skill", "ask_user_question", "cordis_define",
	} {
		require.True(t, seen[tool], "no fixture calls %s", tool)
	}
}

// TestFixturesCallNoToolWithoutAProducer: every tool the real sessions
// call has a producer, so none of their cards falls back (which
// TestFixturesArePureAndValid checks call by call).
func TestFixturesCallNoToolWithoutAProducer(t *testing.T) {
	for _, p := range fixturePairs(t) {
		_, ok := tools[p.tool]
		require.True(t, ok, "%s calls %s, which has no producer", p.name, p.tool)
	}
}

// TestFixtureViews pins what the producers make of some real calls.
func TestFixtureViews(t *testing.T) {
	byName := map[string]fixturePair{}
	for _, p := range fixturePairs(t) {
		byName[p.name] = p
	}
	cases := []struct {
		name       string
		wantCall   cards.CallView
		wantResult cards.ResultView
	}{
		{
			name: "fs-read-window--session.jsonl:call_00_GIZwZS9a7vhWTFCIc7Z35497",
			wantCall: cards.GenericCall{
				Title: "Read big.txt (5 - 8)", Kind: cards.KindRead,
				Locations: []cards.FileLocation{{Path: "big.txt", Line: 5}},
			},
			wantResult: cards.ReadResult{Path: "{{cwd}}/big.txt", Offset: 5, TotalLines: 10, Lines: []cards.ReadLine{
				{Number: 5, Text: "line five"},
				{Number: 6, Text: "line six"},
				{Number: 7, Text: "line seven"},
				{Number: 8, Text: "line eight"},
			}},
		},
		{
			name: "fs-edit--session.jsonl:call_00_vOytneZ0XpsLslEEJAxR6398",
			wantCall: cards.DiffCall{
				Title:     "Edit config.txt",
				Diffs:     []cards.FileDiff{{Path: "config.txt", OldText: ptr("DEBUG"), NewText: "RELEASE"}},
				Locations: []cards.FileLocation{{Path: "config.txt"}},
			},
			wantResult: cards.DiffResult{Title: "Edit config.txt", Diffs: []cards.FileDiff{
				{Path: "config.txt", OldText: ptr("mode=DEBUG\nlevel=info"), NewText: "mode=RELEASE\nlevel=info"},
			}},
		},
		{
			name:       "fs-write--session.jsonl:call_00_APMUCJJm9lrTSlVbg6dB0185",
			wantResult: cards.DiffResult{Title: "Write notes.txt", Diffs: []cards.FileDiff{{Path: "notes.txt", NewText: "hello world", NewStart: 1}}},
		},
		{
			name: "fs-write-overwrite--session.jsonl:call_00_N23EvXjDo4c8enyWpIUq4043",
			wantResult: cards.DiffResult{Title: "Write data.txt", Diffs: []cards.FileDiff{
				{Path: "data.txt", OldText: ptr("original contents"), NewText: "replaced"},
			}},
		},
		{
			name:       "partial-landlock-child-failure--session.jsonl:partial-landlock-call",
			wantCall:   cards.TerminalCall{Title: "false", Description: "Exit with status one"},
			wantResult: cards.TerminalResult{Output: "[stderr]\nlandlock-run: partial enforcement (older Landlock ABI)", ExitCode: ptr(1)},
		},
		{
			name:       "bash-tool-turn--session.jsonl:call_00_fkbBRJsUrGKd1pWVc4Gn8233",
			wantResult: cards.TerminalResult{Output: "TERMINAL_OK\n", ExitCode: ptr(0)},
		},
		{
			name: "background-job-admission--session.jsonl:bounded-task-first",
			wantCall: cards.GenericCall{
				Title: "while :; do sleep 60; done", Kind: cards.KindExecute,
				RawInput: json.RawMessage(`"while :; do sleep 60; done"`),
				Content:  []cards.ContentBlock{cards.TextBlock{Text: "Hold the only background job slot"}},
			},
			wantResult: cards.GenericResult{Content: []cards.ContentBlock{
				cards.TextBlock{Text: "started background job bash-1", Lang: "console"},
			}},
		},
		{
			name: "cancel-tool-calls--session.jsonl:call_wait",
			wantResult: cards.GenericResult{Content: []cards.ContentBlock{
				cards.TextBlock{Text: "Error: tool call aborted", Lang: "console"},
				cards.TextBlock{Text: "Tool error: AbortError (ABORTED)"},
			}},
		},
		{
			name: "fs-glob-sampling--session.jsonl:call_00_1cLZjkCW0vxVw0e3xVfh3430",
			wantCall: cards.GenericCall{
				Title: "Glob * in tree", Kind: cards.KindSearch,
				RawInput: json.RawMessage(`{"pattern":"*","path":"tree"}`),
			},
			wantResult: cards.SearchPaths{
				Paths:     []string{"tree/archive/a.ts", "tree/docs/guide.md", "tree/src/index.ts", "tree/test/spec.ts"},
				Truncated: true, Total: 8,
			},
		},
		{
			name:       "web-fetch--session.jsonl:call_00_sxjOyfDYN07koiE7jiIa5326",
			wantCall:   cards.GenericCall{Title: "Fetch http://127.0.0.1:43117/menu.html", Kind: cards.KindFetch},
			wantResult: cards.WebFetch{URL: "http://127.0.0.1:43117/menu.html", StatusCode: 200},
		},
		{
			name: "todo-write--session.jsonl:call_00_UHvM5RrwIkjNJ9xh3S735164",
			wantCall: cards.GenericCall{Title: "Todos · 0/3 done · 2 in progress", Kind: cards.KindOther, Content: []cards.ContentBlock{cards.TextBlock{Text: "" +
				"- [ ] **read the code** (in progress)\n" +
				"- [ ] **watch the background build** (in progress)\n" +
				"- [ ] write the fix", Markdown: true}}},
			wantResult: cards.GenericResult{},
		},
		{
			name:     "background-job-admission--session.jsonl:bounded-task-kill",
			wantCall: cards.GenericCall{Title: "Kill background job bash-1", Kind: cards.KindExecute, RawInput: json.RawMessage(`"bash-1"`), Content: []cards.ContentBlock{cards.TextBlock{Text: "free the bounded task slot"}}},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, ok := byName[c.name]
			require.True(t, ok, "fixture call not found")
			if c.wantCall != nil {
				require.Equal(t, c.wantCall, call(t, p.tool, p.args))
			}
			if c.wantResult != nil {
				require.Equal(t, c.wantResult, result(t, p.tool, p.args, p.result))
			}
		})
	}
}

// TestFixtureSpilledBashHasNoExitStatus: a result the harness cut short
// lost its exit marker with its tail, so the status is unknown rather than
// a made-up exit 0.
func TestFixtureSpilledBashHasNoExitStatus(t *testing.T) {
	for _, p := range fixturePairs(t) {
		if p.name != "bash-spill--session.jsonl:call_spill" {
			continue
		}
		view := result(t, p.tool, p.args, p.result)
		terminal, ok := view.(cards.TerminalResult)
		require.True(t, ok, "%#v", view)
		require.Nil(t, terminal.ExitCode)
		require.Contains(t, terminal.Output, "Full formatted result stored at:")
		return
	}
	t.Fatal("fixture call not found")
}
