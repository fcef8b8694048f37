package fakemodel

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
)

// maxBody bounds a request body the server reads.
const maxBody = 64 << 20

// Server answers model API requests from a scenario.
type Server struct {
	scenario *Scenario
	model    string
	seq      atomic.Int64

	logMu sync.Mutex
	log   io.Writer
}

// LogEntry is one line of the request log.
type LogEntry struct {
	Method       string `json:"method"`
	Path         string `json:"path"`
	Wire         string `json:"wire,omitempty"`
	Stream       bool   `json:"stream,omitempty"`
	Conversation string `json:"conversation,omitempty"`
	Step         int    `json:"step"`
	FirstUser    string `json:"firstUser,omitempty"`
	// Tools are the names of the tools the request offers.
	Tools []string `json:"tools,omitempty"`
	Error string   `json:"error,omitempty"`
}

// New makes a server for a scenario; log, when not nil, receives one
// JSON line per request.
func New(s *Scenario, log io.Writer) *Server {
	return &Server{scenario: s, model: "fake-model", log: log}
}

// CheckLoopback refuses a listen address that is not on a loopback
// interface: the server is for tests and recordings only.
func CheckLoopback(addr string) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("address %q: %w", addr, err)
	}
	if host == "localhost" {
		return nil
	}
	ip := net.ParseIP(host)
	if ip == nil || !ip.IsLoopback() {
		return fmt.Errorf("address %q: only a loopback address (127.0.0.1, ::1, localhost) is allowed", addr)
	}
	return nil
}

// Listen opens a loopback listener, refusing any other address.
func Listen(addr string) (net.Listener, error) {
	if err := CheckLoopback(addr); err != nil {
		return nil, err
	}
	return net.Listen("tcp", addr)
}

// ServeHTTP routes a request to its wire shape.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	p := r.URL.Path
	switch {
	case r.Method == http.MethodPost && strings.HasSuffix(p, "/messages/count_tokens"):
		s.countTokens(w, r)
	case r.Method == http.MethodPost && strings.HasSuffix(p, "/messages"):
		s.anthropic(w, r)
	case r.Method == http.MethodPost && strings.HasSuffix(p, "/responses"):
		s.responses(w, r)
	case r.Method == http.MethodPost && strings.HasSuffix(p, "/chat/completions"):
		s.chat(w, r)
	case r.Method == http.MethodGet && strings.HasSuffix(p, "/models"):
		s.models(w, r)
	case r.Method == http.MethodPost && strings.Contains(p, "/models/") && strings.Contains(p, ":"):
		s.gemini(w, r)
	default:
		// Whatever else an agent asks at start (metrics, settings) is
		// answered harmlessly.
		s.record(LogEntry{Method: r.Method, Path: p})
		writeJSON(w, map[string]any{})
	}
}

// readBody decodes a request body into v and returns it.
func readBody(r *http.Request, v any) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r.Body, maxBody+1))
	if err != nil {
		return nil, err
	}
	if len(data) > maxBody {
		return nil, errors.New("request body too large")
	}
	return data, json.Unmarshal(data, v)
}

// fail answers a request the server could not read, and logs it.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, wire string, err error) {
	s.record(LogEntry{Method: r.Method, Path: r.URL.Path, Wire: wire, Error: err.Error()})
	http.Error(w, err.Error(), http.StatusBadRequest)
}

// answer picks the reply for a request and logs it.
func (s *Server) answer(r *http.Request, wire string, stream bool, req Request) Reply {
	rep := s.scenario.Answer(req)
	s.record(LogEntry{
		Method: r.Method, Path: r.URL.Path, Wire: wire, Stream: stream,
		Conversation: rep.Conversation, Step: rep.Step, FirstUser: clip(req.FirstUser, 200), Tools: req.Tools,
	})
	return rep
}

func (s *Server) record(e LogEntry) {
	if s.log == nil {
		return
	}
	line, _ := json.Marshal(e)
	s.logMu.Lock()
	defer s.logMu.Unlock()
	_, _ = s.log.Write(append(line, '\n'))
}

// id returns a fresh identifier with a prefix.
func (s *Server) id(prefix string) string {
	return fmt.Sprintf("%s%06d", prefix, s.seq.Add(1))
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}

// tokens is a rough token count for usage figures.
func tokens(s string) int { return len(s)/4 + 1 }

// toolList is a request's tools: {name} (Anthropic, Responses) or
// {function: {name}} (Chat Completions).
type toolList []struct {
	Name     string `json:"name"`
	Type     string `json:"type"`
	Function struct {
		Name string `json:"name"`
	} `json:"function"`
}

func (l toolList) names() []string {
	var out []string
	for _, t := range l {
		switch {
		case t.Name != "":
			out = append(out, t.Name)
		case t.Function.Name != "":
			out = append(out, t.Function.Name)
		default:
			out = append(out, t.Type)
		}
	}
	return out
}
