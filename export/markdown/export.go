package markdown

import (
	"fmt"
	"strings"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/render/cardtext"
	"github.com/cardtui/cardtui/render/mdwrite"
	"github.com/cardtui/cardtui/render/style"
	"github.com/cardtui/cardtui/render/textcut"
)

// Entry renders one entry as a Markdown document fragment, the form for
// clients without terminal capability and for pasting into an issue. It
// contains no escape sequences; text from the input is sanitised.
func Entry(e cards.Entry, o style.Options) string {
	return rollbackMarkdown(e) + entryMarkdown(e, o)
}

// entryMarkdown dispatches an entry to its export; the switch is closed.
func entryMarkdown(e cards.Entry, o style.Options) string {
	switch e := e.(type) {
	case cards.Message:
		return messageMarkdown(e, o)
	case cards.ToolCard:
		return toolCardMarkdown(e, o)
	case cards.Problem:
		return problemMarkdown(e)
	case cards.Notice:
		return noticeMarkdown(e)
	}
	return "" // unreachable: the switch above is exhaustive
}

// toolCardMarkdown writes a card as a heading, the call's body and the
// result's body.
func toolCardMarkdown(c cards.ToolCard, o style.Options) string {
	call, nested, result, state := callMarkdown(c, o), childrenMarkdown(c.Children, o), resultMarkdown(c, o), stateMarkdown(c)
	var b strings.Builder
	b.Grow(len(call) + len(nested) + len(result) + len(state) + 4)
	b.WriteString(call)
	for _, part := range []string{nested, result} {
		if part != "" {
			b.WriteByte('\n')
			b.WriteString(part)
		}
	}
	if state != "" {
		b.WriteByte('\n')
		b.WriteString(state)
		b.WriteByte('\n')
	}
	return b.String()
}

// callMarkdown writes the heading and body of a card's call view.
func callMarkdown(c cards.ToolCard, o style.Options) string {
	switch v := c.Call.(type) {
	case cards.GenericCall:
		return heading(style.Glyph(v.Kind), v.Title) + genericCallMarkdown(v, o)
	case cards.TerminalCall:
		return heading(style.Glyph(cards.KindExecute), v.Title) + cardtext.TerminalCallMarkdown(v)
	case cards.DiffCall:
		body := ""
		if applied, ok := c.Result.(cards.DiffResult); !c.State().Applied() || !ok || len(applied.Diffs) == 0 {
			body = notAppliedMarkdown(c.State()) + Diff(v.Diffs)
		}
		return heading(style.Glyph(cards.KindEdit), v.Title) + body
	case nil:
		return heading(style.Glyph(cards.KindOther), cardtext.OrphanTitle(c))
	}
	return "" // unreachable: the switch above is exhaustive
}

// resultMarkdown writes the body of a card's result view.
func resultMarkdown(c cards.ToolCard, o style.Options) string {
	switch v := c.Result.(type) {
	case cards.GenericResult:
		return genericResultMarkdown(v)
	case cards.TerminalResult:
		return cardtext.TerminalMarkdown(v)
	case cards.DiffResult:
		return Diff(v.Diffs)
	case cards.ReadResult:
		return readMarkdown(v)
	case cards.SearchMatches:
		return searchMatchesMarkdown(v)
	case cards.SearchPaths:
		return searchPathsMarkdown(v)
	case cards.WebSearch:
		return webSearchMarkdown(v)
	case cards.WebFetch:
		return webFetchMarkdown(v)
	case nil:
		return ""
	}
	return "" // unreachable: the switch above is exhaustive
}

// heading is a card's Markdown heading.
func heading(glyph, title string) string {
	return "### " + glyph + " " + mdwrite.EscapeInline(textcut.OneLine(title)) + "\n"
}

// factsMarkdown is " · 14:02 · sonnet-4.6 · 2m13s · 48k tokens" after a
// prompt's "**You**", or " · 14:03 · sonnet-4.6" after a reply's label:
// what the log says of the turn or the reply, "" when nothing.
func factsMarkdown(facts []string) string {
	if len(facts) == 0 {
		return ""
	}
	return " · " + mdwrite.EscapeInline(strings.Join(facts, " · "))
}

// Totals is the line that sums a session's turns up, "*3 turns · 12m04s ·
// 1.2M tokens · $1.02 · sonnet-4.6*", for the top of an export; "" when
// the log says nothing of its turns.
func Totals(entries []cards.Entry) string {
	text := cardtext.TotalsText(cards.SessionTotals(entries))
	if text == "" {
		return ""
	}
	return "*" + mdwrite.EscapeInline(text) + "*\n"
}

// PromptIndex lists a session's prompts with their times, "1. `14:02`
// Fix the login bug", for the top of an export; "" when there are fewer
// than two.
func PromptIndex(entries []cards.Entry) string {
	ps := cardtext.Prompts(entries)
	if len(ps) < 2 {
		return ""
	}
	var b strings.Builder
	b.WriteString("**Prompts**\n\n")
	for i, p := range ps {
		fmt.Fprintf(&b, "%d. ", i+1)
		if p.Time != "" {
			b.WriteString(mdwrite.CodeSpan(p.Time) + " ")
		}
		b.WriteString(mdwrite.EscapeInline(p.Line) + "\n")
	}
	return b.String()
}
