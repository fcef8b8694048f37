package fakemodel

import (
	"encoding/json"
	"net/http"
	"strings"
)

// anthropicRequest is the part of a Messages API request the server reads.
type anthropicRequest struct {
	Tools    toolList        `json:"tools"`
	Model    string          `json:"model"`
	System   json.RawMessage `json:"system"`
	Stream   bool            `json:"stream"`
	Messages []struct {
		Role    string          `json:"role"`
		Content json.RawMessage `json:"content"`
	} `json:"messages"`
}

// anthropicText is the text of a string or of a list of content blocks.
func anthropicText(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var blocks []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	_ = json.Unmarshal(raw, &blocks)
	var parts []string
	for _, b := range blocks {
		if b.Type == "text" {
			parts = append(parts, b.Text)
		}
	}
	return strings.Join(parts, "\n")
}

func (q anthropicRequest) request() Request {
	r := Request{System: anthropicText(q.System), Tools: q.Tools.names()}
	first := true
	for _, m := range q.Messages {
		switch {
		case m.Role == "assistant":
			r.AssistantTurns++
			first = false
		case m.Role == "user" && first:
			r.FirstUser += anthropicText(m.Content)
		}
	}
	return r
}

func (s *Server) anthropic(w http.ResponseWriter, r *http.Request) {
	var q anthropicRequest
	body, err := readBody(r, &q)
	if err != nil {
		s.fail(w, r, "anthropic", err)
		return
	}
	req := q.request()
	req.Body = body
	rep := s.answer(r, "anthropic", q.Stream, req)
	model := q.Model
	if model == "" {
		model = s.model
	}
	msg := s.anthropicMessage(model, rep.Served, req)
	if !q.Stream {
		writeJSON(w, msg)
		return
	}
	s.anthropicStream(newSSE(w), msg, rep.Served)
}

// anthropicMessage is the whole reply as a non-streamed message.
func (s *Server) anthropicMessage(model string, st Step, req Request) map[string]any {
	var content []map[string]any
	if st.Thinking != "" {
		content = append(content, map[string]any{"type": "thinking", "thinking": st.Thinking, "signature": "fake-signature"})
	}
	if st.Text != "" {
		content = append(content, map[string]any{"type": "text", "text": st.Text})
	}
	stop := "end_turn"
	for _, c := range st.Calls {
		content = append(content, map[string]any{
			"type": "tool_use", "id": s.id("toolu_fake"), "name": c.Name, "input": rawArgs(c.Arguments()),
		})
		stop = "tool_use"
	}
	if content == nil {
		content = []map[string]any{}
	}
	return map[string]any{
		"id": s.id("msg_fake"), "type": "message", "role": "assistant", "model": model,
		"content": content, "stop_reason": stop, "stop_sequence": nil,
		"usage": map[string]any{
			"input_tokens": tokens(req.FirstUser), "output_tokens": tokens(st.Text + st.Thinking),
			"cache_creation_input_tokens": 0, "cache_read_input_tokens": 0,
		},
	}
}

// anthropicStream sends a message as Messages API stream events.
func (s *Server) anthropicStream(out *sse, msg map[string]any, st Step) {
	start := map[string]any{}
	for k, v := range msg {
		start[k] = v
	}
	start["content"] = []any{}
	start["stop_reason"] = nil
	usage := msg["usage"].(map[string]any)
	out.event("message_start", map[string]any{"type": "message_start", "message": start})
	for i, b := range msg["content"].([]map[string]any) {
		s.anthropicBlock(out, i, b)
	}
	out.event("message_delta", map[string]any{
		"type":  "message_delta",
		"delta": map[string]any{"stop_reason": msg["stop_reason"], "stop_sequence": nil},
		"usage": map[string]any{"output_tokens": usage["output_tokens"]},
	})
	out.event("message_stop", map[string]any{"type": "message_stop"})
}

// anthropicBlock streams one content block: start, deltas, stop.
func (s *Server) anthropicBlock(out *sse, i int, b map[string]any) {
	delta := func(d map[string]any) {
		out.event("content_block_delta", map[string]any{"type": "content_block_delta", "index": i, "delta": d})
	}
	var start map[string]any
	var deltas func()
	switch b["type"] {
	case "thinking":
		start = map[string]any{"type": "thinking", "thinking": "", "signature": ""}
		deltas = func() {
			for _, c := range chunks(b["thinking"].(string)) {
				delta(map[string]any{"type": "thinking_delta", "thinking": c})
			}
			delta(map[string]any{"type": "signature_delta", "signature": b["signature"]})
		}
	case "text":
		start = map[string]any{"type": "text", "text": ""}
		deltas = func() {
			for _, c := range chunks(b["text"].(string)) {
				delta(map[string]any{"type": "text_delta", "text": c})
			}
		}
	default:
		start = map[string]any{"type": "tool_use", "id": b["id"], "name": b["name"], "input": map[string]any{}}
		deltas = func() {
			for _, c := range chunks(string(b["input"].(rawArgs))) {
				delta(map[string]any{"type": "input_json_delta", "partial_json": c})
			}
		}
	}
	out.event("content_block_start", map[string]any{"type": "content_block_start", "index": i, "content_block": start})
	deltas()
	out.event("content_block_stop", map[string]any{"type": "content_block_stop", "index": i})
}

func (s *Server) countTokens(w http.ResponseWriter, r *http.Request) {
	var q anthropicRequest
	body, err := readBody(r, &q)
	if err != nil {
		s.fail(w, r, "anthropic", err)
		return
	}
	req := q.request()
	req.Body = body
	s.record(LogEntry{Method: r.Method, Path: r.URL.Path, Wire: "anthropic", FirstUser: clip(req.FirstUser, 200)})
	writeJSON(w, map[string]any{"input_tokens": tokens(req.FirstUser + req.System)})
}

// rawArgs is a call's arguments: streamed verbatim, and in a whole
// message as they are when they are valid JSON, else as an empty object.
type rawArgs string

// MarshalJSON writes the arguments, or {} when they are not valid JSON.
func (a rawArgs) MarshalJSON() ([]byte, error) {
	if json.Valid([]byte(a)) {
		return []byte(a), nil
	}
	return []byte("{}"), nil
}
