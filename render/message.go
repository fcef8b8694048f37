package render

import (
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/cardtui/cardtui/cards"
)

// Messages are not framed. A user prompt is marked by an accent bar down
// its left edge, assistant text is indented under its label, and reasoning
// and context are folded to one dim line until the card is expanded.

// messageIndent is the width of the bar or indentation before message
// text.
const messageIndent = 2

// messageLines draws a conversation message.
func messageLines(m cards.Message, o Options) []string {
	switch m.Role {
	case cards.RoleUser:
		return userLines(m.Text, o)
	case cards.RoleReasoning:
		return asideLines("Thinking", m.Text, o)
	case cards.RoleContext:
		return asideLines("Context", m.Text, o)
	}
	return assistantLines(roleLabel(m.Role), m.Text, o)
}

// roleLabel names the author of an assistant (or unknown-role) message.
func roleLabel(r cards.Role) string {
	if r == cards.RoleAssistant || oneLine(string(r)) == "" {
		return "Assistant"
	}
	return oneLine(string(r))
}

// userLines draws "▌ You" and the prompt behind an accent bar.
func userLines(text string, o Options) []string {
	accent := o.colors().Accent
	bar := fg(accent).Render("▌ ")
	lines := []string{bar + bold(accent).Render("You")}
	for _, line := range markdownLines(text, o.width()-messageIndent, o) {
		if line == "" {
			lines = append(lines, fg(accent).Render("▌"))
		} else {
			lines = append(lines, bar+line)
		}
	}
	return lines
}

// assistantLines draws "● label" and the text as Markdown under it.
func assistantLines(label, text string, o Options) []string {
	p := o.colors()
	head := fg(p.OK).Render("●") + " " + bold(p.Title).Render(ansi.Truncate(label, o.width()-messageIndent, "…"))
	return append([]string{head}, indent(markdownLines(text, o.width()-messageIndent, o))...)
}

// asideLines draws reasoning or context: one dim line
// "◌ Thinking · N lines (enter to expand)" while collapsed, the text laid
// out as Markdown but dim and italic, under "◌ Thinking", when expanded.
func asideLines(label, text string, o Options) []string {
	if !o.Expanded {
		return []string{dim(ansi.Truncate("◌ "+label+" · "+plural(countLines(text), "line", "lines")+" (enter to expand)", o.width(), "…"), o)}
	}
	style := lipgloss.NewStyle().Foreground(o.colors().Dim).Italic(true)
	lines := []string{dim("◌ "+label, o)}
	body := markdownLines(text, o.width()-messageIndent, o)
	for i, line := range body {
		if line = strings.TrimRight(ansi.Strip(line), " "); line != "" {
			line = style.Render(line)
		}
		body[i] = line
	}
	return append(lines, indent(body)...)
}

// countLines is the number of lines of a message's text, 0 when it is
// blank.
func countLines(text string) int {
	text = strings.Trim(SanitizeText(text), "\n")
	if strings.TrimSpace(text) == "" {
		return 0
	}
	return strings.Count(text, "\n") + 1
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

// messageMarkdown is the Markdown of a conversation message: a bold label,
// then the text (a blockquote for a user prompt, a collapsed <details> for
// reasoning and context).
func messageMarkdown(m cards.Message, o Options) string {
	text := strings.Trim(SanitizeText(m.Text), "\n")
	switch m.Role {
	case cards.RoleUser:
		return joinMarkdown("**You**", quoteMarkdown(text))
	case cards.RoleReasoning:
		return detailsMarkdown("Thinking", text)
	case cards.RoleContext:
		return detailsMarkdown("Context", text)
	}
	return joinMarkdown("**"+escapeInline(roleLabel(m.Role))+"**", text)
}

// quoteMarkdown puts text in a blockquote.
func quoteMarkdown(text string) string {
	if text == "" {
		return ""
	}
	lines := strings.Split(text, "\n")
	for i, line := range lines {
		lines[i] = strings.TrimRight("> "+line, " ")
	}
	return strings.Join(lines, "\n")
}

// detailsMarkdown folds text into a <details> block, which GitHub shows
// collapsed.
func detailsMarkdown(label, text string) string {
	return "<details><summary>" + label + " · " + plural(countLines(text), "line", "lines") + "</summary>\n\n" + text + "\n\n</details>\n"
}
