package markdown

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/render/cardtext"
	mdtext "github.com/cardtui/cardtui/render/markdown"
	"github.com/cardtui/cardtui/render/mdwrite"
	"github.com/cardtui/cardtui/render/style"
	"github.com/cardtui/cardtui/render/textcut"
	"github.com/cardtui/cardtui/termsafe"
)

// webSearchMarkdown is the Markdown of a web search: the answer, then the
// sources as a numbered list of links.
func webSearchMarkdown(v cards.WebSearch) string {
	var b strings.Builder
	for i, s := range v.Sources {
		fmt.Fprintf(&b, "%d. %s\n", i+1, sourceMarkdown(s))
		if sn := textcut.OneLine(s.Snippet); sn != "" {
			b.WriteString("   " + mdwrite.EscapeInline(sn) + "\n")
		}
	}
	footer := textcut.Plural(len(v.Sources), "source", "sources")
	if v.Truncated {
		footer += " (truncated)"
	}
	return mdwrite.Join(titleMarkdown(v.Title), mdtext.CloseBlocks(termsafe.SanitizeText(v.Answer)), b.String(), "_"+footer+"_")
}

// sourceMarkdown is one source's title linked to its URL, then its date.
func sourceMarkdown(s cards.WebSource) string {
	title := mdwrite.EscapeInline(textcut.OneLine(s.Title))
	_, safe := termsafe.SafeURL(s.URL)
	var line string
	switch {
	case title != "" && safe && mdtext.SameTarget(textcut.OneLine(s.Title), s.URL):
		line = mdwrite.Link(title, s.URL)
	case title != "" && safe:
		line = mdwrite.Link(title, s.URL) + " (" + mdwrite.CodeSpan(mdtext.TargetText(s.URL)) + ")"
	case title != "":
		line = title + " — " + urlMarkdown(s.URL)
	default:
		line = urlMarkdown(s.URL)
	}
	if d := textcut.OneLine(s.PublishedAt); d != "" {
		line += " · " + mdwrite.EscapeInline(d)
	}
	return line
}

// urlMarkdown is a URL as a link when termsafe.SafeURL accepts it, else as a code
// span followed by "(unsafe link)".
func urlMarkdown(raw string) string {
	if safe, ok := termsafe.SafeURL(raw); ok {
		return mdwrite.Link(mdwrite.EscapeInline(safe), safe)
	}
	return mdwrite.CodeSpan(textcut.OneLine(raw)) + " " + cardtext.UnsafeNote
}

// webFetchMarkdown is the Markdown of a fetched page.
func webFetchMarkdown(v cards.WebFetch) string {
	line := "GET " + urlMarkdown(v.URL) + " → " + cardtext.StatusText(v.StatusCode)
	if v.Truncated {
		line += " (truncated)"
	}
	return mdwrite.Join(titleMarkdown(v.Title), line, contentMarkdown(v.Content))
}

// messageMarkdown is the Markdown of a conversation message: a bold label,
// then the text (a blockquote for a user prompt, a collapsed <details> for
// reasoning and context), whose open blocks are closed.
func messageMarkdown(m cards.Message, o style.Options) string {
	text := strings.Trim(termsafe.SanitizeText(m.Text), "\n")
	switch m.Role {
	case cards.RoleUser:
		return mdwrite.Join("**You**"+factsMarkdown(cardtext.TurnFacts(m.Turn, o.Location)), quoteMarkdown(strings.TrimSuffix(preformattedMarkdown(text, "text"), "\n")))
	case cards.RoleReasoning:
		return detailsMarkdown("Thinking", text)
	case cards.RoleContext:
		return detailsMarkdown("Context", text)
	}
	label := "**" + mdwrite.EscapeInline(cardtext.RoleLabel(m.Role)) + "**" + factsMarkdown(cardtext.ReplyFacts(m.Reply, o.Location))
	return mdwrite.Join(label, mdtext.CloseBlocks(text))
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
	return "<details><summary>" + label + " · " + textcut.Plural(cardtext.CountLines(text), "line", "lines") + "</summary>\n\n" + mdtext.CloseBlocks(text) + "\n\n</details>\n"
}

// childrenMarkdown writes the entries nested under a card as a block
// quote, so that a sub-call's heading reads as part of its parent's card.
func childrenMarkdown(children []cards.Entry, o style.Options) string {
	var b strings.Builder
	for i, e := range children {
		if i > 0 {
			b.WriteString(">\n")
		}
		for line := range strings.Lines(strings.TrimRight(Entry(e, o), "\n") + "\n") {
			quoteLine(&b, line)
		}
	}
	return b.String()
}

// quoteLine writes a line of a block quote: "> " and the line without
// its trailing spaces and line break, or ">" alone for a blank line.
func quoteLine(b *strings.Builder, line string) {
	line = strings.TrimRight(line, " \n")
	if line == "" {
		b.WriteString(">\n")
		return
	}
	b.WriteString("> ")
	b.WriteString(line)
	b.WriteByte('\n')
}

// readMarkdown is the Markdown of a read window: the numbered lines in a
// fence tagged with the language, then the range shown.
func readMarkdown(v cards.ReadResult) string {
	gw := cardtext.ReadGutter(v)
	var b strings.Builder
	for _, l := range v.Lines {
		number := strconv.Itoa(l.Number)
		line := strings.Repeat(" ", max(gw-len(number), 0)) + number + "  " + cardtext.SourceText(l.Text)
		b.WriteString(strings.TrimRight(line, " "))
		b.WriteByte('\n')
	}
	var code string
	if b.Len() > 0 {
		code = mdwrite.Fence(b.String(), cardtext.FenceInfo(v.Lang))
	}
	footer := "_" + mdwrite.CodeSpan(textcut.OneLine(v.Path)) + " · " + cardtext.ReadRange(v) + "_"
	return mdwrite.Join(titleMarkdown(v.Title), code, footer, contentMarkdown(v.Content))
}

// rollbackMarkdown is the label of a rolled-back entry in the Markdown
// export, "" for any other entry.
func rollbackMarkdown(e cards.Entry) string {
	if !cards.IsRolledBack(e) {
		return ""
	}
	return "_" + cardtext.RolledBackText + "_\n\n"
}

// problemMarkdown is the Markdown of a problem: a blockquote with the
// title, the reason and the excerpt in a code span.
func problemMarkdown(p cards.Problem) string {
	lines := []string{"**" + mdwrite.EscapeInline(cardtext.ProblemTitle(p)) + "**", ""}
	for _, line := range strings.Split(strings.Trim(termsafe.SanitizeText(p.Reason), "\n"), "\n") {
		lines = append(lines, mdwrite.EscapeInline(line))
	}
	if e := textcut.OneLine(p.Excerpt); e != "" {
		lines = append(lines, "", mdwrite.CodeSpan(e))
	}
	return quoteMarkdown(strings.Join(lines, "\n")) + "\n"
}

// noticeMarkdown is the Markdown of a notice, an italic blockquote.
func noticeMarkdown(n cards.Notice) string {
	return "> _" + mdwrite.EscapeInline(textcut.OneLine(n.Text)) + "_\n"
}

// searchMatchesMarkdown is the Markdown of content-search matches: a list
// of files, each with its matching lines as code spans.
func searchMatchesMarkdown(v cards.SearchMatches) string {
	var b strings.Builder
	for _, f := range v.Files {
		b.WriteString("- " + mdwrite.CodeSpan(textcut.OneLine(f.Path)) + "\n")
		for _, m := range f.Matches {
			b.WriteString("  - " + strconv.Itoa(m.LineNumber) + ": " + mdwrite.CodeSpan(strings.TrimSpace(cardtext.SourceText(m.Line))) + "\n")
		}
	}
	return mdwrite.Join(titleMarkdown(v.Title), b.String(), "_"+cardtext.MatchesFooter(v)+"_")
}

// searchPathsMarkdown is the Markdown of a list of found paths.
func searchPathsMarkdown(v cards.SearchPaths) string {
	var b strings.Builder
	for _, p := range v.Paths {
		b.WriteString("- " + mdwrite.CodeSpan(textcut.OneLine(p)) + "\n")
	}
	return mdwrite.Join(titleMarkdown(v.Title), b.String(), "_"+cardtext.PathsFooter(v)+"_")
}

// genericCallMarkdown is the Markdown of a generic call's body: content,
// raw input in a fence and locations as a list. A body starts with a blank
// line, to separate it from the card's heading.
func genericCallMarkdown(v cards.GenericCall, o style.Options) string {
	if body := mdwrite.Join(contentMarkdown(v.Content), rawInputMarkdown(v.RawInput), locationsMarkdown(v.Locations)); body != "" {
		return "\n" + body
	}
	return ""
}

// genericResultMarkdown is the Markdown of a generic result's body.
func genericResultMarkdown(v cards.GenericResult) string {
	return mdwrite.Join(titleMarkdown(v.Title), contentMarkdown(v.Content))
}

// titleMarkdown is a result's own title as a bold line.
func titleMarkdown(title string) string {
	if t := textcut.OneLine(title); t != "" {
		return "**" + mdwrite.EscapeInline(t) + "**"
	}
	return ""
}

// contentMarkdown writes Markdown text blocks as they are (sanitised,
// their open blocks closed), preformatted ones in a fence with their
// language, and other blocks as italic placeholders.
func contentMarkdown(blocks []cards.ContentBlock) string {
	parts := make([]string, 0, len(blocks))
	for _, block := range blocks {
		text, ph := cardtext.BlockParts(block)
		switch t, ok := block.(cards.TextBlock); {
		case ph != "":
			parts = append(parts, "_"+mdwrite.EscapeInline(ph)+"_")
		case ok && !t.Markdown:
			parts = append(parts, preformattedMarkdown(text, t.Lang))
		default:
			parts = append(parts, mdtext.CloseBlocks(termsafe.SanitizeText(text)))
		}
	}
	return mdwrite.Join(parts...)
}

// rawInputMarkdown puts the raw input in a fence: ```json for JSON, a plain
// fence for a string.
func rawInputMarkdown(raw json.RawMessage) string {
	text, isJSON := cardtext.RawInputText(raw)
	if text == "" {
		return ""
	}
	if isJSON {
		return mdwrite.Fence(text, "json")
	}
	return mdwrite.Fence(text, "")
}

// locationsMarkdown lists locations; absolute paths link to their file.
func locationsMarkdown(locs []cards.FileLocation) string {
	var b strings.Builder
	for _, l := range locs {
		text := textcut.OneLine(l.Path)
		if l.Line > 0 {
			text += ":" + strconv.Itoa(l.Line)
		}
		b.WriteString("- " + mdwrite.Link(mdwrite.CodeSpan(text), cardtext.AbsFileURL(l.Path)) + "\n")
	}
	return b.String()
}

// preformattedMarkdown is preformatted text as a Markdown fence with its
// language (guessed as preformattedLines does), "" for blank text.
func preformattedMarkdown(text, lang string) string {
	text, lang = cardtext.Preformatted(text, lang)
	if text == "" {
		return ""
	}
	return mdwrite.Fence(text, cardtext.FenceInfo(lang))
}

// stateMarkdown is the italic state line of an exported card that did
// not simply succeed: "_running_", "_no result_", "_failed_"…; a command
// whose exit status says it has none.
func stateMarkdown(c cards.ToolCard) string {
	s := c.State()
	if r, ok := c.Result.(cards.TerminalResult); s == cards.StateDone || ok && cardtext.ExitSays(r, s) {
		return ""
	}
	return "_" + s.String() + "_"
}

// notAppliedMarkdown is the note before the exported diff of a change
// that did not take effect, "" for one that did.
func notAppliedMarkdown(s cards.State) string {
	if s.Applied() {
		return ""
	}
	return "\n**" + mdwrite.EscapeInline(cardtext.NotAppliedNotes[s]) + "**\n"
}
