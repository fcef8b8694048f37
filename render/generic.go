package render

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"

	"github.com/alecthomas/chroma/v2"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/render/cardtext"
	"github.com/cardtui/cardtui/render/markdown"
	"github.com/cardtui/cardtui/render/style"
	"github.com/cardtui/cardtui/render/textcut"
	"github.com/cardtui/cardtui/termsafe"
)

// The number of lines a collapsed card shows of a long part before
// "… N more lines (enter to expand)".
const (
	rawInputFold = 12
	bodyFold     = 20
)

// genericCallBody draws a generic call's content blocks, its raw input and
// its locations.
func genericCallBody(v cards.GenericCall, answered bool, o style.Options) []string {
	width := textcut.InnerWidth(o)
	return textcut.JoinSections(
		textcut.FoldLines(contentLines(v.Content, width, o), bodyFold, o),
		rawInputLines(v.RawInput, answered, width, o),
		textcut.FoldLines(locationLines(v.Locations, width, o), bodyFold, o),
	)
}

// genericResultBody draws a generic result's title and content.
func genericResultBody(v cards.GenericResult, o style.Options) []string {
	width := textcut.InnerWidth(o)
	return textcut.JoinSections(titleLines(v.Title, width, o), textcut.FoldLines(contentLines(v.Content, width, o), bodyFold, o))
}

// titleLines is a result's own title, bold, on one line.
func titleLines(title string, width int, o style.Options) []string {
	if t := textcut.OneLine(title); t != "" {
		return []string{o.BoldInk(o.Colors().Title).Render(termsafe.Truncate(t, width, "…"))}
	}
	return nil
}

// contentLines draws content blocks: text as preformatted text (see
// preformattedLines), or as Markdown when the block says it is, any other
// block as a dim placeholder. Every caller folds the lines at bodyFold, so that a
// collapsed card's long code blocks are coloured no further (see
// markdownHead).
func contentLines(blocks []cards.ContentBlock, width int, o style.Options) []string {
	shown := markdown.AllShown
	if !o.Expanded {
		shown = bodyFold
	}
	sections := make([][]string, 0, len(blocks))
	lines := 0
	for _, block := range blocks {
		text, ph := cardtext.BlockParts(block)
		var section []string
		switch t, ok := block.(cards.TextBlock); {
		case ok && t.Markdown:
			section = markdown.Head(text, width, markdown.Remaining(shown, lines), o)
		case ok:
			section = preformattedLines(text, t.Lang, width, markdown.Remaining(shown, lines), o)
		default:
			section = []string{style.Dim(termsafe.Truncate(ph, width, "…"), o)}
		}
		if len(section) > 0 {
			sections = append(sections, section)
			lines += len(section) + 1 // and the blank line after it
		}
	}
	return textcut.JoinSections(sections...)
}

// rawInputLines draws a call's raw input: a JSON string as it is, any
// other JSON value pretty-printed and highlighted, at most rawInputFold
// lines when collapsed. Once the call is answered, the result says what
// matters: collapsed, a JSON value is then one line.
func rawInputLines(raw json.RawMessage, answered bool, width int, o style.Options) []string {
	if answered && !o.Expanded && structuredJSON(raw) {
		return rawInputOneLine(raw, width, o)
	}
	text, isJSON := cardtext.RawInputText(raw)
	switch {
	case text == "":
		return nil
	case !isJSON:
		return textcut.FoldLines(markdown.WrapLines(text, width), rawInputFold, o)
	}
	lines := strings.Split(text, "\n")
	shown := lines
	if !o.Expanded && len(lines) > rawInputFold {
		shown = lines[:rawInputFold]
	}
	coloured, _ := markdown.HighlightLines(strings.Join(shown, "\n"), "json", o) // plain past the budget
	out := fitLines(coloured, width, collapsedRows(o), o)
	if hidden := len(lines) - len(shown); hidden > 0 {
		out = append(out, textcut.MoreLine(hidden, o))
	}
	return out
}

// rawInputOneLine draws raw input (valid JSON) as one row cut to width
// with "…": an object as "key: value, key: value" with each value compact
// and highlighted, anything else as compact JSON. Only what can show is
// highlighted, so a raw input of megabytes costs no more than a short one.
func rawInputOneLine(raw json.RawMessage, width int, o style.Options) []string {
	budget := 4 * width // bytes of text: more than the line can show
	fields, isObject := objectFields(raw)
	if !isObject || len(fields) == 0 {
		return fitLines([]string{highlightedJSON(raw, budget, o)}, width, 1, o)
	}
	key := markdown.CodeStyle(chroma.NameTag, o)
	var line strings.Builder
	for i, f := range fields {
		if i > 0 {
			line.WriteString(", ")
		}
		line.WriteString(key.Styled(textcut.OneLine(f.key) + ":"))
		line.WriteString(" " + oneLineValue(f.value, budget, o))
		if budget -= len(f.key) + len(f.value); budget <= 0 {
			break
		}
	}
	return fitLines([]string{line.String()}, width, 1, o)
}

// structuredJSON reports whether raw is valid JSON other than a string or
// null: a value the card pretty-prints.
func structuredJSON(raw json.RawMessage) bool {
	trimmed := bytes.TrimSpace(raw)
	return len(trimmed) > 0 && trimmed[0] != '"' && string(trimmed) != "null" && json.Valid(trimmed)
}

// rawField is one field of a JSON object, its value as it is.
type rawField struct {
	key   string
	value json.RawMessage
}

// objectFields splits a JSON object into its fields, in order; ok is
// false for any other value. (A raw input is shown, not checked: a
// duplicate key is shown twice.)
func objectFields(raw json.RawMessage) (fields []rawField, ok bool) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, false
	}
	for dec.More() {
		key, err := dec.Token()
		var value json.RawMessage
		if err != nil || dec.Decode(&value) != nil {
			return nil, false
		}
		fields = append(fields, rawField{key: key.(string), value: value})
	}
	return fields, true
}

// oneLineValue is a field's value on the one line of a raw input: a
// string whose only escapes are of quotes and backslashes as its text,
// without the quotes and the escapes of JSON (a pattern "a\\(" reads as
// a\(), in the string colour; any other value as highlightedJSON, so that
// a control or format character stays a visible escape.
func oneLineValue(value json.RawMessage, budget int, o style.Options) string {
	var s string
	if !plainString(value) || json.Unmarshal(value, &s) != nil || s == "" {
		return highlightedJSON(value, budget, o)
	}
	s = textcut.OneLine(termsafe.SanitizeText(s))
	if len(s) > max(budget, 1) {
		s = strings.ToValidUTF8(s[:max(budget, 1)], "") + "…"
	}
	return markdown.CodeStyle(chroma.LiteralString, o).Styled(s)
}

// plainString reports whether value is a JSON string whose escapes are
// only \" and \\.
func plainString(value json.RawMessage) bool {
	if len(value) < 2 || value[0] != '"' {
		return false
	}
	for i := 1; i < len(value)-1; i++ {
		if value[i] == '\\' {
			if value[i+1] != '"' && value[i+1] != '\\' {
				return false
			}
			i++
		}
	}
	return true
}

// highlightedJSON is a JSON value compact, sanitised, cut to about budget
// bytes ("…" marking a cut) and highlighted, on one line.
func highlightedJSON(value json.RawMessage, budget int, o style.Options) string {
	var compact bytes.Buffer
	_ = json.Compact(&compact, value) // valid: it was decoded
	text := string(cardtext.WithoutHTMLEscapes(compact.Bytes()))
	if len(text) > max(budget, 1) {
		text = strings.ToValidUTF8(text[:max(budget, 1)], "") + "…"
	}
	coloured, _ := markdown.HighlightLines(textcut.OneLine(text), "json", o) // plain past the budget
	return coloured[0]
}

// fitLines wraps coloured lines to width at word boundaries
// (textcut.WrapMarked), each at most rows rows (0: any number).
func fitLines(lines []string, width, rows int, o style.Options) []string {
	out := make([]string, 0, len(lines))
	for _, line := range lines {
		out = append(out, textcut.WrapMarked(line, width, rows, o)...)
	}
	return out
}

// locationLines draws file locations as "path:line", each linked to its
// file when the path is absolute and the options allow links.
func locationLines(locs []cards.FileLocation, width int, o style.Options) []string {
	lines := make([]string, 0, len(locs))
	for _, l := range locs {
		text := textcut.OneLine(l.Path)
		if l.Line > 0 {
			text += ":" + strconv.Itoa(l.Line)
		}
		lines = append(lines, style.PathLink(termsafe.Truncate(text, width, "…"), l.Path, o.Ink(o.Colors().Accent).Render, o))
	}
	return lines
}
