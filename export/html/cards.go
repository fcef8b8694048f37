package html

import (
	"fmt"
	"html"
	"strconv"
	"strings"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/render/cardtext"
	mdtext "github.com/cardtui/cardtui/render/markdown"
	"github.com/cardtui/cardtui/render/style"
	"github.com/cardtui/cardtui/render/syntax"
	"github.com/cardtui/cardtui/render/textcut"
	"github.com/cardtui/cardtui/termsafe"
)

// toolCardHTML draws a tool card as a <details> element: its summary is
// the glyph, the title and the status badge; it starts folded when its
// body is longer than htmlFoldLines.
func toolCardHTML(c cards.ToolCard, id string) string {
	kind, title := callHead(c)
	body := joinHTML(callBodyHTML(c), childrenHTML(c.Children, id), resultBodyHTML(c, title))
	open := " open"
	if strings.Count(body, "\n") > htmlFoldLines {
		open = ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "<details class=\"card k-%s%s\" id=\"%s\"%s>", kind, stateClass(c), id, open)
	b.WriteString("<summary class=\"head\"><span class=\"glyph\">" + style.Glyph(kind) + "</span> <span class=\"title\">" +
		escapeLine(title) + "</span>" + badgeHTML(c) + anchorHTML(id) + "</summary>\n")
	if body != "" {
		b.WriteString("<div class=\"body\">\n" + body + "</div>")
	}
	b.WriteString("</details>\n")
	return b.String()
}

// childrenHTML draws the entries nested under a card (its sub-calls,
// agent runs and notices) inside its body, between its call and its
// result, each with an anchor under the card's.
func childrenHTML(children []cards.Entry, parentID string) string {
	if len(children) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("<div class=\"children\">\n")
	for i, e := range children {
		b.WriteString(entryHTML(e, fmt.Sprintf("%s.%d", parentID, i+1)))
	}
	b.WriteString("</div>")
	return b.String()
}

// stateClass marks a card by its state, for its border: failed, or
// refused (rejected, denied, interrupted).
func stateClass(c cards.ToolCard) string {
	switch c.State() {
	case cards.StateFailed:
		return " failed"
	case cards.StateRejected, cards.StateDenied, cards.StateInterrupted:
		return " refused"
	case cards.StateRunning, cards.StateNoResult, cards.StateDone, cards.StateWaiting:
	}
	return ""
}

// callHead is the kind and title of a card's call.
func callHead(c cards.ToolCard) (cards.ToolCallKind, string) {
	switch v := c.Call.(type) {
	case cards.GenericCall:
		if _, ok := style.KindGlyphs[v.Kind]; ok {
			return v.Kind, v.Title
		}
		return cards.KindOther, v.Title
	case cards.TerminalCall:
		return cards.KindExecute, cardtext.TerminalTitle(v)
	case cards.DiffCall:
		return cards.KindEdit, v.Title
	case nil:
		return cards.KindOther, cardtext.OrphanTitle(c)
	}
	return cards.KindOther, "" // unreachable: the switch above is exhaustive
}

// badgeHTML is the state at the end of a card's summary, as the terminal
// card's badge: a finished command's exit status when it tells the
// state, else the state's name.
func badgeHTML(c cards.ToolCard) string {
	return badge(stateBadgeClass(c.State()), cardtext.BadgeText(c))
}

// stateBadgeClass is the class of a state's badge, coloured as the
// terminal's (stateColor).
func stateBadgeClass(s cards.State) string {
	switch s {
	case cards.StateDone:
		return "ok"
	case cards.StateFailed, cards.StateNoResult:
		return "bad"
	}
	return "warn"
}

func badge(class, text string) string {
	return "<span class=\"badge " + class + "\">" + html.EscapeString(text) + "</span>"
}

// callBodyHTML draws what a card's call shows under its title.
func callBodyHTML(c cards.ToolCard) string {
	switch v := c.Call.(type) {
	case cards.GenericCall:
		return joinHTML(contentHTML(v.Content), rawInputHTML(v, c.Result != nil), locationsHTML(v.Locations))
	case cards.TerminalCall:
		return terminalCallHTML(v)
	case cards.DiffCall:
		s := c.State()
		if applied, ok := c.Result.(cards.DiffResult); ok && len(applied.Diffs) > 0 && s.Applied() {
			return "" // the applied hunks say it better
		}
		if !s.Applied() {
			return "<p class=\"not-applied\">" + html.EscapeString(cardtext.NotAppliedNotes[s]) + "</p>\n<div class=\"proposed\">" + diffHTML(v.Diffs) + "</div>"
		}
		return diffHTML(v.Diffs)
	case nil:
		return ""
	}
	return "" // unreachable: the switch above is exhaustive
}

// resultBodyHTML draws a card's result; a result's own title is shown
// when it says more than the card's title.
func resultBodyHTML(c cards.ToolCard, cardTitle string) string {
	sub := func(title string) string {
		if textcut.OneLine(title) == textcut.OneLine(cardTitle) {
			return ""
		}
		return subtitleHTML(title)
	}
	switch v := c.Result.(type) {
	case cards.GenericResult:
		return joinHTML(sub(v.Title), contentHTML(v.Content))
	case cards.TerminalResult:
		return joinHTML(sub(v.Title), outputHTML(v.Output))
	case cards.DiffResult:
		return joinHTML(sub(v.Title), diffHTML(v.Diffs))
	case cards.ReadResult:
		return joinHTML(sub(v.Title), readHTML(v), contentHTML(v.Content))
	case cards.SearchMatches:
		return joinHTML(sub(v.Title), searchMatchesHTML(v))
	case cards.SearchPaths:
		return joinHTML(sub(v.Title), searchPathsHTML(v))
	case cards.WebSearch:
		return joinHTML(sub(v.Title), webSearchHTML(v))
	case cards.WebFetch:
		return joinHTML(sub(v.Title), webFetchHTML(v))
	case nil:
		return ""
	}
	return "" // unreachable: the switch above is exhaustive
}

// joinHTML joins the non-empty parts, each ended by a line break.
func joinHTML(parts ...string) string {
	var b strings.Builder
	for _, p := range parts {
		if p != "" {
			b.WriteString(strings.TrimSuffix(p, "\n") + "\n")
		}
	}
	return b.String()
}

// subtitleHTML is a result's own title.
func subtitleHTML(title string) string {
	if strings.TrimSpace(title) == "" {
		return ""
	}
	return "<p class=\"subtitle\">" + escapeLine(title) + "</p>"
}

// noteHTML is a dim line of the card's own text.
func noteHTML(text string) string { return "<p class=\"note\">" + html.EscapeString(text) + "</p>" }

// contentHTML draws content blocks: text verbatim (see
// preformattedHTML), or as Markdown when the block says it is, any other
// block as a placeholder.
func contentHTML(blocks []cards.ContentBlock) string {
	var parts []string
	for _, block := range blocks {
		text, placeholder := cardtext.BlockParts(block)
		switch t, _ := block.(cards.TextBlock); {
		case placeholder != "":
			parts = append(parts, noteHTML(placeholder))
		case strings.TrimSpace(text) == "":
		case t.Markdown:
			parts = append(parts, "<div class=\"md\">"+markdownHTML(text)+"</div>")
		default:
			parts = append(parts, preformattedHTML(text, t.Lang))
		}
	}
	return joinHTML(parts...)
}

// rawInputHTML draws a call's raw input: a string as it is, JSON pretty
// and coloured. Once the call is answered, the result says what matters:
// the input is then folded.
func rawInputHTML(v cards.GenericCall, answered bool) string {
	text, isJSON := cardtext.RawInputText(v.RawInput)
	if text == "" {
		return ""
	}
	pre := "<pre class=\"raw\">" + html.EscapeString(text) + "</pre>"
	if isJSON {
		pre = "<pre class=\"raw chroma\">" + highlightedHTML(text, syntax.ForPath("x.json")) + "</pre>"
	}
	if answered {
		return "<details class=\"input\"><summary>Input</summary>" + pre + "</details>"
	}
	return pre
}

// locationsHTML lists path:line locations.
func locationsHTML(locs []cards.FileLocation) string {
	if len(locs) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("<ul class=\"locations\">")
	for _, l := range locs {
		text := textcut.OneLine(l.Path)
		if l.Line > 0 {
			text += ":" + strconv.Itoa(l.Line)
		}
		b.WriteString("<li><code>" + html.EscapeString(text) + "</code></li>")
	}
	b.WriteString("</ul>")
	return b.String()
}

// terminalCallHTML draws the command and its directory.
func terminalCallHTML(v cards.TerminalCall) string {
	// The description, when there is one, is the card's title.
	parts := []string{"<pre class=\"cmd\"><span class=\"sign\">$ </span>" + escapeText(strings.TrimRight(v.Title, "\n")) + "</pre>"}
	if v.Cwd != "" {
		parts = append(parts, "<p class=\"note\">in <code>"+escapeLine(v.Cwd)+"</code></p>")
	}
	return joinHTML(parts...)
}

// outputHTML is a command's output in a console pane, its SGR colours
// kept as classes.
func outputHTML(output string) string {
	if output == "" {
		return ""
	}
	return "<pre class=\"output\">" + sgrHTML(strings.TrimRight(termsafe.SanitizeOutput(output), "\n")) + "</pre>"
}

// readHTML draws a read window: numbered, coloured lines and a footer.
func readHTML(v cards.ReadResult) string {
	if len(v.Lines) == 0 {
		return noteHTML(readFooterText(v))
	}
	texts := make([]string, len(v.Lines))
	for i, l := range v.Lines {
		texts[i] = l.Text
	}
	path := v.Path
	if v.Lang != "" {
		path = "x." + v.Lang
	}
	var b strings.Builder
	b.WriteString("<table class=\"code read chroma\">\n")
	for i, line := range codeLinesHTML(texts, syntax.ForPath(path)) {
		fmt.Fprintf(&b, "<tr><td class=\"ln\">%d</td><td class=\"src\">%s</td></tr>\n", v.Lines[i].Number, line)
	}
	b.WriteString("</table>\n" + noteHTML(readFooterText(v)))
	return b.String()
}

// readFooterText names the file and the lines shown.
func readFooterText(v cards.ReadResult) string {
	text := textcut.OneLine(v.Path)
	if n := len(v.Lines); n > 0 {
		text += fmt.Sprintf(" · lines %d–%d", v.Lines[0].Number, v.Lines[n-1].Number)
	}
	if v.TotalLines > 0 {
		text += " of " + strconv.Itoa(v.TotalLines)
	}
	return text
}

// searchMatchesHTML groups the matching lines by file.
func searchMatchesHTML(v cards.SearchMatches) string {
	var b strings.Builder
	for _, f := range v.Files {
		b.WriteString("<p class=\"path\">" + escapeLine(f.Path) + "</p>\n<table class=\"code matches\">\n")
		for _, m := range f.Matches {
			fmt.Fprintf(&b, "<tr><td class=\"ln\">%d</td><td class=\"src\">%s</td></tr>\n", m.LineNumber, escapeLine(m.Line))
		}
		b.WriteString("</table>\n")
	}
	b.WriteString(noteHTML(cardtext.MatchesFooter(v)))
	return b.String()
}

// searchPathsHTML lists the paths found.
func searchPathsHTML(v cards.SearchPaths) string {
	var b strings.Builder
	if len(v.Paths) > 0 {
		b.WriteString("<ul class=\"paths\">\n")
		for _, p := range v.Paths {
			b.WriteString("<li><code>" + escapeLine(p) + "</code></li>\n")
		}
		b.WriteString("</ul>\n")
	}
	b.WriteString(noteHTML(cardtext.PathsFooter(v)))
	return b.String()
}

// webSearchHTML draws the answer and the sources as links.
func webSearchHTML(v cards.WebSearch) string {
	var b strings.Builder
	if strings.TrimSpace(v.Answer) != "" {
		b.WriteString("<div class=\"md answer\">" + markdownHTML(v.Answer) + "</div>\n")
	}
	if len(v.Sources) > 0 {
		b.WriteString("<ol class=\"sources\">\n")
		for _, s := range v.Sources {
			b.WriteString("<li>" + linkHTML(s.URL, firstNonBlank(s.Title, s.URL)))
			if s.PublishedAt != "" {
				b.WriteString(" <span class=\"note\">" + escapeLine(s.PublishedAt) + "</span>")
			}
			if s.Snippet != "" {
				b.WriteString("<br><span class=\"snippet\">" + escapeLine(s.Snippet) + "</span>")
			}
			b.WriteString("</li>\n")
		}
		b.WriteString("</ol>\n")
	}
	if v.Truncated {
		b.WriteString(noteHTML("(truncated)"))
	}
	return b.String()
}

// webFetchHTML is "GET url → status".
func webFetchHTML(v cards.WebFetch) string {
	class := "bad"
	if v.StatusCode >= 200 && v.StatusCode < 400 {
		class = "ok"
	}
	line := "<p class=\"fetch\">GET " + linkHTML(v.URL, v.URL) + " → " + badge(class, cardtext.StatusText(v.StatusCode))
	if v.Truncated {
		line += " <span class=\"note\">(truncated)</span>"
	}
	return line + "</p>"
}

// linkHTML links text to a URL that termsafe.SafeURL accepts and that is http or
// https; any other URL is shown as text, not linked. A text that is not
// the URL is followed by the URL, so that the page shows where a click
// goes.
func linkHTML(raw, text string) string {
	target := ""
	if !mdtext.SameTarget(text, raw) {
		target = " <span class=\"url\">(" + escapeLine(mdtext.TargetText(raw)) + ")</span>"
	}
	if !webURL(raw) {
		return "<span class=\"url\">" + escapeLine(text) + "</span>" + target
	}
	u, _ := termsafe.SafeURL(raw)
	return "<a href=\"" + html.EscapeString(u) + "\" rel=\"noopener noreferrer nofollow\">" + escapeLine(text) + "</a>" + target
}
