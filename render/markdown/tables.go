package markdown

import (
	"strings"

	"github.com/cardtui/cardtui/internal/lazyregexp"
	"github.com/cardtui/cardtui/termsafe"
)

// delimiterRow matches a GFM table's delimiter row: cells of dashes, with
// an optional colon at either end, between pipes.
var delimiterRow = lazyregexp.New(`^ {0,3}\|?( *:?-+:? *\|)* *:?-+:? *\|? *$`)

// splitTables cuts Markdown text (without fenced code) into prose and GFM
// tables, in order: a table is a Part whose Code holds its lines, from the
// header row, which has a pipe, through the delimiter row to the last
// row before a blank line or a line without a pipe. glamour sizes a table
// to the width it wraps to, whatever its content: each table is drawn at
// its own width (tableWidth).
func splitTables(md string) []Part {
	if !strings.Contains(md, "|") || !strings.Contains(md, "-") {
		return []Part{{Text: md}}
	}
	lines := strings.Split(md, "\n")
	var parts []Part
	start := 0
	for i := 0; i+1 < len(lines); i++ {
		if !strings.Contains(lines[i], "|") || !delimiterRow().MatchString(lines[i+1]) {
			continue
		}
		end := i + 2
		for end < len(lines) && strings.Contains(lines[end], "|") && strings.TrimSpace(lines[end]) != "" {
			end++
		}
		if i > start {
			parts = append(parts, Part{Text: strings.Join(lines[start:i], "\n")})
		}
		parts = append(parts, Part{Code: lines[i:end]})
		start, i = end, end-1
	}
	if start < len(lines) || len(parts) == 0 {
		parts = append(parts, Part{Text: strings.Join(lines[min(start, len(lines)):], "\n")})
	}
	return parts
}

// tableWidth is the width a table's content asks for: each column as wide
// as its widest cell's Markdown source (markers included, so never too
// narrow), with glamour's margin of one cell on each side and a rule
// between columns.
func tableWidth(rows []string) int {
	var widths []int
	for i, row := range rows {
		if i == 1 {
			continue // the delimiter row
		}
		for c, cell := range tableCells(row) {
			if c == len(widths) {
				widths = append(widths, 0)
			}
			widths[c] = max(widths[c], termsafe.Width(strings.TrimSpace(cell)))
		}
	}
	total := max(len(widths)-1, 0)
	for _, w := range widths {
		total += w + 2
	}
	return max(total, 1)
}

// tableCells splits a table row at its unescaped pipes, without the
// empty cells before a leading and after a trailing pipe.
func tableCells(row string) []string {
	row = strings.TrimSpace(row)
	var cells []string
	var cell strings.Builder
	for i := 0; i < len(row); i++ {
		switch {
		case row[i] == '\\' && i+1 < len(row):
			cell.WriteByte(row[i])
			cell.WriteByte(row[i+1])
			i++
		case row[i] == '|':
			cells = append(cells, cell.String())
			cell.Reset()
		default:
			cell.WriteByte(row[i])
		}
	}
	cells = append(cells, cell.String())
	if strings.HasPrefix(row, "|") {
		cells = cells[1:]
	}
	if strings.HasSuffix(row, "|") && len(cells) > 0 && !strings.HasSuffix(row, `\|`) {
		cells = cells[:len(cells)-1]
	}
	return cells
}
