package textcut

import (
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/cardtui/cardtui/render/style"
	"github.com/cardtui/cardtui/termsafe"
)

// FrameChrome is the number of cells the frame takes from each line: a
// border and a space on either side.
const FrameChrome = 4

// InnerWidth is the width available to a card's body.
func InnerWidth(o style.Options) int { return o.LineWidth() - FrameChrome }

// OneLine sanitises text for a single-line slot: escapes removed and line
// breaks shown as "↵".
func OneLine(s string) string {
	return strings.TrimSpace(strings.ReplaceAll(termsafe.SanitizeText(s), "\n", " ↵ "))
}

// PadRight cuts or pads a styled line to exactly width cells.
func PadRight(line string, width int) string { return Framed("", line, "", width) }

// Framed is a styled line cut or padded to exactly width cells between
// left and right, built in one allocation: a card of a million lines
// makes a million of them.
func Framed(left, line, right string, width int) string {
	w := termsafe.Width(line)
	if w > width {
		// A cut before a wide character can leave one cell short.
		line = termsafe.Truncate(line, width, "…")
		w = termsafe.Width(line)
	}
	var b strings.Builder
	b.Grow(len(left) + len(line) + width - w + len(right))
	b.WriteString(left)
	b.WriteString(line)
	writeSpaces(&b, width-w)
	b.WriteString(right)
	return b.String()
}

// blanks is a run of spaces that padding is cut from.
var blanks = strings.Repeat(" ", 256)

// writeSpaces writes n spaces (none when n ≤ 0) a run at a time, not a
// byte at a time: a framed line is mostly padding.
func writeSpaces(b *strings.Builder, n int) {
	for n > 0 {
		k := min(n, len(blanks))
		b.WriteString(blanks[:k])
		n -= k
	}
}

// Note is a dim line of the card's own, cut to the body's width.
func Note(text string, o style.Options) string {
	return o.Ink(o.Colors().Dim).Render(termsafe.Truncate(text, InnerWidth(o), "…"))
}

// Separator is the dim rule between a card's call and its result.
func Separator(o style.Options) string {
	return o.Ink(o.Colors().Border).Render(strings.Repeat("┄", InnerWidth(o)))
}

// JoinSections concatenates the non-empty sections with a blank line
// between them.
func JoinSections(sections ...[]string) []string {
	var lines []string
	for _, s := range sections {
		if len(s) == 0 {
			continue
		}
		if len(lines) > 0 {
			lines = append(lines, "")
		}
		lines = append(lines, s...)
	}
	return lines
}

// FoldLines keeps the first limit lines of a collapsed card and says how
// many were left out; expanded cards keep everything.
func FoldLines(lines []string, limit int, o style.Options) []string {
	if o.Expanded || len(lines) <= limit {
		return lines
	}
	return append(lines[:limit:limit], MoreLine(len(lines)-limit, o))
}

// ExpandHint ends every note by which a collapsed card says what it does
// not show. The viewer expands a card on enter; a program that prints
// collapsed cards can look for the hint to tell how to see everything.
const ExpandHint = "(enter to expand)"

// MoreLine is the dim "… N more lines (enter to expand)", cut to the
// body's width.
func MoreLine(n int, o style.Options) string { return MoreLineIn(n, InnerWidth(o), o) }

// MoreLineIn is MoreLine cut to width.
func MoreLineIn(n, width int, o style.Options) string {
	return style.Dim(termsafe.Truncate("… "+Plural(n, "more line", "more lines")+" "+ExpandHint, width, "…"), o)
}

// Plural is "1 thing" or "N things".
func Plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// CutLeft cuts a path from the left with "…" so that its end, the file
// name, stays visible.
func CutLeft(s string, width int) string {
	w := termsafe.Width(s)
	switch {
	case w <= width:
		return s
	case width < 1:
		return ""
	}
	// A wide grapheme at the cut may leave the result a cell too wide.
	for n := w - width + 1; n < w; n++ {
		if cut := ansi.TruncateLeft(s, n, "…"); termsafe.Width(cut) <= width {
			return cut
		}
	}
	return "…"
}
