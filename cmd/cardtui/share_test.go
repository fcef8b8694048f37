package main

import (
	"strings"
	"testing"

	"github.com/charmbracelet/colorprofile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/render"
	"github.com/cardtui/cardtui/replay"
)

// TestSharedProblemsNameOnlyFiles: an export names the files its problems
// were found in by their names only, a sub-agent's file nested under a
// card as the main file: never the directories they lie in.
func TestSharedProblemsNameOnlyFiles(t *testing.T) {
	const sub = "/srv/alice/.claude/projects/-srv-alice-clients-acme/s1/subagents/agent-a1.jsonl"
	tr := &replay.Transcript{Source: "/srv/alice/.claude/projects/-srv-alice-clients-acme/s1.jsonl", Format: "claude", Entries: []cards.Entry{
		cards.Problem{Source: "/elsewhere/s1.jsonl", Line: 1, Reason: "top"},
		cards.ToolCard{ID: "a", Tool: "Agent", Children: []cards.Entry{
			cards.Problem{Source: sub, Line: 2, Reason: "bad sub-agent line"},
			cards.ToolCard{ID: "b", Tool: "Agent", Children: []cards.Entry{cards.Problem{Source: sub, Line: 3, Reason: "deeper"}}},
		}},
	}}
	opts := render.Options{Width: 80, Profile: colorprofile.NoTTY}
	for _, markdown := range []bool{true, false} {
		var b strings.Builder
		require.NoError(t, writeShared(&b, tr, printConfig{markdown: markdown, html: !markdown, render: opts, share: &shareOptions{full: true}}))
		out := b.String()
		assert.Contains(t, out, "agent-a1.jsonl")
		for _, dir := range []string{"subagents", "clients-acme", "/srv/", "/elsewhere"} {
			assert.NotContains(t, out, dir, "markdown %v", markdown)
		}
	}
	problem := tr.Entries[1].(cards.ToolCard).Children[0].(cards.Problem)
	assert.Equal(t, sub, problem.Source, "the transcript itself is left as it was")
}
