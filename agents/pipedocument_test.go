package agents_test

import (
	"io"
	"os"
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
