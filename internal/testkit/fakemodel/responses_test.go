package fakemodel

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestResponsesStream(t *testing.T) {
	url, log := start(t)
	body := `{"model":"gpt-x","stream":true,"instructions":"You are Codex","input":[
		{"type":"message","role":"developer","content":[{"type":"input_text","text":"<permissions/>"}]},
		{"type":"message","role":"user","content":[{"type":"input_text","text":"<environment_context/>"}]},
		{"type":"message","role":"user","content":[{"type":"input_text","text":"fix the bug"}]},
		{"type":"reasoning","summary":[]},
		{"type":"message","role":"assistant","content":[{"type":"output_text","text":"Reading it."}]},
		{"type":"function_call","call_id":"c1","name":"Read","arguments":"{}"},
		{"type":"function_call_output","call_id":"c1","output":"x"}]}`
	_, data := post(t, url+"/v1/responses", body)
	assert.Contains(t, log.String(), `"step":1`, "reasoning, message and call are one assistant turn")
	events := parseSSE(t, data)
	var done []map[string]any
	deltas := map[string]string{}
	for i, e := range events {
		m := decode(t, e.Data)
		require.Equal(t, e.Name, m["type"])
		assert.EqualValues(t, i, m["sequence_number"])
		switch e.Name {
		case "response.output_item.done":
			done = append(done, m["item"].(map[string]any))
		case "response.custom_tool_call_input.delta", "response.function_call_arguments.delta":
			deltas[m["item_id"].(string)] += m["delta"].(string)
		}
	}
	assert.Equal(t, "response.created", events[0].Name)
	last := decode(t, events[len(events)-1].Data)
	require.Equal(t, "response.completed", last["type"])
	resp := last["response"].(map[string]any)
	assert.Equal(t, "completed", resp["status"])
	assert.NotEmpty(t, resp["id"])
	assert.Contains(t, resp["usage"], "input_tokens")

	require.Len(t, done, 2)
	assert.Equal(t, "custom_tool_call", done[0]["type"])
	assert.Equal(t, "apply_patch", done[0]["name"])
	assert.Equal(t, "*** Begin Patch\n*** End Patch\n", done[0]["input"])
	assert.Equal(t, done[0]["input"], deltas[done[0]["id"].(string)])
	assert.NotEmpty(t, done[0]["call_id"])
	assert.Equal(t, "function_call", done[1]["type"])
	assert.Equal(t, "{not json", done[1]["arguments"])
	assert.Equal(t, "{not json", deltas[done[1]["id"].(string)])
}

func TestResponsesTextAndReasoning(t *testing.T) {
	url, _ := start(t)
	_, data := post(t, url+"/v1/responses", `{"stream":true,"input":"fix the bug"}`)
	text, summary := "", ""
	var types []string
	for _, e := range parseSSE(t, data) {
		m := decode(t, e.Data)
		switch e.Name {
		case "response.output_text.delta":
			text += m["delta"].(string)
		case "response.reasoning_summary_text.delta":
			summary += m["delta"].(string)
		case "response.output_item.done":
			types = append(types, m["item"].(map[string]any)["type"].(string))
		}
	}
	assert.Equal(t, "Reading it.", text)
	assert.Equal(t, "Let me look at the file first.", summary)
	assert.Equal(t, []string{"reasoning", "message", "function_call"}, types)
}

func TestResponsesNonStream(t *testing.T) {
	url, _ := start(t)
	_, data := post(t, url+"/v1/responses", `{"input":"Explore the repo"}`)
	var resp struct {
		Object string `json:"object"`
		Output []struct {
			Type    string `json:"type"`
			Content []struct {
				Text string `json:"text"`
			} `json:"content"`
		} `json:"output"`
	}
	require.NoError(t, json.Unmarshal(data, &resp))
	assert.Equal(t, "response", resp.Object)
	require.Len(t, resp.Output, 1)
	assert.Equal(t, "sub-agent done", resp.Output[0].Content[0].Text)
}

func TestModels(t *testing.T) {
	url, _ := start(t)
	resp, err := http.Get(url + "/v1/models")
	require.NoError(t, err)
	defer resp.Body.Close()
	var list struct {
		Data []struct {
			ID string `json:"id"`
		} `json:"data"`
	}
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&list))
	require.Len(t, list.Data, 1)
}
