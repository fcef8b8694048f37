package fakemodel

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestChatStream(t *testing.T) {
	url, _ := start(t)
	_, data := post(t, url+"/v1/chat/completions", `{"model":"m","stream":true,"messages":[
		{"role":"system","content":"sys"},{"role":"user","content":"fix the bug"}]}`)
	events := parseSSE(t, data)
	require.Equal(t, "[DONE]", events[len(events)-1].Data)
	text, reasoning := "", ""
	calls := map[int]map[string]string{}
	var finish any
	var usage map[string]any
	for _, e := range events[:len(events)-1] {
		m := decode(t, e.Data)
		assert.Equal(t, "chat.completion.chunk", m["object"])
		if u, ok := m["usage"].(map[string]any); ok {
			usage = u
		}
		for _, c := range m["choices"].([]any) {
			ch := c.(map[string]any)
			if ch["finish_reason"] != nil {
				finish = ch["finish_reason"]
			}
			d := ch["delta"].(map[string]any)
			text += str(d["content"])
			reasoning += str(d["reasoning_content"])
			tcs, _ := d["tool_calls"].([]any)
			for _, tc := range tcs {
				tcm := tc.(map[string]any)
				i := int(tcm["index"].(float64))
				if calls[i] == nil {
					calls[i] = map[string]string{}
				}
				fn := tcm["function"].(map[string]any)
				calls[i]["id"] += str(tcm["id"])
				calls[i]["name"] += str(fn["name"])
				calls[i]["args"] += str(fn["arguments"])
			}
		}
	}
	assert.Equal(t, "Reading it.", text)
	assert.Equal(t, "Let me look at the file first.", reasoning)
	assert.Equal(t, "tool_calls", finish)
	require.Len(t, calls, 1)
	assert.Equal(t, "Read", calls[0]["name"])
	assert.NotEmpty(t, calls[0]["id"])
	assert.JSONEq(t, `{"file_path":"/p/a.go"}`, calls[0]["args"])
	assert.Contains(t, usage, "prompt_tokens")
}

func str(v any) string {
	s, _ := v.(string)
	return s
}

func TestChatNonStream(t *testing.T) {
	url, _ := start(t)
	_, data := post(t, url+"/v1/chat/completions", `{"messages":[{"role":"user","content":[{"type":"text","text":"fix the bug"}]},
		{"role":"assistant","content":"x"},{"role":"tool","tool_call_id":"a","content":"y"}]}`)
	var resp struct {
		Choices []struct {
			Message struct {
				ToolCalls []struct {
					Function struct {
						Name      string `json:"name"`
						Arguments string `json:"arguments"`
					} `json:"function"`
				} `json:"tool_calls"`
			} `json:"message"`
			FinishReason string `json:"finish_reason"`
		} `json:"choices"`
	}
	require.NoError(t, json.Unmarshal(data, &resp))
	require.Len(t, resp.Choices, 1)
	assert.Equal(t, "tool_calls", resp.Choices[0].FinishReason)
	require.Len(t, resp.Choices[0].Message.ToolCalls, 2)
	assert.Equal(t, "{not json", resp.Choices[0].Message.ToolCalls[1].Function.Arguments)
}
