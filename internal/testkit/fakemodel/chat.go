package fakemodel

import (
	"encoding/json"
	"net/http"
	"time"
)

// chatRequest is the part of a Chat Completions request the server reads.
type chatRequest struct {
	Tools    toolList `json:"tools"`
	Model    string   `json:"model"`
	Stream   bool     `json:"stream"`
	Messages []struct {
		Role    string          `json:"role"`
		Content json.RawMessage `json:"content"`
	} `json:"messages"`
}

func (q chatRequest) request() Request {
	r := Request{Tools: q.Tools.names()}
	for _, m := range q.Messages {
		switch m.Role {
		case "assistant":
			r.AssistantTurns++
		case "system", "developer":
			r.System += responsesText(m.Content)
		case "user":
			if r.AssistantTurns == 0 {
				r.FirstUser += responsesText(m.Content)
			}
		}
	}
	return r
}

func (s *Server) chat(w http.ResponseWriter, r *http.Request) {
	var q chatRequest
	body, err := readBody(r, &q)
	if err != nil {
		s.fail(w, r, "chat", err)
		return
	}
	req := q.request()
	req.Body = body
	rep := s.answer(r, "chat", q.Stream, req)
	model := q.Model
	if model == "" {
		model = s.model
	}
	st := rep.Served
	var calls []map[string]any
	for _, c := range st.Calls {
		calls = append(calls, map[string]any{
			"id": s.id("call_fake"), "type": "function",
			"function": map[string]any{"name": c.Name, "arguments": c.Arguments()},
		})
	}
	finish := "stop"
	if len(calls) > 0 {
		finish = "tool_calls"
	}
	usage := map[string]any{
		"prompt_tokens": tokens(req.FirstUser), "completion_tokens": tokens(st.Text),
		"total_tokens": tokens(req.FirstUser) + tokens(st.Text),
	}
	head := map[string]any{"id": s.id("chatcmpl-fake"), "created": time.Now().Unix(), "model": model}
	if !q.Stream {
		msg := map[string]any{"role": "assistant", "content": st.Text}
		if st.Thinking != "" {
			msg["reasoning_content"] = st.Thinking
		}
		if calls != nil {
			msg["tool_calls"] = calls
		}
		writeJSON(w, merge(head, map[string]any{
			"object":  "chat.completion",
			"choices": []map[string]any{{"index": 0, "message": msg, "finish_reason": finish}},
			"usage":   usage,
		}))
		return
	}
	chatStream(newSSE(w), head, st, calls, finish, usage)
}

// chatStream sends a reply as Chat Completions chunks, usage in the last.
func chatStream(out *sse, head map[string]any, st Step, calls []map[string]any, finish string, usage map[string]any) {
	chunk := func(delta map[string]any, finish any) {
		out.event("", merge(head, map[string]any{
			"object":  "chat.completion.chunk",
			"choices": []map[string]any{{"index": 0, "delta": delta, "finish_reason": finish}},
		}))
	}
	chunk(map[string]any{"role": "assistant", "content": ""}, nil)
	if st.Thinking != "" {
		for _, c := range chunks(st.Thinking) {
			chunk(map[string]any{"reasoning_content": c}, nil)
		}
	}
	if st.Text != "" {
		for _, c := range chunks(st.Text) {
			chunk(map[string]any{"content": c}, nil)
		}
	}
	for i, call := range calls {
		fn := call["function"].(map[string]any)
		chunk(map[string]any{"tool_calls": []map[string]any{{
			"index": i, "id": call["id"], "type": "function",
			"function": map[string]any{"name": fn["name"], "arguments": ""},
		}}}, nil)
		for _, c := range chunks(fn["arguments"].(string)) {
			chunk(map[string]any{"tool_calls": []map[string]any{{"index": i, "function": map[string]any{"arguments": c}}}}, nil)
		}
	}
	chunk(map[string]any{}, finish)
	out.event("", merge(head, map[string]any{"object": "chat.completion.chunk", "choices": []any{}, "usage": usage}))
	out.raw("", "[DONE]")
}

func merge(a, b map[string]any) map[string]any {
	out := make(map[string]any, len(a)+len(b))
	for k, v := range a {
		out[k] = v
	}
	for k, v := range b {
		out[k] = v
	}
	return out
}
