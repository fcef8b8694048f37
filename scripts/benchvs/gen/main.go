// Command gen writes the inputs that scripts/bench-vs measures cardtui and
// its anchors on: a one-line session, diff sessions (with the two files
// beside them, for git diff and delta), a long Markdown message and a
// Claude Code transcript of about 2 MB.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"strings"
)

func main() {
	out := flag.String("out", "", "directory to write the inputs to")
	claudeSample := flag.String("claude", "testdata/sessions/claude-tools.jsonl", "Claude Code transcript to grow to 2 MB")
	editOld := flag.String("edit-old", "", "the before-image of a real edit (optional)")
	editNew := flag.String("edit-new", "", "the after-image of a real edit (optional)")
	flag.Parse()
	if *out == "" {
		log.Fatal("gen: -out DIR is required")
	}
	check(os.MkdirAll(*out, 0o755))
	w := writer{dir: *out}
	w.file("one.jsonl", viewLine(map[string]any{"type": "message", "role": "user", "text": "hello"}))
	for _, n := range []int{10_000, 100_000} {
		old, changed := goSource(n), changeEvery(goSource(n), 20)
		w.diff(fmt.Sprintf("diff%dk", n/1000), "main.go", old, changed)
	}
	if *editOld != "" && *editNew != "" {
		w.diff("edit", "style.go", read(*editOld), read(*editNew))
	}
	w.file("md2000.jsonl", viewLine(map[string]any{"type": "message", "role": "assistant", "text": markdown(2000)}))
	w.file("md2000.md", []byte(markdown(2000)))
	w.file("claude2mb.jsonl", grow([]byte(read(*claudeSample)), 2<<20))
}

// writer writes the inputs into one directory.
type writer struct{ dir string }

func (w writer) file(name string, data []byte) {
	check(os.WriteFile(filepath.Join(w.dir, name), data, 0o644))
}

// diff writes NAME.old, NAME.new and NAME.jsonl, a view stream whose one
// call is a diff card of the two.
func (w writer) diff(name, path, old, new string) {
	w.file(name+".old", []byte(old))
	w.file(name+".new", []byte(new))
	w.file(name+".jsonl", viewLine(map[string]any{
		"type": "call", "id": "c1", "tool": "edit",
		"view": map[string]any{"card": "diff", "title": "Edit " + path,
			"diffs": []any{map[string]any{"path": path, "oldText": old, "newText": new}}},
	}))
}

// goSource is n lines of Go-like source, each line distinct.
func goSource(n int) string {
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

// changeEvery rewrites one line in every k (5% for k = 20).
func changeEvery(src string, k int) string {
	lines := strings.SplitAfter(src, "\n")
	for i := 5; i < len(lines); i += k {
		lines[i] = strings.Replace(lines[i], "compute", "recompute", 1)
	}
	return strings.Join(lines, "")
}

// markdown is n lines of Markdown: headings, paragraphs, lists and code.
func markdown(n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		switch i % 20 {
		case 0:
			fmt.Fprintf(&b, "## Section %d\n", i/20)
		case 1, 11:
			b.WriteString("\n")
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

// grow repeats a Claude Code transcript until it holds size bytes, giving
// each copy its own uuids and tool-use ids so no line reads as a copy.
func grow(sample []byte, size int) []byte {
	var out bytes.Buffer
	for k := 0; out.Len() < size; k++ {
		dup := bytes.ReplaceAll(sample, []byte("a1f0"), fmt.Appendf(nil, "%04x", k&0xffff))
		dup = bytes.ReplaceAll(dup, []byte(`"toolu_`), fmt.Appendf(nil, `"toolu_k%d_`, k))
		out.Write(dup)
	}
	return out.Bytes()
}

func viewLine(v any) []byte {
	data, err := json.Marshal(v)
	check(err)
	return append(data, '\n')
}

func read(path string) string {
	data, err := os.ReadFile(path)
	check(err)
	return string(data)
}

func check(err error) {
	if err != nil {
		log.Fatal("gen: ", err)
	}
}
