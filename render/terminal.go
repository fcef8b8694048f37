package render

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/render/cardtext"
	"github.com/cardtui/cardtui/render/style"
	"github.com/cardtui/cardtui/render/textcut"
	"github.com/cardtui/cardtui/termsafe"
)

// Collapsed output shows its first terminalHeadLines and last
// terminalTailLines lines around a note of how many are hidden.
const (
	terminalHeadLines = 10
	terminalTailLines = 5
	// terminalLineRows is the most rows one output line takes while the
	// output is collapsed; the rest of the line is hidden behind a note.
	terminalLineRows = 4
	// terminalMarkerCells is the most cells one control character or
	// zero-width character of raw output takes once sanitised (a tab, or a
	// marker such as "<U+202E>").
	terminalMarkerCells = 8
	// terminalIndent is the indent of a command's continuation rows, the
	// width of the "$ " prompt.
	terminalIndent = "  "
	// terminalCommandRows and terminalCwdRows are the most rows a
	// collapsed card gives the command and the cwd; the rest is behind a
	// note.
	terminalCommandRows = 12
	terminalCwdRows     = 4
)

// terminalCallBody draws "$ command" and the cwd; the description is the
// card's title. A collapsed card shows at most terminalCommandRows of the
// command and terminalCwdRows of the cwd.
func terminalCallBody(v cards.TerminalCall, o style.Options) []string {
	p := o.Colors()
	width := textcut.InnerWidth(o)
	lines := textcut.FoldLines(commandLines(v.Title, width, o), terminalCommandRows, o)
	if cwd := textcut.OneLine(v.Cwd); cwd != "" {
		lines = append(lines, textcut.FoldLines(styledRows(o.Ink(p.Dim), wrapText("in "+cwd, width)), terminalCwdRows, o)...)
	}
	return lines
}

// commandLines draws a command after a "$ " prompt: every line of it shown,
// continuation lines and wrapped rows indented under the command.
func commandLines(command string, width int, o style.Options) []string {
	p := o.Colors()
	prompt := o.BoldInk(p.Dim).Render("$") + " "
	style := o.Ink(p.Accent)
	var lines []string
	for _, line := range strings.Split(strings.TrimRight(termsafe.SanitizeText(command), "\n"), "\n") {
		for _, row := range wrapText(line, width-len(terminalIndent)) {
			lead := terminalIndent
			if lines == nil {
				lead = prompt
			}
			lines = append(lines, lead+style.Render(row))
		}
	}
	return lines
}

// wrapText wraps plain text to width at spaces only: in a command a
// hyphen is no place to break. A word wider than a row is broken.
func wrapText(s string, width int) []string {
	var rows []string
	for _, line := range strings.Split(s, "\n") {
		rows = append(rows, wrapWords(line, width)...)
	}
	return rows
}

// wrapWords wraps one line of plain text; see wrapText.
func wrapWords(line string, width int) []string {
	var rows []string
	row := ""
	for _, word := range strings.SplitAfter(line, " ") {
		w := termsafe.Width(strings.TrimRight(word, " "))
		if used := termsafe.Width(row); used > 0 && used+w > width && w <= width {
			rows = append(rows, strings.TrimRight(row, " "))
			row = ""
		}
		row += word
		if termsafe.Width(strings.TrimRight(row, " ")) > width {
			parts := textcut.HardwrapStyled(row, width)
			rows = append(rows, parts[:len(parts)-1]...)
			row = parts[len(parts)-1]
		}
	}
	return append(rows, strings.TrimRight(row, " "))
}

// styledRows renders every row with style.
func styledRows(style style.Ink, rows []string) []string {
	for i, row := range rows {
		rows[i] = style.Render(row)
	}
	return rows
}

// terminalOutputBody draws a command's output: the result's title, then
// every line when expanded, else the head and the tail of it.
func terminalOutputBody(v cards.TerminalResult, o style.Options) []string {
	dim := o.Ink(o.Colors().Dim)
	var lines []string
	if t := textcut.OneLine(v.Title); t != "" {
		lines = styledRows(dim, wrapText(t, textcut.InnerWidth(o)))
	}
	out := strings.TrimSuffix(v.Output, "\n")
	if out == "" {
		return append(lines, dim.Render("(no output)"))
	}
	total := strings.Count(out, "\n") + 1
	if o.Expanded || total <= terminalHeadLines+terminalTailLines+1 {
		return append(lines, outputRows(out, o)...)
	}
	head := out[:nthNewline(out, terminalHeadLines)]
	tail := out[lastNthNewline(out, terminalTailLines)+1:]
	hidden := total - terminalHeadLines - terminalTailLines
	lines = append(lines, outputRows(head, o)...)
	lines = append(lines, textcut.Note(fmt.Sprintf("… %d more lines %s", hidden, textcut.ExpandHint), o))
	return append(lines, outputRows(tail, o)...)
}

// nthNewline is the index of the n-th "\n" of s (n >= 1); s holds at least n.
func nthNewline(s string, n int) int {
	at := -1
	for range n {
		at += 1 + strings.IndexByte(s[at+1:], '\n')
	}
	return at
}

// lastNthNewline is the index of the n-th "\n" of s counted from its end
// (n >= 1); s holds at least n.
func lastNthNewline(s string, n int) int {
	at := len(s)
	for range n {
		at = strings.LastIndexByte(s[:at], '\n')
	}
	return at
}

// outputRows sanitises raw output lines and wraps each to the body's
// width. Unless expanded, a line is cut to terminalLineRows rows, followed
// by a note of how many of its bytes are hidden; the cut is made before
// sanitising, so a giant line costs no more than a short one.
func outputRows(raw string, o style.Options) []string {
	width := textcut.InnerWidth(o)
	if o.Expanded {
		return wrapOutput(strings.Split(termsafe.SanitizeOutput(raw), "\n"), nil, width, o)
	}
	lines := strings.Split(raw, "\n")
	hidden := make([]int, len(lines))
	for i, line := range lines {
		cut := rawCut(line, terminalLineRows*(width-1))
		lines[i], hidden[i] = line[:cut], len(line)-cut
	}
	return wrapOutput(strings.Split(termsafe.SanitizeOutput(strings.Join(lines, "\n")), "\n"), hidden, width, o)
}

// wrapOutput wraps sanitised output lines to width at word boundaries
// (textcut.WrapMarked), each followed by a note of the bytes hidden of it
// (cut before sanitising, and cut by the wrap), if any; hidden is nil when the card is expanded, else a line takes at most
// terminalLineRows rows.
func wrapOutput(lines []string, hidden []int, width int, o style.Options) []string {
	rowsMax := terminalLineRows
	if hidden == nil {
		rowsMax = 0 // expanded
	}
	rows := make([]string, 0, len(lines))
	for i, line := range lines {
		wrapped, left := textcut.WrapMarkedCut(line, width, rowsMax, o)
		rows = append(rows, wrapped...)
		if hidden != nil && hidden[i]+left > 0 { // termsafe.SanitizeOutput keeps the lines
			rows = append(rows, textcut.Note(fmt.Sprintf("… %d more bytes %s", hidden[i]+left, textcut.ExpandHint), o))
		}
	}
	return rows
}

// rawCut is the length of the longest prefix of a raw output line that,
// sanitised, surely takes at most cells cells. The prefix ends between two
// graphemes or escape sequences.
func rawCut(line string, cells int) int {
	if len(line)*terminalMarkerCells <= cells {
		return len(line) // no byte takes more than a marker
	}
	used := 0
	for i := 0; i < len(line); {
		seq, width, n, _ := ansi.DecodeSequence(line[i:], ansi.NormalState, nil)
		switch {
		case width > 0:
			used += width
		case !strings.HasPrefix(seq, "\x1b"):
			used += terminalMarkerCells
		}
		if used > cells {
			return i
		}
		i += max(n, 1)
	}
	return len(line)
}

// withoutTerminal derives, for a client without terminal capability, the
// generic cards that show a terminal card as Markdown with console blocks.
// The result's title is part of its Markdown, so it is not repeated.
func withoutTerminal(c cards.ToolCard) cards.ToolCard {
	if v, ok := c.Call.(cards.TerminalCall); ok {
		c.Call = cards.GenericCall{
			Title: v.Title, Kind: cards.KindExecute,
			Content: []cards.ContentBlock{cards.TextBlock{Text: cardtext.TerminalCallMarkdown(v), Markdown: true}},
		}
	}
	if r, ok := c.Result.(cards.TerminalResult); ok {
		c.Result = cards.GenericResult{
			Content: []cards.ContentBlock{cards.TextBlock{Text: cardtext.TerminalMarkdown(r), Markdown: true}},
		}
	}
	return c
}
