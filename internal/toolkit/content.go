package toolkit

import (
	"bytes"
	"encoding/json"
	"strings"
	"unicode/utf8"

	"github.com/cardtui/cardtui/cards"
)

// CanonicalJSON returns valid JSON in the exact form the cards codec writes
// it (compact, with <, > and & escaped), so that a view holding it re-encodes
// and decodes to an equal value.
func CanonicalJSON(raw []byte) (json.RawMessage, error) {
	var compact bytes.Buffer
	if err := json.Compact(&compact, raw); err != nil {
		return nil, err
	}
	var escaped bytes.Buffer
	json.HTMLEscape(&escaped, compact.Bytes())
	return escaped.Bytes(), nil
}

// JSONString encodes s as a JSON string.
func JSONString(s string) json.RawMessage {
	raw, _ := json.Marshal(s) // a string always encodes
	return raw
}

// ValidUTF8 replaces every byte that is not UTF-8 with U+FFFD, one
// replacement per byte as encoding/json does, so the text survives a round
// trip through JSON unchanged.
func ValidUTF8(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	return string([]rune(s))
}

// Text wraps preformatted text as content, or returns no content for "".
func Text(s string) []cards.ContentBlock {
	if s == "" {
		return nil
	}
	return []cards.ContentBlock{cards.TextBlock{Text: s}}
}

// Markdown wraps text the producer knows to be Markdown (a checklist it
// wrote, a plan, a report) as content, or returns no content for "".
func Markdown(s string) []cards.ContentBlock {
	if s == "" {
		return nil
	}
	return []cards.ContentBlock{cards.TextBlock{Text: s, Markdown: true}}
}

// Code wraps preformatted text in a language ("text" and "" for none) as
// content, one final line ending dropped; no content for "".
func Code(lang, body string) []cards.ContentBlock {
	body = strings.TrimSuffix(strings.TrimSuffix(body, "\n"), "\r")
	if body == "" {
		return nil
	}
	if lang == "text" {
		lang = ""
	}
	return []cards.ContentBlock{cards.TextBlock{Text: body, Lang: lang}}
}

// AsMarkdown marks the text blocks of content as Markdown: what a
// producer knows to be an agent's reply rather than a tool's output.
func AsMarkdown(content []cards.ContentBlock) []cards.ContentBlock {
	if len(content) == 0 {
		return nil // as no content decodes
	}
	out := make([]cards.ContentBlock, len(content))
	for i, b := range content {
		if t, ok := b.(cards.TextBlock); ok {
			t.Markdown, t.Lang = true, ""
			b = t
		}
		out[i] = b
	}
	return out
}

// TextOf joins the text blocks of a result's content and returns the other
// blocks apart.
func TextOf(content []cards.ContentBlock) (string, []cards.ContentBlock) {
	var parts []string
	var others []cards.ContentBlock
	for _, b := range content {
		if t, ok := b.(cards.TextBlock); ok {
			parts = append(parts, t.Text)
			continue
		}
		others = append(others, b)
	}
	return strings.Join(parts, "\n"), others
}

// markdownEscaper escapes the characters that would make text a Markdown
// construct.
var markdownEscaper = strings.NewReplacer(`\`, `\\`, "`", "\\`", "*", `\*`, "_", `\_`, "[", `\[`, "]", `\]`,
	"<", `\<`, ">", `\>`, "#", `\#`, "~", `\~`, "|", `\|`)

// EscapeMarkdown makes text read as itself inside Markdown.
func EscapeMarkdown(s string) string { return markdownEscaper.Replace(s) }

// FirstText is the trimmed text of the first text block, "" when there is
// none.
func FirstText(content []cards.ContentBlock) string {
	for _, b := range content {
		if t, ok := b.(cards.TextBlock); ok {
			return strings.TrimSpace(t.Text)
		}
	}
	return ""
}
