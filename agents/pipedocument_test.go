package agents_test

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/agents"
)

// An opencode export piped in is read as a document; anything else comes
// back whole, as the lines it was, for the log decoders.
func TestPipeDocument(t *testing.T) {
	export, err := os.ReadFile("opencode/testdata/opencode-1.18.33/export.json")
	require.NoError(t, err)
	_, doc, format, err := agents.PipeDocument(strings.NewReader(string(export)))
	require.NoError(t, err)
	require.NotNil(t, doc, "an export is a document")
	assert.Equal(t, "opencode", format)
	lines, err := io.ReadAll(doc)
	require.NoError(t, err)
	assert.Contains(t, string(lines), "Let me read the calculator.")

	for name, in := range map[string]string{
		"a log":                        "{\"type\":\"user\"}\n{\"type\":\"assistant\"}\n",
		"an indented document of none": "{\n  \"x\": 1\n}\n",
		"a first line over the head":   strings.Repeat("x", 2000) + "\n{\n",
		"no newline":                   "{",
		"empty":                        "",
	} {
		t.Run(name, func(t *testing.T) {
			lines, doc, _, err := agents.PipeDocument(strings.NewReader(in))
			require.NoError(t, err)
			assert.Nil(t, doc)
			got, err := io.ReadAll(lines)
			require.NoError(t, err)
			assert.Equal(t, in, string(got), "every byte given back")
		})
	}
}

// A log's first line is all PipeDocument waits for: a live pipe whose
// writer has written one line and waits is not held up.
func TestPipeDocumentWaitsForOneLineOnly(t *testing.T) {
	r, w := io.Pipe()
	defer w.Close()
	go w.Write([]byte("{\"type\":\"user\"}\n"))
	done := make(chan error, 1)
	go func() {
		_, _, _, err := agents.PipeDocument(r)
		done <- err
	}()
	select {
	case err := <-done:
		assert.NoError(t, err)
	case <-time.After(10 * time.Second):
		t.Fatal("PipeDocument waited for more than the first line of a log")
	}
}

// A piped export that is not valid JSON is one error saying so.
func TestPipeDocumentThatCannotBeRead(t *testing.T) {
	_, _, _, err := agents.PipeDocument(strings.NewReader("{\n  \"info\": {\"id\": \n"))
	assert.Error(t, err)
}

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
