package html

import (
	_ "embed"
	"fmt"
	"html"
	"io"
	"strings"
	"time"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/render/cardtext"
	"github.com/cardtui/cardtui/render/textcut"
	"github.com/cardtui/cardtui/termsafe"
)

// The HTML export: one self-contained document (inline CSS, no script, no
// external resource, readable without JavaScript) with the same cards as
// the terminal. Everything from the log is sanitised as for a terminal
// and then HTML-escaped; the only URLs it links are http(s) ones that
// termsafe.SafeURL accepts, and fragment links to its own cards. A
// Content-Security-Policy forbids scripts and every fetch all the same.

// Header describes the session an HTML export shows, for its header.
// Any field may be empty.
type Header struct {
	// Title is the session's title.
	Title string
	// Agent names the program that wrote the session.
	Agent string
	// Project is the directory the session ran in.
	Project string
	// Started is when the session began.
	Started time.Time
	// Source names the session file.
	Source string
}

// htmlFoldLines is the number of lines past which a card starts folded
// (a <details> element the reader opens).
const htmlFoldLines = 40

//go:embed html.css
var htmlCSS string

// htmlCSP is the document's Content-Security-Policy: inline styles only.
const htmlCSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'none'; form-action 'none'; base-uri 'none'"

// Write writes the entries as one HTML document.
func Write(w io.Writer, entries []cards.Entry, h Header) error {
	var b strings.Builder
	title := firstNonBlank(h.Title, h.Source, "session")
	b.WriteString("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
	b.WriteString("<meta http-equiv=\"Content-Security-Policy\" content=\"" + htmlCSP + "\">\n")
	b.WriteString("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
	b.WriteString("<meta name=\"color-scheme\" content=\"light dark\">\n")
	b.WriteString("<meta name=\"generator\" content=\"cardtui\">\n")
	b.WriteString("<title>" + escapeLine(title) + " · cardtui</title>\n")
	b.WriteString("<style>\n" + htmlCSS + chromaCSS() + "</style>\n</head>\n<body>\n")
	writeHTMLHeader(&b, title, h, entries)
	b.WriteString(promptIndexHTML(entries))
	b.WriteString("<main>\n")
	for i, e := range entries {
		b.WriteString(entryHTML(e, entryID(i)))
	}
	b.WriteString("</main>\n<footer>Exported by cardtui.</footer>\n</body>\n</html>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// entryID is the anchor of the entry at index i.
func entryID(i int) string { return fmt.Sprintf("e%d", i+1) }

// writeHTMLHeader writes the session's title, what describes it and what
// it holds.
func writeHTMLHeader(b *strings.Builder, title string, h Header, entries []cards.Entry) {
	b.WriteString("<header class=\"session\">\n<h1>" + escapeLine(title) + "</h1>\n<dl>\n")
	item := func(name, value string) {
		if strings.TrimSpace(value) != "" {
			b.WriteString("<div><dt>" + name + "</dt><dd>" + escapeLine(value) + "</dd></div>\n")
		}
	}
	item("Agent", h.Agent)
	item("Project", h.Project)
	if !h.Started.IsZero() {
		item("Started", h.Started.UTC().Format("2006-01-02 15:04 UTC"))
	}
	item("File", h.Source)
	item("Contents", entryCounts(entries))
	item("Turns", cardtext.TotalsText(cards.SessionTotals(entries)))
	b.WriteString("</dl>\n</header>\n")
}

// promptIndexHTML lists a session's prompts, each with its time and a
// link to it, when there are two or more to find one's way among.
func promptIndexHTML(entries []cards.Entry) string {
	ps := cardtext.Prompts(entries)
	if len(ps) < 2 {
		return ""
	}
	var b strings.Builder
	b.WriteString("<nav class=\"prompts\" aria-label=\"Prompts\">\n<h2>Prompts</h2>\n<ol>\n")
	for _, p := range ps {
		b.WriteString("<li><a href=\"#" + entryID(p.Entry) + "\">")
		if p.Time != "" {
			b.WriteString("<time>" + p.Time + "</time> ")
		}
		b.WriteString(escapeLine(p.Line) + "</a></li>\n")
	}
	b.WriteString("</ol>\n</nav>\n")
	return b.String()
}

// entryCounts says how many prompts, tool calls, failures and problems the
// entries hold.
func entryCounts(entries []cards.Entry) string {
	var prompts, calls, failed, problems int
	for _, e := range entries {
		switch e := e.(type) {
		case cards.Message:
			if e.Role == cards.RoleUser {
				prompts++
			}
		case cards.ToolCard:
			calls++
			if e.State() == cards.StateFailed {
				failed++
			}
		case cards.Problem:
			problems++
		case cards.Notice:
		}
	}
	parts := []string{textcut.Plural(prompts, "prompt", "prompts"), textcut.Plural(calls, "tool call", "tool calls")}
	if failed > 0 {
		parts = append(parts, fmt.Sprintf("%d failed", failed))
	}
	if problems > 0 {
		parts = append(parts, textcut.Plural(problems, "problem", "problems"))
	}
	return strings.Join(parts, " · ")
}

// entryHTML draws one entry with its anchor; an entry of a rolled-back
// turn under the label that says so.
func entryHTML(e cards.Entry, id string) string {
	if cards.IsRolledBack(e) {
		return "<div class=\"rolled-back\"><p class=\"rolled-back-label\">" + html.EscapeString(cardtext.RolledBackText) + "</p>\n" + entryDrawingHTML(e, id) + "</div>\n"
	}
	return entryDrawingHTML(e, id)
}

// entryDrawingHTML draws one entry with its anchor, without the label of
// a rolled-back turn.
func entryDrawingHTML(e cards.Entry, id string) string {
	switch e := e.(type) {
	case cards.Message:
		return messageHTML(e, id)
	case cards.ToolCard:
		return toolCardHTML(e, id)
	case cards.Problem:
		return problemHTML(e, id)
	case cards.Notice:
		return "<p class=\"notice\" id=\"" + id + "\">" + escapeText(e.Text) + anchorHTML(id) + "</p>\n"
	}
	return "" // unreachable: the switch above is exhaustive
}

// factsHTML is what the log says of the turn a prompt starts, after its
// "You" (" · 14:02 · sonnet-4.6 · 2m13s · 48k tokens"), or of a reply,
// after its label (" · 14:03 · sonnet-4.6"); times in UTC, as the
// header's.
func factsHTML(facts []string) string {
	if len(facts) == 0 {
		return ""
	}
	return "<span class=\"turn\"> · " + escapeLine(strings.Join(facts, " · ")) + "</span>"
}

// anchorHTML is the link to an entry's own anchor, for sharing a link to
// one card.
func anchorHTML(id string) string {
	return "<a class=\"anchor\" href=\"#" + id + "\" title=\"Link to this card\">#</a>"
}

// messageHTML draws a message: a user's prompt verbatim, an assistant's
// reply as Markdown, reasoning and context folded.
func messageHTML(m cards.Message, id string) string {
	switch m.Role {
	case cards.RoleUser:
		return "<section class=\"msg user\" id=\"" + id + "\"><div class=\"role\">You" + factsHTML(cardtext.TurnFacts(m.Turn, time.UTC)) + anchorHTML(id) +
			"</div><pre class=\"prompt\">" + escapeText(m.Text) + "</pre></section>\n"
	case cards.RoleReasoning, cards.RoleContext:
		label := "Thinking"
		if m.Role == cards.RoleContext {
			label = "Context"
		}
		n := strings.Count(strings.TrimRight(m.Text, "\n"), "\n") + 1
		return "<details class=\"msg aside\" id=\"" + id + "\"><summary>" + label + " · " + textcut.Plural(n, "line", "lines") +
			anchorHTML(id) + "</summary>" + asideBody(m) + "</details>\n"
	}
	return "<section class=\"msg assistant\" id=\"" + id + "\"><div class=\"role\">" + escapeLine(cardtext.RoleLabel(m.Role)) +
		factsHTML(cardtext.ReplyFacts(m.Reply, time.UTC)) + anchorHTML(id) + "</div><div class=\"md\">" + markdownHTML(m.Text) + "</div></section>\n"
}

// asideBody is reasoning as Markdown, context verbatim.
func asideBody(m cards.Message) string {
	if m.Role == cards.RoleContext {
		return "<pre class=\"prompt\">" + escapeText(m.Text) + "</pre>"
	}
	return "<div class=\"md\">" + markdownHTML(m.Text) + "</div>"
}

// problemHTML draws a bad line of the input: where it is, why, and its
// first bytes.
func problemHTML(p cards.Problem, id string) string {
	where := "Problem"
	if p.Source != "" {
		where += " · " + p.Source
	}
	if p.Line > 0 {
		where += fmt.Sprintf(" line %d", p.Line)
	}
	body := "<p>" + escapeText(p.Reason) + "</p>"
	if p.Excerpt != "" {
		body += "<pre>" + escapeText(p.Excerpt) + "</pre>"
	}
	return "<section class=\"card problem\" id=\"" + id + "\"><div class=\"head\"><span class=\"glyph\">!</span> <span class=\"title\">" +
		escapeLine(where) + "</span>" + anchorHTML(id) + "</div><div class=\"body\">" + body + "</div></section>\n"
}

// escapeText is text from the input made safe to show, then escaped for
// HTML; line breaks are kept.
func escapeText(s string) string { return html.EscapeString(termsafe.SanitizeText(s)) }

// escapeLine is escapeText on one line, its line breaks shown as ↵.
func escapeLine(s string) string { return html.EscapeString(textcut.OneLine(s)) }

// firstNonBlank is the first of values that is not blank.
func firstNonBlank(values ...string) string {
	for _, v := range values {
		if strings.TrimSpace(v) != "" {
			return v
		}
	}
	return ""
}
