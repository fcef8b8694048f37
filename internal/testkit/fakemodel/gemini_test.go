package fakemodel

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// geminiChunk is the part of a GenerateContentResponse the tests read.
type geminiChunk struct {
	Candidates []struct {
		Content struct {
			Role  string `json:"role"`
			Parts []struct {
				Text         string `json:"text"`
				Thought      bool   `json:"thought"`
				FunctionCall *struct {
					Name string         `json:"name"`
					Args map[string]any `json:"args"`
				} `json:"functionCall"`
			} `json:"parts"`
		} `json:"content"`
		FinishReason string `json:"finishReason"`
	} `json:"candidates"`
	UsageMetadata map[string]int `json:"usageMetadata"`
}

const geminiBody = `{"systemInstruction":{"parts":[{"text":"sys"}]},"contents":[{"role":"user","parts":[{"text":"fix the bug"}]}]}`

func TestGeminiStream(t *testing.T) {
	url, _ := start(t)
	_, data := post(t, url+"/v1beta/models/gemini-x:streamGenerateContent?alt=sse", geminiBody)
	text, thought := "", ""
	var calls []string
	var finish string
	var usage map[string]int
	for _, e := range parseSSE(t, data) {
		var c geminiChunk
		require.NoError(t, json.Unmarshal([]byte(e.Data), &c))
		require.Len(t, c.Candidates, 1)
		cand := c.Candidates[0]
		assert.Equal(t, "model", cand.Content.Role)
		for _, p := range cand.Content.Parts {
			switch {
			case p.FunctionCall != nil:
				calls = append(calls, p.FunctionCall.Name+":"+p.FunctionCall.Args["file_path"].(string))
			case p.Thought:
				thought += p.Text
			default:
				text += p.Text
			}
		}
		if cand.FinishReason != "" {
			finish = cand.FinishReason
			usage = c.UsageMetadata
		}
	}
	assert.Equal(t, "Reading it.", text)
	assert.Equal(t, "Let me look at the file first.", thought)
	assert.Equal(t, []string{"Read:/p/a.go"}, calls)
	assert.Equal(t, "STOP", finish)
	assert.Contains(t, usage, "totalTokenCount")
}

func TestGeminiGenerateAndCount(t *testing.T) {
	url, _ := start(t)
	_, data := post(t, url+"/v1beta/models/gemini-x:generateContent", `{"contents":[
		{"role":"user","parts":[{"text":"fix the bug"}]},{"role":"model","parts":[{"text":"x"}]},
		{"role":"user","parts":[{"functionResponse":{"name":"Read","response":{}}}]},
		{"role":"model","parts":[{"text":"y"}]},{"role":"user","parts":[{"text":"go on"}]}]}`)
	var c geminiChunk
	require.NoError(t, json.Unmarshal(data, &c))
	require.Len(t, c.Candidates, 1)
	assert.Equal(t, "## Done\n\n- fixed **it**", c.Candidates[0].Content.Parts[0].Text)

	_, data = post(t, url+"/v1beta/models/gemini-x:countTokens", geminiBody)
	assert.Contains(t, decode(t, string(data)), "totalTokens")
}
