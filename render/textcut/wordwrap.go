package textcut

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/cardtui/cardtui/render/style"
	"github.com/cardtui/cardtui/termsafe"
)

// Long lines of a card — a diff's, a read window's, a command's output,
// a raw input's — wrap the same way: at word boundaries, later rows behind
// ContinuationMark; a collapsed card gives a line at most
// CollapsedLineRows rows, the last one cut with "…".

// ContinuationMark begins every row of a wrapped line but its first.
const ContinuationMark = "↪"

// CollapsedLineRows is how many rows a long line takes in a collapsed card
// before it is cut with "…".
const CollapsedLineRows = 3

// continuationCells is the width of ContinuationMark and the space after
// it.
const continuationCells = 2

// WordBreaks splits text into rows of at most first cells for the first
// row and rest cells for the others, each ending
// after the last space that lets it fit and follows a word of the row
// (a line's indentation is no place to break), or at the cell limit when
// a word is wider than a row; it returns the byte offset each row ends at
// and its width.
func WordBreaks(text string, first, rest int) (ends, widths []int) {
	start, w, room := 0, 0, first
	afterSpace, widthThere := -1, 0 // the offset after the row's last space, and the row's width there
	word := false                   // whether the row has a character other than a space
	for i := 0; i < len(text); {
		cluster, rw := termsafe.FirstCluster(text[i:])
		for w+rw > room && w > 0 { // after a break at a space, the rest may still not fit
			if afterSpace > start {
				ends, widths = append(ends, afterSpace), append(widths, widthThere)
				w, start = w-widthThere, afterSpace
			} else {
				ends, widths = append(ends, i), append(widths, w)
				w, start = 0, i
			}
			afterSpace, word, room = -1, w > 0, rest
		}
		w += rw
		i += len(cluster)
		switch {
		case cluster != " ":
			word = true
		case word:
			afterSpace, widthThere = i, w
		}
	}
	return append(ends, len(text)), append(widths, w)
}

// WrapMarked wraps a sanitised, maybe coloured line to width cells at word
// boundaries: rows after the first begin with a dim ContinuationMark. When
// rowsMax > 0 the line takes at most rowsMax rows, the last one cut with
// "…". Each row carries its own SGR state.
func WrapMarked(line string, width, rowsMax int, o style.Options) []string {
	rows, _ := WrapMarkedCut(line, width, rowsMax, o)
	return rows
}

// WrapMarkedCut is WrapMarked that also says how many bytes of the line's
// text (without its escape sequences) the rows leave out.
func WrapMarkedCut(line string, width, rowsMax int, o style.Options) (rows []string, left int) {
	if termsafe.Width(line) <= width {
		return []string{line}, 0
	}
	width = max(width, continuationCells+1)
	room := width - continuationCells
	plain := ansi.Strip(line)
	ends, widths := WordBreaks(plain, width, room)
	cells, keep := rowCells(plain, ends, widths)
	cut := rowsMax > 0 && len(ends) > rowsMax
	if cut {
		from, fromCell, lastRoom := 0, 0, width
		if rowsMax > 1 {
			from, fromCell, lastRoom = ends[rowsMax-2], cells[rowsMax-2], room
		}
		kept := termsafe.Truncate(plain[from:], lastRoom-1, "")
		cells = append(cells[:rowsMax-1], fromCell+termsafe.Width(kept))
		keep = append(keep[:rowsMax-1], cells[rowsMax-1])
		left = len(plain) - from - len(kept)
	}
	rows = splitStyled(line, cells, keep)
	mark := style.Dim(ContinuationMark, o) + " "
	for i := 1; i < len(rows); i++ {
		rows[i] = mark + rows[i]
	}
	if cut {
		rows[len(rows)-1] += "…"
	}
	return rows, left
}

// rowCells turns the rows WordBreaks found in plain into the cell each
// row ends at, and the cell its text ends at without the spaces it ends
// with.
func rowCells(plain string, ends, widths []int) (cells, keep []int) {
	cells, keep = make([]int, len(ends)), make([]int, len(ends))
	at, start := 0, 0
	for i, w := range widths {
		at += w
		row := plain[start:ends[i]]
		cells[i], keep[i] = at, at-(len(row)-len(strings.TrimRight(row, " ")))
		start = ends[i]
	}
	return cells, keep
}

// splitStyled cuts a styled line into rows ending at the given cells, in
// one pass, each without the text from its keep cell on (the spaces it
// ends with); what lies past the last one is dropped. Each row closes the
// styles it leaves open, and the next opens them again.
func splitStyled(line string, cells, keep []int) []string {
	var b strings.Builder
	b.Grow(len(line) + len(cells))
	used, row := 0, 0
	for i := 0; i < len(line) && row < len(cells); {
		seq, w, n, _ := ansi.DecodeSequence(line[i:], ansi.NormalState, nil)
		n = max(n, 1)
		if w > 0 {
			w = termsafe.ClusterWidth(seq, w)
			for row < len(cells) && used+w > cells[row] {
				row++
				if row < len(cells) {
					b.WriteByte('\n')
				}
			}
			if row == len(cells) {
				break
			}
			used += w
			if used > keep[row] {
				i += n
				continue
			}
		}
		b.WriteString(seq)
		i += n
	}
	if row == len(cells) && strings.Contains(line, "\x1b[") {
		b.WriteString(ansi.ResetStyle) // a colour the cut left open
	}
	return styledRows(b.String())
}
