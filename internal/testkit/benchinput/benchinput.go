// Package benchinput generates the inputs of issue 16's performance table,
// for scripts/bench-vs (through scripts/benchvs/gen) and for the
// benchmarks that measure the same rows with go test -bench: a one-line
// session, diff sessions with their two files beside them, a long
// Markdown message, a Claude Code transcript of about 2 MB and a harness
// session log of any size. Nothing it writes goes into the repository.
package benchinput

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// ClaudeSize is the size of the generated Claude Code transcript.
const ClaudeSize = 2 << 20

// Files are the inputs by file name: one.jsonl; diff10k and diff100k
// (.old, .new and .jsonl, a view stream whose one call is a diff card of
// the two); edit.* the same for the real edit editOld → editNew when both
// are given; md2000.jsonl and md2000.md, 2,000 lines of Markdown as a
// message and as a file; claude2mb.jsonl, the Claude Code transcript
// claudeSample grown to ClaudeSize.
func Files(claudeSample []byte, editOld, editNew string) map[string][]byte {
	files := map[string][]byte{
		"one.jsonl":       ViewLine(map[string]any{"type": "message", "role": "user", "text": "hello"}),
		"md2000.jsonl":    ViewLine(map[string]any{"type": "message", "role": "assistant", "text": Markdown(2000)}),
		"md2000.md":       []byte(Markdown(2000)),
		"claude2mb.jsonl": GrowClaude(claudeSample, ClaudeSize),
	}
	for _, n := range []int{10_000, 100_000} {
		old := GoSource(n)
		addDiff(files, fmt.Sprintf("diff%dk", n/1000), "main.go", old, ChangeEvery(old, 20))
	}
	if editOld != "" && editNew != "" {
		addDiff(files, "edit", "style.go", editOld, editNew)
	}
	return files
}

// addDiff adds NAME.old, NAME.new and NAME.jsonl.
func addDiff(files map[string][]byte, name, path, old, new string) {
	files[name+".old"] = []byte(old)
	files[name+".new"] = []byte(new)
	files[name+".jsonl"] = DiffSession(path, old, new)
}

// DiffSession is a view stream whose one call is a diff card from old to
// new.
func DiffSession(path, old, new string) []byte {
	return ViewLine(map[string]any{
		"type": "call", "id": "c1", "tool": "edit",
		"view": map[string]any{
			"card": "diff", "title": "Edit " + path,
			"diffs": []any{map[string]any{"path": path, "oldText": old, "newText": new}},
		},
	})
}

// GoSource is n lines of Go-like source, each line distinct.
func GoSource(n int) string {
	var b strings.Builder
	for i := range n {
		switch i % 10 {
		case 0:
			fmt.Fprintf(&b, "func step%d(ctx context.Context, n int) (int, error) {\n", i)
		case 9:
			b.WriteString("}\n")
		default:
			fmt.Fprintf(&b, "\tv%d := compute(n, %d) // accumulate the %dth value\n", i, i*7, i)
		}
	}
	return b.String()
}

// ChangeEvery rewrites one line in every k of src (5% for k = 20).
func ChangeEvery(src string, k int) string {
	lines := strings.SplitAfter(src, "\n")
	for i := 5; i < len(lines); i += k {
		lines[i] = strings.Replace(lines[i], "compute", "recompute", 1)
	}
	return strings.Join(lines, "")
}

// Markdown is n lines of Markdown: headings, paragraphs, lists and code.
func Markdown(n int) string {
	var b strings.Builder
	for i := range n {
		switch i % 20 {
		case 0:
			fmt.Fprintf(&b, "## Section %d\n", i/20)
		case 2, 3, 4:
			fmt.Fprintf(&b, "Paragraph line %d with `code`, **bold** and a [link](https://example.com/%d).\n", i, i)
		case 5, 6, 7:
			fmt.Fprintf(&b, "- item %d of the list\n", i)
		case 12:
			b.WriteString("```go\n")
		case 13, 14, 15, 16:
			fmt.Fprintf(&b, "x%d := f(%d)\n", i, i)
		case 17:
			b.WriteString("```\n")
		default:
			b.WriteString("\n")
		}
	}
	return b.String()
}

// GrowClaude repeats a Claude Code transcript until it holds size bytes,
// giving each copy its own uuids and tool-use ids so no line reads as a
// copy.
func GrowClaude(sample []byte, size int) []byte {
	var out bytes.Buffer
	for k := 0; out.Len() < size; k++ {
		dup := bytes.ReplaceAll(sample, []byte("a1f0"), fmt.Appendf(nil, "%04x", k&0xffff))
		dup = bytes.ReplaceAll(dup, []byte(`"toolu_`), fmt.Appendf(nil, `"toolu_k%d_`, k))
		out.Write(dup)
	}
	return out.Bytes()
}

// Repeat repeats the lines of a session (after its first skip lines) with
// fresh call ids — every `"`+idPrefix gets a round number — until the
// result holds about size bytes; the first skip lines are written once.
func Repeat(lines []string, skip int, idPrefix string, size int) []byte {
	var b bytes.Buffer
	body := strings.Join(lines[skip:], "\n") + "\n"
	b.Grow(size + 2*len(body))
	b.WriteString(strings.Join(lines[:skip], "\n") + "\n")
	for round := 0; b.Len() < size; round++ {
		b.WriteString(strings.ReplaceAll(body, `"`+idPrefix, fmt.Sprintf(`"r%d_%s`, round, idPrefix)))
	}
	return b.Bytes()
}

// ViewLine is v as one line of JSON.
func ViewLine(v any) []byte {
	data, err := json.Marshal(v)
	if err != nil {
		panic(err) // the values above always marshal
	}
	return append(data, '\n')
}
