package cardtext

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"path"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/render/mdwrite"
	"github.com/cardtui/cardtui/render/style"
	"github.com/cardtui/cardtui/render/textcut"
	"github.com/cardtui/cardtui/termsafe"
)

// UnsafeNote follows a URL that termsafe.SafeURL rejected; such a URL is shown as
// plain text and never linked.
const UnsafeNote = "(unsafe link)"

// StatusText is the status code, "no status" when it is unknown (0).
func StatusText(code int) string {
	if code == 0 {
		return "no status"
	}
	return strconv.Itoa(code)
}

// OrphanTitle names a card whose call was never seen.
func OrphanTitle(c cards.ToolCard) string {
	name := c.Tool
	if name == "" {
		name = "tool"
	}
	return name + " (call " + c.ID + " not seen)"
}

// RoleLabel names the author of an assistant (or unknown-role) message.
func RoleLabel(r cards.Role) string {
	switch {
	case r == cards.RolePlan:
		return "Proposed plan"
	case r == cards.RoleAgentAsUser:
		return "Agent, as a message from you"
	case r == cards.RoleAssistant || textcut.OneLine(string(r)) == "":
		return "Assistant"
	}
	return textcut.OneLine(string(r))
}

// CountLines is the number of lines of a message's text, 0 when it is
// blank.
func CountLines(text string) int {
	text = strings.Trim(termsafe.SanitizeText(text), "\n")
	if strings.TrimSpace(text) == "" {
		return 0
	}
	return strings.Count(text, "\n") + 1
}

// ReadGutter is the gutter width of a read window's line numbers.
func ReadGutter(v cards.ReadResult) int {
	numbers := make([]int, len(v.Lines))
	for i, l := range v.Lines {
		numbers[i] = l.Number
	}
	return GutterWidth(numbers)
}

// GutterWidth is the number of digits of the largest line number.
func GutterWidth(numbers []int) int {
	largest := 0
	for _, n := range numbers {
		largest = max(largest, n)
	}
	return len(strconv.Itoa(largest))
}

// SourceText sanitises one line of source, keeping its indentation; a
// line break inside it is shown as "↵".
func SourceText(s string) string {
	return strings.TrimRight(strings.ReplaceAll(termsafe.SanitizeText(s), "\n", "↵"), " ")
}

// ReadRange says which lines of the file are shown; TotalLines 0 beside
// lines says the file's length is not known.
func ReadRange(v cards.ReadResult) string {
	if len(v.Lines) == 0 {
		if v.TotalLines == 0 {
			return "empty file"
		}
		return "no lines shown of " + textcut.Plural(v.TotalLines, "line", "lines")
	}
	first, last := v.Lines[0].Number, v.Lines[len(v.Lines)-1].Number
	switch {
	case v.TotalLines == 0 && first == last: // the file's length is not known
		return fmt.Sprintf("line %d", first)
	case v.TotalLines == 0:
		return fmt.Sprintf("lines %d–%d", first, last)
	case first <= 1 && last >= v.TotalLines:
		return "all " + textcut.Plural(len(v.Lines), "line", "lines")
	case first == last:
		return fmt.Sprintf("line %d of %d", first, v.TotalLines)
	}
	return fmt.Sprintf("lines %d–%d of %d", first, last, v.TotalLines)
}

// FenceInfo is a language name fit for a fence's info string, "" when it
// holds anything but ASCII letters, digits and "+#._-".
func FenceInfo(lang string) string {
	if strings.IndexFunc(lang, func(r rune) bool { return !langRune(r) }) >= 0 {
		return ""
	}
	return lang
}

// langRune reports whether r may appear in a language name.
func langRune(r rune) bool {
	return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("+#._-", r)
}

// RolledBackText labels an entry of a turn a later rollback undid
// (cards.IsRolledBack): it is still drawn, for what happened, after a
// line in the theme's warning colour that says it no longer stands.
const RolledBackText = "↶ rolled back (undone)"

// ProblemTitle names where the problem is: "Problem · session.jsonl line 7".
func ProblemTitle(p cards.Problem) string {
	title := "Problem"
	if s := textcut.OneLine(p.Source); s != "" {
		title += " · " + s
	}
	if p.Line > 0 {
		title += " line " + strconv.Itoa(p.Line)
	}
	return title
}

// matchCount is the number of matches listed.
func matchCount(v cards.SearchMatches) int {
	n := 0
	for _, f := range v.Files {
		n += len(f.Matches)
	}
	return n
}

// MatchesFooter is "N matches in M files", with the truncation note.
func MatchesFooter(v cards.SearchMatches) string {
	n := matchCount(v)
	if n == 0 {
		return "no matches" + truncationNote(v.Truncated, n, v.Total)
	}
	return textcut.Plural(n, "match", "matches") + " in " + textcut.Plural(len(v.Files), "file", "files") + truncationNote(v.Truncated, n, v.Total)
}

// PathsFooter is "N paths", with the truncation note.
func PathsFooter(v cards.SearchPaths) string {
	if len(v.Paths) == 0 {
		return "no paths" + truncationNote(v.Truncated, 0, v.Total)
	}
	return textcut.Plural(len(v.Paths), "path", "paths") + truncationNote(v.Truncated, len(v.Paths), v.Total)
}

// truncationNote is " (truncated: showing X of Total)" for a truncated
// result, "" otherwise.
func truncationNote(truncated bool, shown, total int) string {
	switch {
	case !truncated:
		return ""
	case total > shown:
		return fmt.Sprintf(" (truncated: showing %d of %d)", shown, total)
	}
	return " (truncated)"
}

// terminalSignalCells is the most cells a signal name takes in the badge.
const terminalSignalCells = 16

// TerminalTitle is the title of a terminal card: the description when the
// call has one (the body shows the command in full), else the command's
// first line.
func TerminalTitle(v cards.TerminalCall) string {
	if d := strings.TrimSpace(v.Description); d != "" {
		return d
	}
	first, _, _ := strings.Cut(strings.TrimSpace(v.Title), "\n")
	return first
}

// terminalStatus is "exit N" or "signal X", or "done" and false when the
// result gives neither.
func terminalStatus(r cards.TerminalResult) (string, bool) {
	switch {
	case r.Signal != "":
		return "signal " + termsafe.Truncate(textcut.OneLine(r.Signal), terminalSignalCells, "…"), true
	case r.ExitCode != nil:
		return fmt.Sprintf("exit %d", *r.ExitCode), true
	}
	return "done", false
}

// TerminalCallMarkdown is the Markdown of a terminal call's body: the
// description and the cwd as paragraphs, then "$ command" in a console
// block.
func TerminalCallMarkdown(v cards.TerminalCall) string {
	var b strings.Builder
	if d := strings.TrimSpace(termsafe.SanitizeText(v.Description)); d != "" {
		b.WriteString(mdwrite.EscapeInline(d) + "\n\n")
	}
	if cwd := textcut.OneLine(v.Cwd); cwd != "" {
		b.WriteString("in " + mdwrite.EscapeInline(cwd) + "\n\n")
	}
	b.WriteString(mdwrite.Fence("$ "+termsafe.SanitizeText(v.Title), "console"))
	return b.String()
}

// TerminalMarkdown is the Markdown of a terminal result: its title, the
// output in a console block (or "(no output)") and the status line. The
// output is sanitised as in the console pane, "\r" overwrites resolved, and
// then stripped of its colours.
func TerminalMarkdown(r cards.TerminalResult) string {
	var b strings.Builder
	if t := textcut.OneLine(r.Title); t != "" {
		b.WriteString(mdwrite.EscapeInline(t) + "\n\n")
	}
	if out := strings.TrimSuffix(r.Output, "\n"); out != "" {
		b.WriteString(mdwrite.Fence(ansi.Strip(termsafe.SanitizeOutput(out)), "console"))
	} else {
		b.WriteString("(no output)\n")
	}
	status, _ := terminalStatus(r)
	b.WriteString("\n" + mdwrite.EscapeInline(status) + "\n")
	return b.String()
}

// BlockParts returns the text of a text block, or the placeholder that
// stands for any other block: "[image image/png, 8 bytes]",
// "[reasoning block]".
func BlockParts(block cards.ContentBlock) (text, placeholder string) {
	switch b := block.(type) {
	case cards.TextBlock:
		return b.Text, ""
	case cards.ImageBlock:
		return "", imagePlaceholder(b)
	case cards.OpaqueBlock:
		return "", "[" + textcut.OneLine(b.Type) + " block]"
	}
	return "", "" // unreachable: the switch above is exhaustive
}

// imagePlaceholder describes an image by its type and size or address.
func imagePlaceholder(b cards.ImageBlock) string {
	desc := "image"
	if b.MimeType != "" {
		desc += " " + textcut.OneLine(b.MimeType)
	}
	switch {
	case b.Data != "":
		desc += ", " + textcut.Plural(decodedSize(b.Data), "byte", "bytes")
	case b.URI != "":
		desc += ", " + textcut.OneLine(b.URI)
	}
	return "[" + desc + "]"
}

// decodedSize is the number of bytes base64 data decodes to.
func decodedSize(data string) int {
	data = strings.TrimRight(data, "=")
	return base64.RawStdEncoding.DecodedLen(len(data))
}

// RawInputText returns the sanitised text of a raw input and whether it is
// pretty-printed JSON (as opposed to a string, or JSON that would indent
// to too much, shown as it is).
func RawInputText(raw json.RawMessage) (string, bool) {
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
	return termsafe.SanitizeText(string(WithoutHTMLEscapes(pretty.Bytes()))), true
}

// WithoutHTMLEscapes undoes the escapes of <, > and & that the cards
// codec writes in the JSON it encodes (as encoding/json does): a raw
// input shows "a && b", not "a \u0026\u0026 b". Other escapes stay.
func WithoutHTMLEscapes(js []byte) []byte {
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

// AbsFileURL is the file URL of an absolute path, "" for a relative one.
func AbsFileURL(p string) string {
	if !path.IsAbs(p) {
		return ""
	}
	return style.FileURL(p)
}

// guessLanguage names the language of output that says what it is: "json"
// for one JSON object or array.
func guessLanguage(text string) string {
	trimmed := strings.TrimSpace(text)
	if trimmed == "" || len(trimmed) > style.ColourBytes || trimmed[0] != '{' && trimmed[0] != '[' || !json.Valid([]byte(trimmed)) {
		return ""
	}
	return "json"
}

// Preformatted is preformatted text sanitised, without its leading and
// trailing line breaks ("" when it is blank), and its language: lang, else
// the one guessLanguage finds. Output that is one JSON object or array on
// one line longer than PrettyJSONBytes is pretty-printed (as RawInputText
// does), so that it folds like other long output instead of wrapping
// inside its tokens; shorter JSON, and JSON the tool laid out over lines,
// are left as they are.
func Preformatted(text, lang string) (string, string) {
	text = strings.Trim(termsafe.SanitizeText(text), "\n")
	if strings.TrimSpace(text) == "" {
		return "", ""
	}
	if lang == "" {
		lang = guessLanguage(text)
		if lang == "json" && len(text) > PrettyJSONBytes && !strings.Contains(text, "\n") {
			text = prettyJSON(text)
		}
	}
	return text, lang
}

// PrettyJSONBytes is the length from which one line of JSON output is
// pretty-printed: about the width of a card in an 80-column terminal.
const PrettyJSONBytes = 76

// prettyJSON indents valid JSON by two spaces, or returns it as it is when
// indenting would add more than maxIndentBytes.
func prettyJSON(text string) string {
	trimmed := []byte(strings.TrimSpace(text))
	var pretty bytes.Buffer
	if indentBytes(trimmed) > maxIndentBytes || json.Indent(&pretty, trimmed, "", "  ") != nil {
		return text
	}
	return pretty.String()
}

// BadgeText is the text of a card's badge: a finished command's exit
// status when it tells the card's state, else the state's name.
func BadgeText(c cards.ToolCard) string {
	s := c.State()
	if r, ok := c.Result.(cards.TerminalResult); ok && ExitSays(r, s) {
		text, _ := terminalStatus(r)
		return text
	}
	return s.String()
}

// ExitSays reports whether a command's exit status tells its state: it is
// known, and it failed exactly when the card did (a command that exited
// 0 but was marked as an error says "failed" instead).
func ExitSays(r cards.TerminalResult, s cards.State) bool {
	if _, known := terminalStatus(r); !known {
		return false
	}
	exitFailed := r.Signal != "" || *r.ExitCode != 0
	return s == cards.StateDone && !exitFailed || s == cards.StateFailed && exitFailed
}

// NotAppliedNotes say, per state, why a proposed change is not in the
// files.
var NotAppliedNotes = map[cards.State]string{
	cards.StateFailed:      "✗ Not applied: the change failed",
	cards.StateRejected:    "✗ Not applied: the change was rejected",
	cards.StateDenied:      "✗ Not applied: the change was denied",
	cards.StateInterrupted: "✗ Not applied: the change was interrupted",
	cards.StateWaiting:     "… Not applied yet: waiting for your answer",
}
