package fakemodel

import (
	"net/http"
	"strings"
)

// geminiRequest is the part of a generateContent request the server reads.
type geminiRequest struct {
	Contents []struct {
		Role  string `json:"role"`
		Parts []struct {
			Text string `json:"text"`
		} `json:"parts"`
	} `json:"contents"`
	SystemInstruction *struct {
		Parts []struct {
			Text string `json:"text"`
		} `json:"parts"`
	} `json:"systemInstruction"`
}

func (q geminiRequest) request() Request {
	var r Request
	if q.SystemInstruction != nil {
		for _, p := range q.SystemInstruction.Parts {
			r.System += p.Text
		}
	}
	for _, c := range q.Contents {
		if c.Role == "model" {
			r.AssistantTurns++
			continue
		}
		if r.AssistantTurns == 0 {
			for _, p := range c.Parts {
				r.FirstUser += p.Text
			}
		}
	}
	return r
}

// gemini serves POST /v1beta/models/{model}:{method}.
func (s *Server) gemini(w http.ResponseWriter, r *http.Request) {
	rest := r.URL.Path[strings.LastIndex(r.URL.Path, "/models/")+len("/models/"):]
	model, method, _ := strings.Cut(rest, ":")
	var q geminiRequest
	body, err := readBody(r, &q)
	if err != nil {
		s.fail(w, r, "gemini", err)
		return
	}
	req := q.request()
	req.Body = body
	switch method {
	case "countTokens":
		s.record(LogEntry{Method: r.Method, Path: r.URL.Path, Wire: "gemini", FirstUser: clip(req.FirstUser, 200)})
		writeJSON(w, map[string]any{"totalTokens": tokens(req.FirstUser + req.System)})
	case "generateContent":
		rep := s.answer(r, "gemini", false, req)
		writeJSON(w, s.geminiResponse(model, rep.Served, req, rep.Served.Text, true))
	case "streamGenerateContent":
		rep := s.answer(r, "gemini", true, req)
		out := newSSE(w)
		st := rep.Served
		text := chunks(st.Text)
		for i, c := range text {
			last := i == len(text)-1
			part := st
			if !last {
				part = Step{}
			}
			if i > 0 {
				part.Thinking = ""
			}
			out.event("", s.geminiResponse(model, part, req, c, last))
		}
	default:
		s.fail(w, r, "gemini", &unknownMethod{method})
	}
}

type unknownMethod struct{ name string }

func (e *unknownMethod) Error() string { return "unknown method " + e.name }

// geminiResponse is one GenerateContentResponse holding text (and, when
// final, the step's function calls, the finish reason and usage).
func (s *Server) geminiResponse(model string, st Step, req Request, text string, final bool) map[string]any {
	var parts []map[string]any
	if st.Thinking != "" {
		parts = append(parts, map[string]any{"text": st.Thinking, "thought": true})
	}
	if text != "" {
		parts = append(parts, map[string]any{"text": text})
	}
	for _, c := range st.Calls {
		parts = append(parts, map[string]any{"functionCall": map[string]any{
			"id": s.id("call_fake"), "name": c.Name, "args": rawArgs(c.Arguments()),
		}})
	}
	if parts == nil {
		parts = []map[string]any{{"text": ""}}
	}
	cand := map[string]any{"content": map[string]any{"role": "model", "parts": parts}, "index": 0}
	out := map[string]any{"candidates": []map[string]any{cand}, "modelVersion": model, "responseId": s.id("gem_fake")}
	if final {
		cand["finishReason"] = "STOP"
		out["usageMetadata"] = map[string]any{
			"promptTokenCount": tokens(req.FirstUser), "candidatesTokenCount": tokens(st.Text),
			"totalTokenCount": tokens(req.FirstUser) + tokens(st.Text),
		}
	}
	return out
}
