package fakemodel

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAnthropicStream(t *testing.T) {
	url, _ := start(t)
	_, data := post(t, url+"/v1/messages", `{"model":"claude-x","stream":true,"system":[{"type":"text","text":"You are Claude"}],
		"messages":[{"role":"user","content":[{"type":"text","text":"<system-reminder/>"},{"type":"text","text":"fix the bug"}]}]}`)
	events := parseSSE(t, data)
	var names []string
	blocks := map[int]map[string]any{}
	text, thinking, args := "", "", ""
	for _, e := range events {
		m := decode(t, e.Data)
		require.Equal(t, e.Name, m["type"], "the event name is the data's type")
		names = append(names, e.Name)
		switch e.Name {
		case "message_start":
			msg := m["message"].(map[string]any)
			assert.Equal(t, "claude-x", msg["model"])
			assert.Equal(t, "assistant", msg["role"])
		case "content_block_start":
			blocks[int(m["index"].(float64))] = m["content_block"].(map[string]any)
		case "content_block_delta":
			d := m["delta"].(map[string]any)
			switch d["type"] {
			case "text_delta":
				text += d["text"].(string)
			case "thinking_delta":
				thinking += d["thinking"].(string)
			case "input_json_delta":
				args += d["partial_json"].(string)
			}
		case "message_delta":
			assert.Equal(t, "tool_use", m["delta"].(map[string]any)["stop_reason"])
			assert.NotNil(t, m["usage"].(map[string]any)["output_tokens"])
		}
	}
	assert.Equal(t, "message_start", names[0])
	assert.Equal(t, "message_delta", names[len(names)-2])
	assert.Equal(t, "message_stop", names[len(names)-1])
	require.Len(t, blocks, 3)
	assert.Equal(t, "thinking", blocks[0]["type"])
	assert.Equal(t, "text", blocks[1]["type"])
	assert.Equal(t, "tool_use", blocks[2]["type"])
	assert.Equal(t, "Read", blocks[2]["name"])
	assert.NotEmpty(t, blocks[2]["id"])
	assert.Equal(t, "Let me look at the file first.", thinking)
	assert.Equal(t, "Reading it.", text)
	assert.JSONEq(t, `{"file_path":"/p/a.go"}`, args)
}

func TestAnthropicNonStreamAndHistory(t *testing.T) {
	url, _ := start(t)
	_, data := post(t, url+"/v1/messages", `{"messages":[
		{"role":"user","content":"fix the bug"},
		{"role":"assistant","content":[{"type":"tool_use","id":"a","name":"Read","input":{}}]},
		{"role":"user","content":[{"type":"tool_result","tool_use_id":"a","content":"x"}]},
		{"role":"assistant","content":"more"},
		{"role":"user","content":"go on"}]}`)
	var msg struct {
		Type       string `json:"type"`
		StopReason string `json:"stop_reason"`
		Content    []struct {
			Type string `json:"type"`
			Text string `json:"text"`
		} `json:"content"`
		Usage map[string]int `json:"usage"`
	}
	require.NoError(t, json.Unmarshal(data, &msg))
	assert.Equal(t, "message", msg.Type)
	assert.Equal(t, "end_turn", msg.StopReason)
	require.Len(t, msg.Content, 1)
	assert.Equal(t, "## Done\n\n- fixed **it**", msg.Content[0].Text, "two assistant turns: the third step")
	assert.Contains(t, msg.Usage, "input_tokens")
}

func TestAnthropicInvalidArgsStreamVerbatim(t *testing.T) {
	url, _ := start(t)
	_, data := post(t, url+"/v1/messages", `{"stream":true,"messages":[
		{"role":"user","content":"fix the bug"},{"role":"assistant","content":"x"},{"role":"user","content":"y"}]}`)
	args := map[int]string{}
	for _, e := range parseSSE(t, data) {
		m := decode(t, e.Data)
		if d, ok := m["delta"].(map[string]any); ok && d["type"] == "input_json_delta" {
			args[int(m["index"].(float64))] += d["partial_json"].(string)
		}
	}
	assert.Equal(t, map[int]string{0: "{}", 1: "{not json"}, args)
}

func TestAnthropicCountTokens(t *testing.T) {
	url, _ := start(t)
	_, data := post(t, url+"/v1/messages/count_tokens", `{"messages":[{"role":"user","content":"hello"}]}`)
	assert.Contains(t, decode(t, string(data)), "input_tokens")
}
