package agents_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/agents"
)

// geminiChatDocument is a chat as Gemini CLI wrote it before its JSON
// lines: one indented document.
const geminiChatDocument = "gemini/testdata/chat-document/session-2026-01-30T06-08-7c0ffee0.json"

// A chat document is read whole; one that is no JSON says why, and a
// log of JSON lines is no document.
func TestChatDocumentMatch(t *testing.T) {
	rc, format, ok, err := agents.OpenDocument(geminiChatDocument)
	require.NoError(t, err)
	require.True(t, ok, "a chat document is one of agents.Documents")
	assert.Equal(t, "gemini", format)
	require.NoError(t, rc.Close())

	_, _, ok, err = agents.OpenDocument("gemini/testdata/gemini-0.61.0/chat.jsonl")
	require.NoError(t, err)
	assert.False(t, ok, "a log of lines is no document")

	bad := filepath.Join(t.TempDir(), "session-x.json")
	require.NoError(t, os.WriteFile(bad, []byte("{\n  \"sessionId\": \"s\",\n  \"projectHash\": \"h\",\n  \"messages\": [\n"), 0o644))
	_, _, ok, err = agents.OpenDocument(bad)
	assert.True(t, ok)
	assert.ErrorContains(t, err, "gemini chat")
}
