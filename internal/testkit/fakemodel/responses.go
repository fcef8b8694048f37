package fakemodel

import (
	"encoding/json"
	"net/http"
	"time"
)

// responsesRequest is the part of a Responses API request the server reads.
type responsesRequest struct {
	Tools        toolList        `json:"tools"`
	Model        string          `json:"model"`
	Instructions string          `json:"instructions"`
	Input        json.RawMessage `json:"input"`
	Stream       bool            `json:"stream"`
}

// responsesItem is one input item.
type responsesItem struct {
	Type    string          `json:"type"`
	Role    string          `json:"role"`
	Content json.RawMessage `json:"content"`
}

// assistantSide reports whether an input item is the model's output.
func (it responsesItem) assistantSide() bool {
	switch it.Type {
	case "message", "":
		return it.Role == "assistant"
	case "function_call_output", "custom_tool_call_output", "local_shell_call_output", "item_reference":
		return false
	}
	return true
}

func responsesText(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var parts []struct {
		Text string `json:"text"`
	}
	_ = json.Unmarshal(raw, &parts)
	out := ""
	for _, p := range parts {
		out += p.Text + "\n"
	}
	return out
}

func (q responsesRequest) request() Request {
	r := Request{System: q.Instructions, Tools: q.Tools.names()}
	var s string
	if json.Unmarshal(q.Input, &s) == nil {
		r.FirstUser = s
		return r
	}
	var items []responsesItem
	_ = json.Unmarshal(q.Input, &items)
	inTurn := false
	for _, it := range items {
		side := it.assistantSide()
		if side && !inTurn {
			r.AssistantTurns++
		}
		inTurn = side
		if r.AssistantTurns == 0 && it.Role == "user" {
			r.FirstUser += responsesText(it.Content)
		}
		if it.Role == "system" || it.Role == "developer" {
			r.System += responsesText(it.Content)
		}
	}
	return r
}

func (s *Server) responses(w http.ResponseWriter, r *http.Request) {
	var q responsesRequest
	body, err := readBody(r, &q)
	if err != nil {
		s.fail(w, r, "responses", err)
		return
	}
	req := q.request()
	req.Body = body
	rep := s.answer(r, "responses", q.Stream, req)
	model := q.Model
	if model == "" {
		model = s.model
	}
	items := s.responsesItems(rep.Served)
	resp := map[string]any{
		"id": s.id("resp_fake"), "object": "response", "created_at": time.Now().Unix(),
		"status": "completed", "model": model, "output": items,
		"usage": map[string]any{
			"input_tokens": tokens(req.FirstUser), "input_tokens_details": map[string]any{"cached_tokens": 0},
			"output_tokens": tokens(rep.Served.Text), "output_tokens_details": map[string]any{"reasoning_tokens": tokens(rep.Served.Thinking)},
			"total_tokens": tokens(req.FirstUser) + tokens(rep.Served.Text),
		},
	}
	if !q.Stream {
		writeJSON(w, resp)
		return
	}
	s.responsesStream(newSSE(w), resp, items)
}

// responsesItems are a step's output items, complete.
func (s *Server) responsesItems(st Step) []map[string]any {
	var items []map[string]any
	if st.Thinking != "" {
		items = append(items, map[string]any{
			"type": "reasoning", "id": s.id("rs_fake"),
			"summary": []map[string]any{{"type": "summary_text", "text": st.Thinking}},
		})
	}
	if st.Text != "" {
		items = append(items, map[string]any{
			"type": "message", "id": s.id("msg_fake"), "status": "completed", "role": "assistant",
			"content": []map[string]any{{"type": "output_text", "text": st.Text, "annotations": []any{}}},
		})
	}
	for _, c := range st.Calls {
		if c.Freeform() {
			items = append(items, map[string]any{
				"type": "custom_tool_call", "id": s.id("ctc_fake"), "call_id": s.id("call_fake"),
				"status": "completed", "name": c.Name, "input": *c.Input,
			})
			continue
		}
		items = append(items, map[string]any{
			"type": "function_call", "id": s.id("fc_fake"), "call_id": s.id("call_fake"),
			"status": "completed", "name": c.Name, "arguments": c.Arguments(),
		})
	}
	if items == nil {
		items = []map[string]any{}
	}
	return items
}

// responsesStream sends a response as Responses API stream events.
func (s *Server) responsesStream(out *sse, resp map[string]any, items []map[string]any) {
	seq := 0
	send := func(typ string, fields map[string]any) {
		fields["type"] = typ
		fields["sequence_number"] = seq
		seq++
		out.event(typ, fields)
	}
	created := map[string]any{}
	for k, v := range resp {
		created[k] = v
	}
	created["status"], created["output"] = "in_progress", []any{}
	delete(created, "usage")
	send("response.created", map[string]any{"response": created})
	send("response.in_progress", map[string]any{"response": created})
	for i, it := range items {
		s.responsesItem(send, i, it)
	}
	send("response.completed", map[string]any{"response": resp})
}

// responsesItem streams one output item: added, deltas, done.
func (s *Server) responsesItem(send func(string, map[string]any), i int, it map[string]any) {
	id := it["id"]
	added := map[string]any{}
	for k, v := range it {
		added[k] = v
	}
	switch it["type"] {
	case "reasoning":
		added["summary"] = []any{}
		send("response.output_item.added", map[string]any{"output_index": i, "item": added})
		text := it["summary"].([]map[string]any)[0]["text"].(string)
		part := map[string]any{"type": "summary_text", "text": ""}
		send("response.reasoning_summary_part.added", map[string]any{"item_id": id, "output_index": i, "summary_index": 0, "part": part})
		for _, c := range chunks(text) {
			send("response.reasoning_summary_text.delta", map[string]any{"item_id": id, "output_index": i, "summary_index": 0, "delta": c})
		}
		send("response.reasoning_summary_text.done", map[string]any{"item_id": id, "output_index": i, "summary_index": 0, "text": text})
		send("response.reasoning_summary_part.done", map[string]any{"item_id": id, "output_index": i, "summary_index": 0, "part": map[string]any{"type": "summary_text", "text": text}})
	case "message":
		added["content"], added["status"] = []any{}, "in_progress"
		send("response.output_item.added", map[string]any{"output_index": i, "item": added})
		part := it["content"].([]map[string]any)[0]
		text := part["text"].(string)
		send("response.content_part.added", map[string]any{"item_id": id, "output_index": i, "content_index": 0, "part": map[string]any{"type": "output_text", "text": "", "annotations": []any{}}})
		for _, c := range chunks(text) {
			send("response.output_text.delta", map[string]any{"item_id": id, "output_index": i, "content_index": 0, "delta": c, "logprobs": []any{}})
		}
		send("response.output_text.done", map[string]any{"item_id": id, "output_index": i, "content_index": 0, "text": text, "logprobs": []any{}})
		send("response.content_part.done", map[string]any{"item_id": id, "output_index": i, "content_index": 0, "part": part})
	case "custom_tool_call":
		added["input"], added["status"] = "", "in_progress"
		send("response.output_item.added", map[string]any{"output_index": i, "item": added})
		in := it["input"].(string)
		for _, c := range chunks(in) {
			send("response.custom_tool_call_input.delta", map[string]any{"item_id": id, "output_index": i, "delta": c})
		}
		send("response.custom_tool_call_input.done", map[string]any{"item_id": id, "output_index": i, "input": in})
	default:
		added["arguments"], added["status"] = "", "in_progress"
		send("response.output_item.added", map[string]any{"output_index": i, "item": added})
		args := it["arguments"].(string)
		for _, c := range chunks(args) {
			send("response.function_call_arguments.delta", map[string]any{"item_id": id, "output_index": i, "delta": c})
		}
		send("response.function_call_arguments.done", map[string]any{"item_id": id, "output_index": i, "arguments": args})
	}
	send("response.output_item.done", map[string]any{"output_index": i, "item": it})
}

// models lists the one model, in both the OpenAI list shape and the
// Gemini one.
func (s *Server) models(w http.ResponseWriter, r *http.Request) {
	s.record(LogEntry{Method: r.Method, Path: r.URL.Path, Wire: "models"})
	writeJSON(w, map[string]any{
		"object": "list",
		"data":   []map[string]any{{"id": s.model, "object": "model", "created": 0, "owned_by": "fakemodel"}},
	})
}
