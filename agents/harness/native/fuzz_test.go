package native_test

import (
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

// fuzzTools are the tool names the fuzz target picks from: the native
// family and one tool without a producer (the seeds index the first 13).
var fuzzTools = []string{
	"read", "write", "edit", "bash", "job_output", "job_list", "job_kill",
	"todo_write", "glob", "grep", "web_search", "web_fetch", "unknown_tool",
	"read_image", "str_replace_editor", "pwsh", "terminal_open", "terminal_send", "terminal_read", "terminal_signal",
	"terminal_close", "terminal_list", "run_code", "workflow", "subagent", "send_message", "list_agents", "report",
	"exit_plan_mode", "ask_user_question", "lsp", "skill", "session_event_read", "cordis_define", "cordis_run",
	"cordis_inspect_self", "cordis_inspect_query", "cordis_undefine", "get_goal", "create_goal", "update_goal",
}

// FuzzProducers: whatever the arguments, metadata and result text, the
// registry returns a view, the same one twice, and the view survives the
// cards codec unchanged.
func FuzzProducers(f *testing.F) {
	for _, seed := range fuzzSeeds(f) {
		f.Add(seed.tool, seed.args, seed.meta, seed.text, seed.isError)
	}
	f.Fuzz(func(t *testing.T, tool uint8, args, meta []byte, text string, isError bool) {
		name := fuzzTools[int(tool)%len(fuzzTools)]
		r := producers.Result{Content: []cards.ContentBlock{cards.TextBlock{Text: text}}, IsError: isError, Meta: meta}

		callView := tools.Call(name, args)
		require.Equal(t, callView, tools.Call(name, args))
		producertest.RequireCallRoundTrip(t, callView)

		resultView := tools.Result(name, args, r)
		require.Equal(t, resultView, tools.Result(name, args, r))
		producertest.RequireResultRoundTrip(t, resultView)
	})
}

type fuzzSeed struct {
	tool       uint8
	args, meta []byte
	text       string
	isError    bool
}

// fuzzSeeds are hand-written inputs plus, when the fixtures are there,
// every call of the real session logs whose tool the target knows.
func fuzzSeeds(f *testing.F) []fuzzSeed {
	seeds := []fuzzSeed{
		{
			0, []byte(`{"file_path":"a.go","offset":5,"limit":4}`),
			[]byte(`{"path":"a.go","offset":5,"lines":[{"number":5,"text":"x"}],"totalLines":9}`), "5: x", false,
		},
		{1, []byte(`{"file_path":"a.go","content":"x"}`), []byte(`{"diffs":[]}`), "Created file", false},
		{
			2, []byte(`{"file_path":"a.go","old_string":"x","new_string":"y"}`),
			[]byte(`{"diffs":[{"path":"a.go","oldText":"x","newText":"y","oldStart":2,"newStart":2}]}`), "ok", false,
		},
		{3, []byte(`{"command":"false","description":"d"}`), nil, "(no output)\n[exit code: 1]", false},
		{3, []byte(`{"command":"sleep 9","description":"d","run_in_background":true}`), nil, "started background job bash-1", false},
		{7, []byte(`{"todos":[{"content":"a","status":"in_progress"}]}`), nil, "Updated todo list", false},
		{8, []byte(`{"pattern":"*"}`), []byte(`{"shape":"paths","paths":["a"],"truncated":false,"total":1}`), "a", false},
		{
			9, []byte(`{"pattern":"x"}`),
			[]byte(`{"shape":"matches","files":[{"path":"a","matches":[{"lineNumber":1,"line":"x"}]}],"truncated":true,"total":5}`), "a:1:x", false,
		},
		{10, []byte(`{"query":"q"}`), []byte(`{"sources":[{"url":"https://x"}],"truncated":false}`), "results", false},
		{11, []byte(`{"url":"https://x"}`), []byte(`{"url":"https://x","statusCode":200,"truncated":false}`), "page", false},
		{12, []byte(`[1,"<&>"]`), []byte(`null`), "bad \xff text", true},
		{0, []byte(`{"file_path":`), []byte(`{`), "", true},
	}
	dir := filepath.Join(golden.Root(f), "..", "shared", "fixtures", "dsh")
	if _, err := os.Stat(dir); err != nil {
		return seeds
	}
	index := map[string]uint8{}
	for i, name := range fuzzTools {
		index[name] = uint8(i)
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	require.NoError(f, err)
	for _, file := range files {
		for _, p := range readFixture(f, file) {
			i, ok := index[p.tool]
			if !ok || !p.hasResult {
				continue
			}
			var text string
			if all := producertest.Texts(p.result.Content); len(all) > 0 {
				text = all[0]
			}
			seeds = append(seeds, fuzzSeed{i, []byte(p.args), p.result.Meta, text, p.result.IsError})
		}
	}
	return seeds
}

// TestMetaNeverBreaksAView feeds JSON values of every type as the meta of
// every native tool; a view always comes back valid.
func TestMetaNeverBreaksAView(t *testing.T) {
	values := []string{
		`null`, `true`, `0`, `-1`, `"x"`, `[]`, `{}`, `[{}]`, `{"diffs":null}`, `{"diffs":[{}]}`,
		`{"shape":"paths"}`, `{"lines":{}}`, `{"sources":[null]}`, `{"url":1}`, `{"path":"a","offset":1e99}`,
	}
	for _, tool := range fuzzTools {
		for _, meta := range values {
			args, _ := json.Marshal(map[string]any{
				"file_path": "a", "content": "c", "old_string": "o", "new_string": "n",
				"command": "ls", "description": "d", "job_id": "j", "todos": []any{}, "pattern": "p", "query": "q", "url": "u",
			})
			result(t, tool, string(args), withMeta("text", meta))
		}
	}
}
