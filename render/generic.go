package render

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"path"
	"strconv"
	"strings"

	"github.com/alecthomas/chroma/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/render/markdown"
	"github.com/cardtui/cardtui/render/style"
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
	width := style.InnerWidth(o)
	return style.JoinSections(
		style.FoldLines(contentLines(v.Content, width, o), bodyFold, o),
		rawInputLines(v.RawInput, answered, width, o),
		style.FoldLines(locationLines(v.Locations, width, o), bodyFold, o),
	)
}

// genericResultBody draws a generic result's title and content.
func genericResultBody(v cards.GenericResult, o style.Options) []string {
	width := style.InnerWidth(o)
	return style.JoinSections(titleLines(v.Title, width, o), style.FoldLines(contentLines(v.Content, width, o), bodyFold, o))
}

// titleLines is a result's own title, bold, on one line.
func titleLines(title string, width int, o style.Options) []string {
	if t := style.OneLine(title); t != "" {
		return []string{o.BoldInk(o.Colors().Title).Render(ansi.Truncate(t, width, "…"))}
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
		text, ph := blockParts(block)
		var section []string
		switch t, ok := block.(cards.TextBlock); {
		case ok && t.Markdown:
			section = markdown.Head(text, width, markdown.Remaining(shown, lines), o)
		case ok:
			section = preformattedLines(text, t.Lang, width, markdown.Remaining(shown, lines), o)
		default:
			section = []string{style.Dim(ansi.Truncate(ph, width, "…"), o)}
		}
		if len(section) > 0 {
			sections = append(sections, section)
			lines += len(section) + 1 // and the blank line after it
		}
	}
	return style.JoinSections(sections...)
}

// blockParts returns the text of a text block, or the placeholder that
// stands for any other block: "[image image/png, 8 bytes]",
// "[reasoning block]".
func blockParts(block cards.ContentBlock) (text, placeholder string) {
	switch b := block.(type) {
	case cards.TextBlock:
		return b.Text, ""
	case cards.ImageBlock:
		return "", imagePlaceholder(b)
	case cards.OpaqueBlock:
		return "", "[" + style.OneLine(b.Type) + " block]"
	}
	return "", "" // unreachable: the switch above is exhaustive
}

// imagePlaceholder describes an image by its type and size or address.
func imagePlaceholder(b cards.ImageBlock) string {
	desc := "image"
	if b.MimeType != "" {
		desc += " " + style.OneLine(b.MimeType)
	}
	switch {
	case b.Data != "":
		desc += ", " + style.Plural(decodedSize(b.Data), "byte", "bytes")
	case b.URI != "":
		desc += ", " + style.OneLine(b.URI)
	}
	return "[" + desc + "]"
}

// decodedSize is the number of bytes base64 data decodes to.
func decodedSize(data string) int {
	data = strings.TrimRight(data, "=")
	return base64.RawStdEncoding.DecodedLen(len(data))
}

// rawInputLines draws a call's raw input: a JSON string as it is, any
// other JSON value pretty-printed and highlighted, at most rawInputFold
// lines when collapsed. Once the call is answered, the result says what
// matters: collapsed, a JSON value is then one line.
func rawInputLines(raw json.RawMessage, answered bool, width int, o style.Options) []string {
	if answered && !o.Expanded && structuredJSON(raw) {
		return rawInputOneLine(raw, width, o)
	}
	text, isJSON := rawInputText(raw)
	switch {
	case text == "":
		return nil
	case !isJSON:
		return style.FoldLines(markdown.WrapLines(text, width), rawInputFold, o)
	}
	lines := strings.Split(text, "\n")
	shown := lines
	if !o.Expanded && len(lines) > rawInputFold {
		shown = lines[:rawInputFold]
	}
	coloured, _ := markdown.HighlightLines(strings.Join(shown, "\n"), "json", o) // plain past the budget
	out := fitLines(coloured, width, o)
	if hidden := len(lines) - len(shown); hidden > 0 {
		out = append(out, style.MoreLine(hidden, o))
	}
	return out
}

// rawInputOneLine draws raw input (valid JSON) as one line cut to width
// with "…": an object as "key: value, key: value" with each value compact
// and highlighted, anything else as compact JSON. Only what can show is
// highlighted, so a raw input of megabytes costs no more than a short one.
func rawInputOneLine(raw json.RawMessage, width int, o style.Options) []string {
	budget := 4 * width // bytes of text: more than the line can show
	fields, isObject := objectFields(raw)
	if !isObject || len(fields) == 0 {
		return fitLines([]string{highlightedJSON(raw, budget, o)}, width, o)
	}
	key := markdown.CodeStyle(chroma.NameTag, o)
	var line strings.Builder
	for i, f := range fields {
		if i > 0 {
			line.WriteString(", ")
		}
		line.WriteString(key.Styled(style.OneLine(f.key) + ":"))
		line.WriteString(" " + highlightedJSON(f.value, budget, o))
		if budget -= len(f.key) + len(f.value); budget <= 0 {
			break
		}
	}
	return fitLines([]string{line.String()}, width, o)
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

// highlightedJSON is a JSON value compact, sanitised, cut to about budget
// bytes ("…" marking a cut) and highlighted, on one line.
func highlightedJSON(value json.RawMessage, budget int, o style.Options) string {
	var compact bytes.Buffer
	_ = json.Compact(&compact, value) // valid: it was decoded
	text := string(withoutHTMLEscapes(compact.Bytes()))
	if len(text) > max(budget, 1) {
		text = strings.ToValidUTF8(text[:max(budget, 1)], "") + "…"
	}
	coloured, _ := markdown.HighlightLines(style.OneLine(text), "json", o) // plain past the budget
	return coloured[0]
}

// rawInputText returns the sanitised text of a raw input and whether it is
// pretty-printed JSON (as opposed to a string, or JSON that would indent
// to too much, shown as it is).
func rawInputText(raw json.RawMessage) (string, bool) {
	trimmed := bytes.TrimSpace(raw)
	if len(trimmed) == 0 || string(trimmed) == "null" {
		return "", false
	}
	var s string
	if json.Unmarshal(trimmed, &s) == nil {
		return strings.TrimRight(termsafe.SanitizeText(s), "\n"), false
	}
	var pretty bytes.Buffer
	if indentBytes(trimmed) > maxIndentBytes || json.Indent(&pretty, trimmed, "", "  ") != nil {
		return strings.TrimRight(termsafe.SanitizeText(string(trimmed)), "\n"), false
	}
	return termsafe.SanitizeText(string(withoutHTMLEscapes(pretty.Bytes()))), true
}

// withoutHTMLEscapes undoes the escapes of <, > and & that the cards
// codec writes in the JSON it encodes (as encoding/json does): a raw
// input shows "a && b", not "a \u0026\u0026 b". Other escapes stay.
func withoutHTMLEscapes(js []byte) []byte {
	if !bytes.Contains(js, []byte(`\u00`)) {
		return js
	}
	out := make([]byte, 0, len(js))
	for i := 0; i < len(js); i++ {
		if js[i] != '\\' || i+1 == len(js) {
			out = append(out, js[i])
			continue
		}
		if c, ok := htmlEscape(js[i+1:]); ok {
			out = append(out, c)
			i += len(`u0026`)
			continue
		}
		out = append(out, js[i], js[i+1]) // any other escape, as a pair
		i++
	}
	return out
}

// htmlEscape reads the character of a \u003c, \u003e or \u0026 escape
// after its backslash.
func htmlEscape(rest []byte) (byte, bool) {
	if len(rest) < len(`u0026`) || rest[0] != 'u' {
		return 0, false
	}
	switch strings.ToLower(string(rest[1:5])) {
	case "003c":
		return '<', true
	case "003e":
		return '>', true
	case "0026":
		return '&', true
	}
	return 0, false
}

// maxIndentBytes bounds the indentation pretty-printing may add to a raw
// input. Indentation grows with the nesting: 18 KB of JSON nested 9,000
// levels deep would indent to 160 MB.
const maxIndentBytes = 1 << 20

// indentBytes is the number of bytes of indentation json.Indent with two
// spaces would add to valid JSON: twice the depth on every line it starts.
func indentBytes(js []byte) int {
	total, depth, inString, escaped := 0, 0, false, false
	for i, c := range js {
		switch {
		case inString:
			escaped, inString = c == '\\' && !escaped, c != '"' || escaped
		case c == '"':
			inString = true
		case c == '{' || c == '[':
			depth++
			if i+1 < len(js) && js[i+1] != '}' && js[i+1] != ']' {
				total += 2 * depth
			}
		case c == '}' || c == ']':
			depth--
			if i > 0 && js[i-1] != '{' && js[i-1] != '[' {
				total += 2 * depth
			}
		case c == ',':
			total += 2 * depth
		}
	}
	return total
}

// fitLines makes lines fit width: cut with "…" when collapsed, wrapped when
// expanded.
func fitLines(lines []string, width int, o style.Options) []string {
	out := make([]string, 0, len(lines))
	for _, line := range lines {
		if termsafe.Width(line) <= width {
			out = append(out, line)
			continue
		}
		if !o.Expanded {
			out = append(out, ansi.Truncate(line, width, "…"))
			continue
		}
		// termsafe.SanitizeOutput closes the styles a wrap leaves open at the end
		// of a line and re-opens them on the next.
		out = append(out, strings.Split(termsafe.SanitizeOutput(ansi.Wrap(line, width, "")), "\n")...)
	}
	return out
}

// locationLines draws file locations as "path:line", each linked to its
// file when the path is absolute and the options allow links.
func locationLines(locs []cards.FileLocation, width int, o style.Options) []string {
	lines := make([]string, 0, len(locs))
	for _, l := range locs {
		text := style.OneLine(l.Path)
		if l.Line > 0 {
			text += ":" + strconv.Itoa(l.Line)
		}
		lines = append(lines, style.PathLink(ansi.Truncate(text, width, "…"), l.Path, o.Ink(o.Colors().Accent).Render, o))
	}
	return lines
}

// genericCallMarkdown is the Markdown of a generic call's body: content,
// raw input in a fence and locations as a list. A body starts with a blank
// line, to separate it from the card's heading.
func genericCallMarkdown(v cards.GenericCall, o style.Options) string {
	if body := markdown.Join(contentMarkdown(v.Content), rawInputMarkdown(v.RawInput), locationsMarkdown(v.Locations)); body != "" {
		return "\n" + body
	}
	return ""
}

// genericResultMarkdown is the Markdown of a generic result's body.
func genericResultMarkdown(v cards.GenericResult) string {
	return markdown.Join(titleMarkdown(v.Title), contentMarkdown(v.Content))
}

// titleMarkdown is a result's own title as a bold line.
func titleMarkdown(title string) string {
	if t := style.OneLine(title); t != "" {
		return "**" + markdown.EscapeInline(t) + "**"
	}
	return ""
}

// contentMarkdown writes Markdown text blocks as they are (sanitised,
// their open blocks closed), preformatted ones in a fence with their
// language, and other blocks as italic placeholders.
func contentMarkdown(blocks []cards.ContentBlock) string {
	parts := make([]string, 0, len(blocks))
	for _, block := range blocks {
		text, ph := blockParts(block)
		switch t, ok := block.(cards.TextBlock); {
		case ph != "":
			parts = append(parts, "_"+markdown.EscapeInline(ph)+"_")
		case ok && !t.Markdown:
			parts = append(parts, preformattedMarkdown(text, t.Lang))
		default:
			parts = append(parts, markdown.CloseBlocks(termsafe.SanitizeText(text)))
		}
	}
	return markdown.Join(parts...)
}

// rawInputMarkdown puts the raw input in a fence: ```json for JSON, a plain
// fence for a string.
func rawInputMarkdown(raw json.RawMessage) string {
	text, isJSON := rawInputText(raw)
	if text == "" {
		return ""
	}
	if isJSON {
		return markdown.Fence(text, "json")
	}
	return markdown.Fence(text, "")
}

// locationsMarkdown lists locations; absolute paths link to their file.
func locationsMarkdown(locs []cards.FileLocation) string {
	var b strings.Builder
	for _, l := range locs {
		text := style.OneLine(l.Path)
		if l.Line > 0 {
			text += ":" + strconv.Itoa(l.Line)
		}
		b.WriteString("- " + markdown.Link(markdown.CodeSpan(text), absFileURL(l.Path)) + "\n")
	}
	return b.String()
}

// absFileURL is the file URL of an absolute path, "" for a relative one.
func absFileURL(p string) string {
	if !path.IsAbs(p) {
		return ""
	}
	return style.FileURL(p)
}
