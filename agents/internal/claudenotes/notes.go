// Package claudenotes removes from Claude Code's tool results what Claude
// Code writes for the model and its own UI never shows: the agentId line
// and <usage> element of a sub-agent's reply, and tagged notes such as
// <system-reminder>. The Claude Code log reader and the ACP reader (Claude
// Code through its ACP adapter) both show results without them.
package claudenotes

import (
	"strings"

	"github.com/cardtui/cardtui/internal/lazyregexp"
)

// agentIDNote is the line Claude Code appends to an agent's reply for the
// model: "agentId: a816… (use SendMessage with to: 'a816…' to continue
// this agent)".
var agentIDNote = lazyregexp.New(`(?m)^agentId: \S+ \([^\n]*SendMessage[^\n]*\)[ \t]*$`)

// AgentReply is the text of a sub-agent's reply (the Agent or Task tool's
// result) without its agentId line and <usage> element, trimmed; "" when
// nothing else was in it.
func AgentReply(text string) string {
	return strings.TrimSpace(WithoutTagged(agentIDNote().ReplaceAllString(text, ""), "usage"))
}

// WithoutTagged removes every <tag>…</tag> element from s, and the blank
// space it leaves at the end. An element left open is kept.
func WithoutTagged(s, tag string) string {
	open, end := "<"+tag+">", "</"+tag+">"
	if !strings.Contains(s, open) {
		return s
	}
	var b strings.Builder
	for {
		before, rest, ok := strings.Cut(s, open)
		b.WriteString(before)
		if !ok {
			break
		}
		_, after, closed := strings.Cut(rest, end)
		if !closed {
			b.WriteString(open + rest)
			break
		}
		s = after
	}
	return strings.TrimRight(b.String(), " \n")
}
