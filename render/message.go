package render

import (
	"strings"
	"unicode/utf8"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/render/cardtext"
	"github.com/cardtui/cardtui/render/markdown"
	"github.com/cardtui/cardtui/render/style"
	"github.com/cardtui/cardtui/render/textcut"
	"github.com/cardtui/cardtui/termsafe"
)

// Messages are not framed. A user prompt is marked by an accent bar down
// its left edge, assistant text is indented under its label, and reasoning
// and context are folded to one dim line until the card is expanded.

// messageIndent is the width of the bar or indentation before message
// text.
const messageIndent = 2

// A collapsed message renders at most messageFoldLines lines and
// messageFoldBytes bytes of its text, and says how many lines it hides:
// a message of megabytes would otherwise cost seconds to lay out and
// fill screens.
const (
	messageFoldLines = 200
	messageFoldBytes = 32 << 10
)

// messageLines draws a conversation message.
func messageLines(m cards.Message, o style.Options) []string {
	switch m.Role {
	case cards.RoleUser:
		return userLines(m.Text, cardtext.TurnFacts(m.Turn, o.Location), o)
	case cards.RoleReasoning:
		return asideLines("Thinking", m.Text, o)
	case cards.RoleContext:
		return asideLines("Context", m.Text, o)
	}
	return assistantLines(cardtext.RoleLabel(m.Role), m.Text, cardtext.ReplyFacts(m.Reply, o.Location), o)
}

// userLines draws "▌ You", the facts of the turn the prompt starts
// ("· 14:02 · sonnet-4.6 · 2m13s · 48k tokens", dim) and the prompt
// behind an accent bar.
func userLines(text string, facts []string, o style.Options) []string {
	accent := o.Colors().Accent
	bar := o.Ink(accent).Render("▌ ")
	lines := []string{bar + o.BoldInk(accent).Render("You") + dimFacts(facts, "You", o)}
	for _, line := range messageBody(text, verbatimMessage, o) {
		if line == "" {
			lines = append(lines, o.Ink(accent).Render("▌"))
		} else {
			lines = append(lines, bar+line)
		}
	}
	return lines
}

// assistantLines draws "● label", the facts of the reply ("· 14:02 ·
// sonnet-4.6", dim) and the text as Markdown under it.
func assistantLines(label, text string, facts []string, o style.Options) []string {
	p := o.Colors()
	label = termsafe.Truncate(label, o.LineWidth()-messageIndent, "…")
	head := o.Ink(p.OK).Render("●") + " " + o.BoldInk(p.Title).Render(label) + dimFacts(facts, label, o)
	return append([]string{head}, indent(messageBody(text, markdown.Lines, o))...)
}

// messageBody lays out a message's text with layout (as Markdown, or
// verbatim) beside its bar or indentation; a collapsed message shows the
// start of a long text and how many lines it hides.
func messageBody(text string, layout func(text string, width int, o style.Options) []string, o style.Options) []string {
	head, hidden := messageHead(text, o)
	lines := layout(head, o.LineWidth()-messageIndent, o)
	if hidden > 0 {
		lines = append(lines, textcut.MoreLineIn(hidden, o.LineWidth()-messageIndent, o))
	}
	return lines
}

// messageHead is what a message shows of its text: all of it when
// expanded, else its first messageFoldLines lines and messageFoldBytes
// bytes; hidden counts the lines, whole or in part, left out.
func messageHead(text string, o style.Options) (head string, hidden int) {
	if o.Expanded || len(text) <= messageFoldBytes && strings.Count(text, "\n") < messageFoldLines {
		return text, 0
	}
	head = text[:min(len(text), messageFoldBytes)]
	for len(head) < len(text) && !utf8.RuneStart(text[len(head)]) {
		head = head[:len(head)-1]
	}
	if strings.Count(head, "\n") >= messageFoldLines {
		head = head[:nthNewline(head, messageFoldLines)]
	}
	rest := strings.TrimSuffix(strings.TrimPrefix(text[len(head):], "\n"), "\n")
	if rest == "" {
		return text, 0
	}
	return head, strings.Count(rest, "\n") + 1
}

// verbatimMessage lays out a user's prompt as it was typed: every line
// break, indentation and tag kept, wrapped at the width.
func verbatimMessage(text string, width int, _ style.Options) []string {
	text = strings.Trim(termsafe.SanitizeText(text), "\n")
	if strings.TrimSpace(text) == "" {
		return nil
	}
	return verbatimLines(text, width)
}

// asideLines draws reasoning or context: one dim line
// "◌ Thinking · N lines (enter to expand)" while collapsed, the text laid
// out as Markdown but dim and italic, under "◌ Thinking", when expanded.
func asideLines(label, text string, o style.Options) []string {
	if !o.Expanded {
		return []string{style.Dim(termsafe.Truncate("◌ "+label+" · "+textcut.Plural(cardtext.CountLines(text), "line", "lines")+" "+textcut.ExpandHint, o.LineWidth(), "…"), o)}
	}
	italic := lipgloss.NewStyle().Foreground(o.Colors().Dim).Italic(true)
	lines := []string{style.Dim("◌ "+label, o)}
	body := markdown.Lines(text, o.LineWidth()-messageIndent, o)
	for i, line := range body {
		if line = strings.TrimRight(ansi.Strip(line), " "); line != "" {
			line = italic.Render(line)
		}
		body[i] = line
	}
	return append(lines, indent(body)...)
}

// indent shifts the non-empty lines right by messageIndent cells.
func indent(lines []string) []string {
	pad := strings.Repeat(" ", messageIndent)
	for i, line := range lines {
		if line != "" {
			lines[i] = pad + line
		}
	}
	return lines
}

// dimFacts is " · 14:02 · sonnet-4.6 · 2m13s · 48k tokens", dim and cut
// to what fits after the label ("▌ You", "● Assistant"); "" when the log
// says nothing.
func dimFacts(facts []string, label string, o style.Options) string {
	if len(facts) == 0 {
		return ""
	}
	room := o.LineWidth() - messageIndent - termsafe.Width(label)
	return style.Dim(termsafe.Truncate(" · "+strings.Join(facts, " · "), room, "…"), o)
}
