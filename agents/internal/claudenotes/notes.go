// Package claudenotes reads what Claude Code writes for the model and its
// own UI never shows as it is: the agentId line and <usage> element of a
// sub-agent's reply, tagged notes such as <system-reminder>, and the tags
// of a command typed in its prompt and of that command's output. The
// Claude Code log reader and the ACP reader (Claude Code through its ACP
// adapter) both show them as Claude Code does.
package claudenotes

import (
	"slices"
	"strings"

	"github.com/cardtui/cardtui/cards"

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

// Command reads the tags Claude Code writes in a user message for a
// command and its output (<command-name>, <bash-input>,
// <local-command-stdout>…): the command as the user typed it, or its
// output as context; ok is false for text without them.
func Command(text string) (cards.Role, string, bool) {
	typed, outputs, ok := commandParts(text)
	if typed != "" {
		return cards.RoleUser, typed, true
	}
	return cards.RoleContext, strings.Join(outputs, "\n\n"), ok
}

// outputTags are the elements of a command's output.
var outputTags = []string{"local-command-stdout", "local-command-stderr", "bash-stdout", "bash-stderr"}

// commandTags are every element of Claude Code's command messages.
var commandTags = append([]string{"command-name", "command-message", "command-args", "bash-input"}, outputTags...)

// commandParts are the command typed ("" for none) and the outputs that
// text's command tags hold; ok is false when it has none.
func commandParts(text string) (typed string, outputs []string, ok bool) {
	if name, found := Tagged(text, "command-name"); found {
		ok, typed = true, name
		if args, _ := Tagged(text, "command-args"); args != "" {
			typed += " " + args
		}
	} else if input, found := Tagged(text, "bash-input"); found {
		ok, typed = true, "! "+input
	}
	for _, tag := range outputTags {
		if out, found := Tagged(text, tag); found {
			ok = true
			if out != "" {
				outputs = append(outputs, out)
			}
		}
	}
	return typed, outputs, ok
}

// Tagged returns the trimmed text of the first <tag>…</tag> in s; ok is
// false when s has none.
func Tagged(s, tag string) (string, bool) {
	_, rest, ok := strings.Cut(s, "<"+tag+">")
	if !ok {
		return "", false
	}
	inner, _, ok := strings.Cut(rest, "</"+tag+">")
	return strings.TrimSpace(inner), ok
}

// CommandMessage is a user message that holds Claude Code's command tags
// among other text (as its ACP adapter replays a session: the command,
// its output and the next prompt in one message) as Claude Code shows
// it: the command typed, its output, then the rest, without the tags;
// ok is false for text without them.
func CommandMessage(text string) (string, bool) {
	typed, outputs, ok := commandParts(text)
	if !ok {
		return text, false
	}
	rest := text
	for _, tag := range commandTags {
		rest = WithoutTagged(rest, tag)
	}
	parts := append([]string{typed}, outputs...)
	parts = append(parts, strings.TrimSpace(rest))
	return strings.Join(slices.DeleteFunc(parts, func(p string) bool { return p == "" }), "\n\n"), true
}
