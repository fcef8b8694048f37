package fakemodel

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const testScenario = `{
  "default": "A title",
  "conversations": [
    {"name": "sub", "match": "Explore the repo", "steps": [{"text": "sub-agent done"}]},
    {"name": "main", "match": "fix the bug", "steps": [
      {"thinking": "Let me look at the file first.", "text": "Reading it.",
       "calls": [{"name": "Read", "args": {"file_path": "/p/a.go"}}]},
      {"calls": [{"name": "apply_patch", "input": "*** Begin Patch\n*** End Patch\n"},
                 {"name": "broken", "raw": "{not json"}]},
      {"text": "## Done\n\n- fixed **it**"}
    ]}
  ]
}`

// sseEvent is one parsed server-sent event.
type sseEvent struct {
	Name string
	Data string
}

// start serves the test scenario and returns its URL and request log.
func start(t *testing.T) (string, *bytes.Buffer) {
	t.Helper()
	sc, err := Parse([]byte(testScenario))
	require.NoError(t, err)
	var log bytes.Buffer
	srv := httptest.NewServer(New(sc, &syncWriter{w: &log}))
	t.Cleanup(srv.Close)
	return srv.URL, &log
}

type syncWriter struct{ w io.Writer }

func (s *syncWriter) Write(p []byte) (int, error) { return s.w.Write(p) }

// post sends a JSON body and returns the response body.
func post(t *testing.T, url string, body string) (*http.Response, []byte) {
	t.Helper()
	resp, err := http.Post(url, "application/json", strings.NewReader(body))
	require.NoError(t, err)
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, resp.StatusCode, string(data))
	return resp, data
}

// parseSSE reads the events of a stream.
func parseSSE(t *testing.T, data []byte) []sseEvent {
	t.Helper()
	var out []sseEvent
	var cur sseEvent
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := sc.Text()
		switch {
		case line == "":
			if cur.Data != "" {
				out = append(out, cur)
			}
			cur = sseEvent{}
		case strings.HasPrefix(line, "event: "):
			cur.Name = strings.TrimPrefix(line, "event: ")
		case strings.HasPrefix(line, "data: "):
			cur.Data = strings.TrimPrefix(line, "data: ")
		default:
			t.Fatalf("unexpected SSE line %q", line)
		}
	}
	require.Empty(t, cur.Data, "the stream ends with a blank line")
	return out
}

// decode decodes an event's data into a generic map.
func decode(t *testing.T, data string) map[string]any {
	t.Helper()
	var m map[string]any
	require.NoError(t, json.Unmarshal([]byte(data), &m), data)
	return m
}

func TestLogRecordsEveryRequest(t *testing.T) {
	url, log := start(t)
	post(t, url+"/v1/messages", `{"tools":[{"name":"Read"},{"name":"Bash"}],"messages":[{"role":"user","content":"please fix the bug"}]}`)
	post(t, url+"/api/event_logging/batch", `{}`)
	lines := strings.Split(strings.TrimSpace(log.String()), "\n")
	require.Len(t, lines, 2)
	first := decode(t, lines[0])
	assert.Equal(t, "/v1/messages", first["path"])
	assert.Equal(t, "main", first["conversation"])
	assert.EqualValues(t, 0, first["step"])
	assert.Equal(t, []any{"Read", "Bash"}, first["tools"])
	assert.Equal(t, "/api/event_logging/batch", decode(t, lines[1])["path"])
}

func TestCheckLoopback(t *testing.T) {
	for _, ok := range []string{"127.0.0.1:0", "[::1]:8080", "localhost:0", "127.0.0.2:1"} {
		assert.NoError(t, CheckLoopback(ok), ok)
	}
	for _, bad := range []string{":0", "0.0.0.0:0", "[::]:0", "192.168.1.4:80", "example.com:80", "127.0.0.1"} {
		assert.Error(t, CheckLoopback(bad), bad)
	}
	_, err := Listen("0.0.0.0:0")
	assert.Error(t, err)
	ln, err := Listen("127.0.0.1:0")
	require.NoError(t, err)
	require.NoError(t, ln.Close())
}
