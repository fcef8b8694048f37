package fakemodel

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAnswerMatchesAndCountsSteps(t *testing.T) {
	sc, err := Parse([]byte(testScenario))
	require.NoError(t, err)
	tests := []struct {
		name     string
		req      Request
		conv     string
		step     int
		text     string
		numCalls int
	}{
		{"first step", Request{FirstUser: "<ctx/> please fix the bug"}, "main", 0, "Reading it.", 1},
		{"second step", Request{FirstUser: "fix the bug", AssistantTurns: 1}, "main", 1, "", 2},
		{"last step", Request{FirstUser: "fix the bug", AssistantTurns: 2}, "main", 2, "## Done\n\n- fixed **it**", 0},
		{"steps run out", Request{FirstUser: "fix the bug", AssistantTurns: 3}, "main", 3, "A title", 0},
		{"sub-agent told apart", Request{FirstUser: "Explore the repo, then fix the bug"}, "sub", 0, "sub-agent done", 0},
		{"no match", Request{FirstUser: "Write a title"}, "", 0, "A title", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := sc.Answer(tt.req)
			assert.Equal(t, tt.conv, got.Conversation)
			assert.Equal(t, tt.step, got.Step)
			assert.Equal(t, tt.text, got.Served.Text)
			assert.Len(t, got.Served.Calls, tt.numCalls)
		})
	}
}

func TestAnswerSystemMatch(t *testing.T) {
	sc, err := Parse([]byte(`{"conversations":[
		{"name":"title","match":"","system":"Generate a title","steps":[{"text":"Fix bug"}]},
		{"name":"main","match":"fix","steps":[{"text":"main"}]}]}`))
	require.NoError(t, err)
	assert.Equal(t, "title", sc.Answer(Request{FirstUser: "fix", System: "Generate a title for"}).Conversation)
	assert.Equal(t, "main", sc.Answer(Request{FirstUser: "fix", System: "You are Claude"}).Conversation)
	assert.Equal(t, "OK", sc.Answer(Request{FirstUser: "other"}).Served.Text, "the default default")
}

func TestParseRejects(t *testing.T) {
	for name, src := range map[string]string{
		"unknown field":     `{"conversations":[],"extra":1}`,
		"no match":          `{"conversations":[{"name":"x","steps":[]}]}`,
		"args not object":   `{"conversations":[{"match":"a","steps":[{"calls":[{"name":"t","args":[1]}]}]}]}`,
		"args and input":    `{"conversations":[{"match":"a","steps":[{"calls":[{"name":"t","args":{},"input":"x"}]}]}]}`,
		"call without name": `{"conversations":[{"match":"a","steps":[{"calls":[{"args":{}}]}]}]}`,
	} {
		_, err := Parse([]byte(src))
		assert.Error(t, err, name)
	}
}

func TestAnswerFillsPlaceholders(t *testing.T) {
	sc, err := Parse([]byte(`{"conversations":[{"name":"poll","match":"run","steps":[{},
		{"calls":[{"name":"write_stdin","args":{"session_id":"{{re:session ID (\\d+)}}","chars":"","tag":"{{re:tag=(\\w+)}}","none":"{{re:absent(\\d)}}"}}]}]}]}`))
	require.NoError(t, err)
	body := []byte(`{"output":"Process running with session ID 12 tag=old","more":"Process running with session ID 4321 tag=new"}`)
	got := sc.Answer(Request{FirstUser: "run", AssistantTurns: 1, Body: body})
	require.Len(t, got.Served.Calls, 1)
	assert.JSONEq(t, `{"session_id":4321,"chars":"","tag":"new","none":null}`, got.Served.Calls[0].Arguments())
	assert.Contains(t, string(sc.Conversations[0].Steps[1].Calls[0].Args), "{{re:", "the scenario itself is unchanged")
}
