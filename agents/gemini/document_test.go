package gemini_test

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/agents/gemini"
	"github.com/cardtui/cardtui/agents/nodb"
	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/golden"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
	"github.com/cardtui/cardtui/replay"
)

// chatDocument is a chat as Gemini CLI wrote it before its JSON lines:
// one indented document, with a shell call whose AnsiOutput rows are
// padded to the terminal's width, a failed read, an edit, notices, and
// the tool response recorded again as a user message.
const chatDocument = "testdata/chat-document/session-2026-01-30T06-08-7c0ffee0.json"

// loadDocument reads a chat document with Document, as the lines of the
// gemini format.
func loadDocument(t *testing.T, path string) *replay.Transcript {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	rc, err := gemini.Document.Open(path, f, "")
	require.NoError(t, err)
	data, err := io.ReadAll(rc)
	require.NoError(t, err)
	tr := replaytest.LoadBytes(t, nodb.Options(gemini.Document.Format), data)
	replaytest.CheckAccounted(t, data, tr)
	return tr
}

func TestChatDocument(t *testing.T) {
	tr := loadDocument(t, chatDocument)
	assert.Empty(t, replaytest.Problems(tr))
	golden.Assert(t, "chat-100.txt", replaytest.RenderPlain(tr, 100))

	var outcomes []string
	for _, c := range replaytest.ToolCards(tr) {
		outcomes = append(outcomes, c.Tool+":"+c.Outcome.String())
	}
	assert.Equal(t, []string{"run_shell_command:done", "read_file:failed", "replace:done"}, outcomes)
	shell := replaytest.ToolCards(tr)[0]
	out, ok := shell.Result.(cards.TerminalResult)
	require.True(t, ok, "%T", shell.Result)
	assert.Equal(t, "calc.py\nREADME.md", out.Output, "the rows' padding and the blank rows at the end are dropped")
	assert.Len(t, replaytest.Messages(tr, cards.RoleUser), 1, "a recorded tool response is no prompt")
}

// The sessions list finds the chat documents beside the logs and reads
// them as the viewer does.
func TestChatDocumentSessions(t *testing.T) {
	home := t.TempDir()
	data, err := os.ReadFile(chatDocument)
	require.NoError(t, err)
	dir := filepath.Join(home, ".gemini", "tmp", "0f3c0f4e", "chats")
	require.NoError(t, os.MkdirAll(dir, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, filepath.Base(chatDocument)), data, 0o644))

	list := listSessions(t, home)
	require.Len(t, list, 1)
	s := list[0]
	assert.Empty(t, s.Problem)
	assert.Equal(t, "List the files, then fix calc.py", s.FirstPrompt)
	assert.Equal(t, 3, s.ToolCalls)
	assert.Equal(t, "2026-01-30T06:08:00Z", s.Started.Format("2006-01-02T15:04:05Z07:00"))
	assert.True(t, strings.HasSuffix(s.Path, ".json"))
}

// oneCallTitle is the title of the one call of a chat document whose
// one gemini message records it as toolCall (a JSON object).
func oneCallTitle(t *testing.T, toolCall string) string {
	t.Helper()
	doc := `{"sessionId":"7c0ffee0-1111-4222-8333-444455556677","projectHash":"0f3c","startTime":"2026-01-30T06:08:00.000Z",
"lastUpdated":"2026-01-30T06:12:00.000Z","messages":[
{"id":"m2","timestamp":"2026-01-30T06:08:01.000Z","type":"gemini","content":"","toolCalls":[` + toolCall + `]}]}`
	path := filepath.Join(t.TempDir(), "session-2026-01-30T06-08-7c0ffee0.json")
	require.NoError(t, os.WriteFile(path, []byte(doc), 0o600))
	cs := replaytest.ToolCards(loadDocument(t, path))
	require.Len(t, cs, 1)
	return replaytest.CallTitle(cs[0].Call)
}

// TestToolDescriptionIsNoTitle: Gemini CLI versions that recorded the
// tool's own description (what it tells the model the tool does) in a
// call's "description" title the call from its arguments, as Gemini CLI's
// tool line does, not with that paragraph; a tool without a producer (an
// MCP tool) is titled with its display name.
func TestToolDescriptionIsNoTitle(t *testing.T) {
	title := oneCallTitle(t, `{"id":"read_file-1","name":"read_file",
 "args":{"file_path":"skills/SKILL.md"},"result":[{"functionResponse":{"id":"read_file-1","name":"read_file","response":{"output":"# Skill"}}}],
 "status":"success","timestamp":"2026-01-30T06:08:01.000Z","resultDisplay":"","displayName":"ReadFile",
 "description":"Reads and returns the content of a specified file. If the file is large, the content will be truncated.","renderOutputAsMarkdown":true}`)
	assert.NotContains(t, title, "Reads and returns")
	assert.Contains(t, title, "skills/SKILL.md")

	assert.Equal(t, "get_figma_file (figma MCP Server)", oneCallTitle(t, `{"id":"get_figma_file-1","name":"get_figma_file",
 "args":{"file_key":"abc"},"result":[{"functionResponse":{"id":"get_figma_file-1","name":"get_figma_file","response":{"output":"{}"}}}],
 "status":"success","timestamp":"2026-01-30T06:08:01.000Z","resultDisplay":"","displayName":"get_figma_file (figma MCP Server)",
 "description":"Get a Figma file's metadata and its pages, with the ids of their top nodes.","renderOutputAsMarkdown":true}`))
}
