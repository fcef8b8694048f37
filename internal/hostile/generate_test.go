package hostile_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/klauspost/compress/zstd"

	"github.com/cardtui/cardtui/agents"
)

// The generators of the corpus's .gen cases. A spec line is
// "GEN: generator format [n]"; each generator writes the input of the
// format named, or fails for a format it does not write.
var generators = map[string]func(f string, n int, body []byte) ([]byte, error){
	"long-line":       longLine,
	"many-lines":      manyLines,
	"many-files":      manyFiles,
	"many-parts":      manyParts,
	"long-fields":     longFields,
	"deep-json":       deepJSON,
	"zstd-truncated":  zstdTruncated,
	"zstd-checksum":   zstdChecksum,
	"diff-swap":       diffSwap,
	"lexer-storm":     lexerStorm,
	"zstd-bomb":       zstdBomb,
	"zstd-window":     zstdWindow,
	"byte-order-mark": byteOrderMark,
	"grapheme-storm":  graphemeStorm,
}

// generator reads a spec line: the format it names, the size n it gives
// (0 when it gives none) and the func that runs its generator.
func generator(spec string, body []byte) (format string, n int, run func() ([]byte, error), err error) {
	fields := strings.Fields(strings.TrimPrefix(spec, "GEN: "))
	if !strings.HasPrefix(spec, "GEN: ") || len(fields) < 2 || len(fields) > 3 {
		return "", 0, nil, fmt.Errorf("the second line is not \"GEN: generator format [n]\": %q", spec)
	}
	gen, ok := generators[fields[0]]
	if !ok {
		return "", 0, nil, fmt.Errorf("unknown generator %q", fields[0])
	}
	if format, err = agents.ParseFormat(fields[1]); err != nil {
		return "", 0, nil, err
	}
	if len(fields) == 3 {
		if n, err = strconv.Atoi(fields[2]); err != nil {
			return "", 0, nil, err
		}
	}
	return format, n, func() ([]byte, error) { return gen(format, n, body) }, nil
}

// jsonText is s as a JSON string.
func jsonText(s string) string {
	data, err := json.Marshal(s)
	if err != nil {
		panic(err) // a string always encodes
	}
	return string(data)
}

// harnessHeader is the first line of a generated session log.
const harnessHeader = `{"type":"session","version":0,"id":"hostile","createdAt":0,"cwd":"/work"}`

// commandLines are the lines of a finished command call in format f: the
// call of `command` and its result, output and exit status 0.
func commandLines(f string, command, output string) ([]byte, error) {
	text := jsonText(output)
	return commandLinesJSON(f, command, len(text), func(b []byte) []byte { return append(b, text...) })
}

// outputMark stands for the output in the lines of commandLinesJSON, and
// is cut out of them.
const outputMark = "\x00output\x00"

// commandLinesJSON is commandLines of the output that appendOutput writes
// as a JSON string of size bytes: a big output is written once, into the
// lines, and never copied.
func commandLinesJSON(f string, command string, size int, appendOutput func([]byte) []byte) ([]byte, error) {
	lines, err := commandLinesAround(f, command)
	if err != nil {
		return nil, err
	}
	before, after, _ := strings.Cut(lines, outputMark)
	b := make([]byte, 0, len(before)+size+len(after))
	b = appendOutput(append(b, before...))
	return append(b, after...), nil
}

// commandLinesAround are the lines of commandLines with outputMark for
// the output's JSON string.
func commandLinesAround(f string, command string) (string, error) {
	const output = outputMark
	args := jsonText(`{"command":` + jsonText(command) + `,"description":"generated"}`)
	call := `{"callId":"c1","name":"bash","arguments":` + args + `}`
	result := `{"message":{"content":[{"type":"tool-result","toolCallId":"c1","content":[{"type":"text","text":` +
		output + `}],"isError":false}]}}`
	switch f {
	case "views":
		return `{"type":"call","id":"c1","tool":"bash","view":{"card":"terminal","title":` + jsonText(command) + `}}` + "\n" +
			`{"type":"result","id":"c1","view":{"card":"terminal","output":` + output + `,"exitCode":0}}` + "\n", nil
	case "harness":
		return harnessHeader + "\n" + `{"type":"tool/call","data":` + call + "}\n" +
			`{"type":"tool/result","data":` + result + "}\n", nil
	case "headless":
		return headless("tool/call", call) + headless("tool/result", result), nil
	}
	return "", fmt.Errorf("no command lines for format %v", f)
}

// headless wraps an event as a line of the headless stream.
func headless(typ, data string) string {
	return `{"type":"session_event","sessionId":"hostile","event":{"type":"` + typ + `","seq":1,"time":0,"data":` + data + "}}\n"
}

// diffSwap is a write whose diff turns n lines "a" and n lines "b" into n
// "b" then n "a": the worst case of Myers' diff, quadratic in n.
func diffSwap(f string, n int, _ []byte) ([]byte, error) {
	a, b := strings.Repeat("a\n", n), strings.Repeat("b\n", n)
	if f != "views" {
		return nil, fmt.Errorf("diff-swap writes the views format only")
	}
	view := `{"card":"diff","title":"Edit swap.txt","diffs":[{"path":"swap.txt","oldText":` + jsonText(a+b) + `,"newText":` + jsonText(b+a) + `}]}`
	return []byte(`{"type":"call","id":"c1","tool":"edit","view":` + view + "}\n"), nil
}

// lexerStorm is a message with a Makefile code block of one line of n
// opening braces, and a new Makefile of that line in a diff: chroma's
// Makefile lexer is quadratic on it (3.2 s for 8 KB, 13 s for 16 KB).
func lexerStorm(f string, n int, _ []byte) ([]byte, error) {
	if f != "views" {
		return nil, fmt.Errorf("lexer-storm writes the views format only")
	}
	braces := strings.Repeat("{", n) + "\n"
	message := `{"type":"message","role":"assistant","text":` + jsonText("```makefile\n"+braces+"```\n") + "}\n"
	view := `{"card":"diff","title":"Write Makefile","diffs":[{"path":"Makefile","oldText":null,"newText":` + jsonText(braces) + `}]}`
	return []byte(message + `{"type":"call","id":"c1","tool":"write","view":` + view + "}\n"), nil
}

// longLine is a command whose output is one line of n bytes, with escape
// sequences all along it.
func longLine(f string, n int, _ []byte) ([]byte, error) {
	const chunk = "lorem ipsum \x1b[31mred\x1b[0m \x1b]0;PWNED\x07 dolor \u202e sit "
	// The line is whole chunks and the start of one, so jsonText(line),
	// which escapes rune by rune, is the chunk escaped once and repeated
	// (escaping a 70 MB line costs seconds).
	whole := n / len(chunk)
	escaped, rest := jsonInner(chunk), jsonInner(chunk[:n-whole*len(chunk)])
	return commandLinesJSON(f, "cat one-line.log", whole*len(escaped)+len(rest)+2, func(b []byte) []byte {
		b = append(b, '"')
		for range whole {
			b = append(b, escaped...)
		}
		return append(append(b, rest...), '"')
	})
}

// manyLines is a command whose output has n lines.
func manyLines(f string, n int, _ []byte) ([]byte, error) {
	// Each line is "line %07d", which needs no escape, then the same
	// escaped text.
	head, tail := jsonInner("line "), jsonInner(" \x1b[32mok\x1b[0m\n")
	return commandLinesJSON(f, "seq-log", n*(len(head)+7+len(tail))+2, func(b []byte) []byte {
		b = append(b, '"')
		for i := 1; i <= n; i++ {
			b = append(fmt.Appendf(append(b, head...), "%07d", i), tail...)
		}
		return append(b, '"')
	})
}

// jsonInner is s as a JSON string without its quotes.
func jsonInner(s string) string {
	return strings.TrimSuffix(strings.TrimPrefix(jsonText(s), `"`), `"`)
}

// manyFiles is a view-stream diff call of n files, each with one change.
func manyFiles(f string, n int, _ []byte) ([]byte, error) {
	if f != "views" {
		return nil, fmt.Errorf("many-files writes the view stream only")
	}
	var b bytes.Buffer
	b.WriteString(`{"type":"call","id":"c1","tool":"edit","view":{"card":"diff","title":"Edit many files","diffs":[`)
	for i := range n {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `{"path":"src/pkg%04d/file.go","oldText":"a\nb\nc\n","newText":"a\nB\nc\n"}`, i)
	}
	b.WriteString("]}}\n")
	return b.Bytes(), nil
}

// manyParts is, in the view stream, a card of every kind whose list or
// text has n parts: content lines, locations, read lines, matches, paths,
// sources, answer lines, and a message of n lines.
func manyParts(f string, n int, _ []byte) ([]byte, error) {
	if f != "views" {
		return nil, fmt.Errorf("many-parts writes the view stream only")
	}
	text := jsonText(strings.Repeat("a line of text\n\n", n))
	list := func(item func(i int) string) string {
		items := make([]string, n)
		for i := range items {
			items[i] = item(i)
		}
		return "[" + strings.Join(items, ",") + "]"
	}
	lines := []string{
		`{"type":"call","id":"c1","view":{"card":"generic","title":"content","content":[{"type":"text","text":` + text + `}],` +
			`"locations":` + list(func(i int) string { return fmt.Sprintf(`{"path":"/src/f%d.go","line":%d}`, i, i+1) }) + `}}`,
		`{"type":"result","id":"c1","view":{"card":"generic","content":[{"type":"text","text":` + text + `}]}}`,
		`{"type":"result","id":"c2","view":{"card":"read","path":"a.go","offset":1,"lines":` +
			list(func(i int) string { return fmt.Sprintf(`{"number":%d,"text":"line"}`, i+1) }) +
			fmt.Sprintf(`,"totalLines":%d,"content":[{"type":"text","text":%s}]}}`, n, text),
		`{"type":"result","id":"c3","view":{"card":"search","shape":"matches","files":` +
			list(func(i int) string { return fmt.Sprintf(`{"path":"f%d.go","matches":[{"lineNumber":1,"line":"x"}]}`, i) }) +
			fmt.Sprintf(`,"truncated":false,"total":%d}}`, n),
		`{"type":"result","id":"c4","view":{"card":"search","shape":"paths","paths":` +
			list(func(i int) string { return fmt.Sprintf(`"f%d.go"`, i) }) + fmt.Sprintf(`,"truncated":false,"total":%d}}`, n),
		`{"type":"result","id":"c5","view":{"card":"web","kind":"search","answer":` + text + `,"sources":` +
			list(func(i int) string { return fmt.Sprintf(`{"url":"https://s%d.example/","title":"t"}`, i) }) + `,"truncated":false}}`,
		`{"type":"message","role":"assistant","text":` + text + `}`,
	}
	return []byte(strings.Join(lines, "\n") + "\n"), nil
}

// longFields is, in the view stream, cards whose one-line fields (title,
// tool name, description, cwd, path, URL, signal name) and an image's
// data are n bytes long.
func longFields(f string, n int, _ []byte) ([]byte, error) {
	if f != "views" {
		return nil, fmt.Errorf("long-fields writes the view stream only")
	}
	long := strings.Repeat("A", n)
	lines := []string{
		`{"type":"call","id":"c1","tool":"t` + long + `","view":{"card":"terminal","title":"echo ` + long +
			`","description":"` + long + `","cwd":"/` + long + `"}}`,
		`{"type":"result","id":"c1","view":{"card":"terminal","output":"x","signal":"SIG` + long + `"}}`,
		`{"type":"call","id":"c2","view":{"card":"generic","title":"` + long + `","locations":[{"path":"/` + long + `","line":1}],` +
			`"content":[{"type":"image","mimeType":"image/png","data":"` + long + `"}]}}`,
		`{"type":"result","id":"c3","view":{"card":"web","kind":"fetch","title":"` + long + `","url":"https://` + long +
			`.example/","statusCode":200,"truncated":false}}`,
	}
	return []byte(strings.Join(lines, "\n") + "\n"), nil
}

// nested is JSON nested depth levels deep: [[[...]]].
func nested(depth int) string {
	return strings.Repeat("[", depth) + strings.Repeat("]", depth)
}

// deepJSON writes, in format f, a call whose raw input or arguments are
// nested n levels deep, twice: as JSON in the line itself, and as a JSON
// string holding it (as the harness writes arguments); then a line that
// stays readable.
func deepJSON(f string, n int, _ []byte) ([]byte, error) {
	deep := nested(n)
	var lines []string
	switch f {
	case "views":
		lines = []string{
			`{"type":"call","id":"c1","view":{"card":"generic","title":"deep","rawInput":` + deep + `}}`,
			`{"type":"call","id":"c2","view":{"card":"generic","title":"deep string","rawInput":` + jsonText(deep) + `}}`,
		}
	case "harness":
		lines = []string{
			harnessHeader,
			`{"type":"tool/call","data":{"callId":"c1","name":"bash","arguments":` + deep + `}}`,
			`{"type":"tool/call","data":{"callId":"c2","name":"bash","arguments":` + jsonText(deep) + `}}`,
		}
	case "headless":
		lines = []string{
			strings.TrimSuffix(headless("tool/call", `{"callId":"c1","name":"read","arguments":`+deep+`}`), "\n"),
			strings.TrimSuffix(headless("tool/call", `{"callId":"c2","name":"read","arguments":`+jsonText(deep)+`}`), "\n"),
		}
	default:
		return nil, fmt.Errorf("deep-json does not write format %v", f)
	}
	lines = append(lines, `{"type":"message","role":"user","text":"still here"}`)
	if f != "views" {
		lines[len(lines)-1] = strings.TrimSuffix(headlessOrLog(f, "user/message",
			`{"content":[{"type":"text","text":"still here"}],"source":{"kind":"user"}}`), "\n")
	}
	return []byte(strings.Join(lines, "\n") + "\n"), nil
}

// headlessOrLog is an event as a line of the headless stream or of the
// session log.
func headlessOrLog(f string, typ, data string) string {
	if f == "headless" {
		return headless(typ, data)
	}
	return `{"type":"` + typ + `","data":` + data + "}\n"
}

// frames compresses each line of body into a frame of its own, as a
// .jsonl.zstd writer does, and returns the frames' start offsets.
func frames(body []byte) ([]byte, []int, error) {
	enc, err := zstd.NewWriter(nil, zstd.WithEncoderCRC(true))
	if err != nil {
		return nil, nil, err
	}
	defer enc.Close()
	var out []byte
	var starts []int
	for _, line := range bytes.SplitAfter(body, []byte("\n")) {
		if len(line) == 0 {
			continue
		}
		starts = append(starts, len(out))
		out = enc.EncodeAll(line, out)
	}
	return out, starts, nil
}

// zstdTruncated compresses the body and cuts its last frame in half, as
// a crash while writing it does.
func zstdTruncated(_ string, _ int, body []byte) ([]byte, error) {
	out, starts, err := frames(body)
	if err != nil {
		return nil, err
	}
	last := starts[len(starts)-1]
	return out[:last+(len(out)-last)/2], nil
}

// zstdChecksum compresses the body and flips a byte of the checksum of
// its second frame: the frames after it are intact.
func zstdChecksum(_ string, _ int, body []byte) ([]byte, error) {
	out, starts, err := frames(body)
	if err != nil || len(starts) < 3 {
		return nil, fmt.Errorf("zstd-checksum needs three lines at least (%v)", err)
	}
	out[starts[2]-1] ^= 0xff
	return out, nil
}

// zstdBomb compresses the body and then n MiB of blank lines in one frame
// of a few kilobytes, as a decompression bomb is made.
func zstdBomb(_ string, n int, body []byte) ([]byte, error) {
	out, _, err := frames(body)
	if err != nil {
		return nil, err
	}
	// The frame is written a MiB at a time: the n MiB it expands to are
	// never held in memory, here either.
	buf := bytes.NewBuffer(out)
	enc, err := zstd.NewWriter(buf, zstd.WithEncoderLevel(zstd.SpeedFastest), zstd.WithEncoderConcurrency(1))
	if err != nil {
		return nil, err
	}
	blank := []byte(strings.Repeat(strings.Repeat(" ", 1023)+"\n", 1024))
	for range n {
		if _, err := enc.Write(blank); err != nil {
			return nil, err
		}
	}
	if err := enc.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// zstdWindow compresses the body and then its last line again in a frame
// whose header asks for a window of n MiB (a power of two of at least 1):
// a raw block, which the decoder reads only after it allocated the window.
func zstdWindow(_ string, n int, body []byte) ([]byte, error) {
	out, _, err := frames(body)
	if err != nil || n < 1 || n&(n-1) != 0 {
		return nil, fmt.Errorf("zstd-window needs a body and a power of two (%v)", err)
	}
	last := body[bytes.LastIndexByte(body[:len(body)-1], '\n')+1:]
	windowLog := 20 + bits.TrailingZeros(uint(n))
	// Frame header: no checksum, not single segment; the window descriptor's
	// exponent is windowLog-10, its mantissa 0. One last raw block.
	out = append(out, 0x28, 0xb5, 0x2f, 0xfd, 0x00, byte((windowLog-10)<<3))
	size := len(last)<<3 | 1
	out = append(out, byte(size), byte(size>>8), byte(size>>16))
	return append(out, last...), nil
}

// byteOrderMark is the body after a UTF-8 byte order mark, as an editor
// saves it.
func byteOrderMark(_ string, _ int, body []byte) ([]byte, error) {
	return append([]byte("\uFEFF"), body...), nil
}

// graphemeStorm is a command, its output and a message, each holding
// grapheme clusters of n bytes in all: a letter under combining marks and
// emoji joined by ZWJ, each one cluster of n/2 bytes.
func graphemeStorm(f string, n int, _ []byte) ([]byte, error) {
	marks := "é" + strings.Repeat("\u0301", n/4)
	joined := strings.Repeat("👨\u200d", n/14) + "👨"
	storm := "marks " + marks + " end\nemoji " + joined + " end\n"
	out, err := commandLines(f, "echo "+marks+" | tee storm.txt", storm)
	if err != nil || f != "views" {
		return out, err
	}
	return append([]byte(`{"type":"message","role":"assistant","text":`+jsonText("Storm: "+joined+" done")+"}\n"), out...), nil
}
