package fakemodel

import (
	"encoding/json"
	"fmt"
	"net/http"
)

// sse writes server-sent events.
type sse struct {
	w http.ResponseWriter
	f http.Flusher
}

func newSSE(w http.ResponseWriter) *sse {
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusOK)
	f, _ := w.(http.Flusher)
	return &sse{w: w, f: f}
}

// event writes one event with a name (none when empty) and JSON data.
func (s *sse) event(name string, data any) {
	b, _ := json.Marshal(data)
	s.raw(name, string(b))
}

// raw writes one event with literal data.
func (s *sse) raw(name, data string) {
	if name != "" {
		fmt.Fprintf(s.w, "event: %s\n", name)
	}
	fmt.Fprintf(s.w, "data: %s\n\n", data)
	if s.f != nil {
		s.f.Flush()
	}
}

// chunks cuts text into a few pieces, so that clients see real deltas.
func chunks(s string) []string {
	const n = 40
	var out []string
	r := []rune(s)
	for len(r) > n {
		out = append(out, string(r[:n]))
		r = r[n:]
	}
	return append(out, string(r))
}
