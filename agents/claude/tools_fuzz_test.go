package claude_test

import (
	"encoding/json"
	"maps"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/agents/claude"
	"github.com/cardtui/cardtui/agents/codex"
	"github.com/cardtui/cardtui/internal/testkit/producertest"
)

// FuzzClaudeAndCodexProducers: whatever the arguments, tool_result content
// and toolUseResult (or end event), the Claude and Codex registries return
// a view, the same one twice, that survives the cards codec unchanged. It
// lives beside the Claude producers and fuzzes the Codex registry too.
func FuzzClaudeAndCodexProducers(f *testing.F) {
	f.Add(uint8(0), []byte(`{"file_path":"a.go","offset":2,"limit":2}`), []byte(`"x"`),
		[]byte(`{"type":"text","file":{"filePath":"a.go","content":"a\nb","startLine":2,"totalLines":3}}`), false)
	f.Add(uint8(2), []byte(`{"file_path":"a","old_string":"a","new_string":"b"}`), []byte(`"ok"`),
		[]byte(`{"structuredPatch":[{"oldStart":1,"newStart":1,"lines":["-a","+b","\\ No newline at end of file"]}]}`), false)
	f.Add(uint8(5), []byte(`{"command":"false"}`), []byte(`"Exit code 1\nno"`), []byte(`"Error: Exit code 1\nno"`), true)
	f.Add(uint8(10), []byte(`{"pattern":"x","output_mode":"content"}`), []byte(`"a:1:x"`), []byte(`{"mode":"content","content":"a:1:x\nb:2:x"}`), false)
	f.Add(uint8(100), []byte(`{"command":["bash","-lc","ls"]}`), []byte(`"Exit code: 0\nWall time: 1 seconds\nOutput:\nx"`),
		[]byte(`{"exit_code":0,"duration":{"secs":1,"nanos":5}}`), false)
	f.Add(uint8(106), []byte(`{"input":"*** Begin Patch\n*** Update File: a\n@@\n-a\n+b\n*** End Patch"}`), []byte(`"Success."`),
		[]byte(`{"success":true,"changes":{"a":{"update":{"unified_diff":"@@ -1 +1 @@\n-a\n+b\n"}}}}`), false)

	f.Add(uint8(1), []byte(`{"questions":[{"question":"Which?","options":[{"label":"A"}]}]}`), []byte(`"ok"`),
		[]byte(`{"answers":{"Which?":["A"]}}`), false)
	f.Add(uint8(20), []byte(`{"taskId":"1","status":"completed"}`), []byte(`"ok"`),
		[]byte(`{"taskId":"1","statusChange":{"from":"pending","to":"completed"},"tasks":[{"id":"1","subject":"a"}]}`), false)

	claudeNames := slices.Sorted(maps.Keys(claudeTools))
	codexNames := slices.Sorted(maps.Keys(codexTools))
	f.Fuzz(func(t *testing.T, tool uint8, args, content, meta []byte, isError bool) {
		reg, names := claudeTools, claudeNames
		if tool >= 100 {
			reg, names = codexTools, codexNames
		}
		name := names[int(tool)%len(names)]
		callView := reg.Call(name, args)
		require.Equal(t, callView, reg.Call(name, args))
		producertest.RequireCallRoundTrip(t, callView)

		r := claude.ToolResult(json.RawMessage(content), isError, json.RawMessage(meta))
		resultView := reg.Result(name, args, r)
		require.Equal(t, resultView, reg.Result(name, args, r))
		producertest.RequireResultRoundTrip(t, resultView)
	})
}

// codexTools is the Codex registry, fuzzed with the Claude one.
var codexTools = codex.Tools()
