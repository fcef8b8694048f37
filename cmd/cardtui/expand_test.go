package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"

	"github.com/cardtui/cardtui/render"
)

// longOutputSession is a view stream with one command whose output has n
// numbered lines.
func longOutputSession(n int) string {
	var out strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&out, "output line %03d\n", i)
	}
	text, _ := json.Marshal(out.String())
	return `{"type":"call","id":"c1","tool":"bash","view":{"card":"terminal","title":"make"}}` + "\n" +
		`{"type":"result","id":"c1","view":{"card":"terminal","output":` + string(text) + `,"exitCode":0}}` + "\n"
}

func TestPrintNamesTheFlagThatExpands(t *testing.T) {
	file := writeSession(t, "long.jsonl", longOutputSession(100))

	r := runWith("", "replay", "--print", "--format", "plain", "--width", "80", file)

	assert.Equal(t, exitOK, r.code, r.stderr)
	assert.Contains(t, r.stdout, "… 85 more lines "+printHint)
	assert.NotContains(t, r.stdout, render.ExpandHint, "no enter key to press in printed text")
	assert.NotContains(t, r.stdout, "output line 050")
	for _, line := range strings.Split(r.stdout, "\n") {
		assert.LessOrEqual(t, ansi.StringWidth(line), 80, "the hint keeps the card's shape: %q", line)
	}
}

func TestExpandPrintsEveryLine(t *testing.T) {
	file := writeSession(t, "long.jsonl", longOutputSession(100))

	r := runWith("", "replay", "--print", "--expand", "--format", "plain", "--width", "80", file)

	assert.Equal(t, exitOK, r.code, r.stderr)
	for i := 1; i <= 100; i++ {
		assert.Contains(t, r.stdout, fmt.Sprintf("output line %03d", i))
	}
	assert.NotContains(t, r.stdout, "more lines")
	assert.Contains(t, usage, "--expand")
}

func TestPrintHintIsAsWideAsTheRendererHint(t *testing.T) {
	assert.Equal(t, ansi.StringWidth(render.ExpandHint), ansi.StringWidth(printHint))
}

// TestReportsQuoteTheInputSafely: what validate and replay quote from the
// input — event types, reasons, file names — reaches the terminal without
// its escape sequences.
func TestReportsQuoteTheInputSafely(t *testing.T) {
	file := writeSession(t, "evil\x1b]0;PWNED\x07.jsonl",
		`{"type":"session","version":0,"id":"s","createdAt":0,"cwd":"/w"}`+"\n"+
			`{"type":"x/\u001b]0;PWNED\u0007","data":{}}`+"\n"+
			`{"type":"turn/end","data":{"turn":"\u001b[2J"}}`+"\n")

	for _, args := range [][]string{{"validate", file}, {"replay", "--print", file}, {"replay", "--print", file, file}} {
		r := runWith("", args...)

		assert.NotContains(t, r.stdout+r.stderr, "\x1b]", args)
		assert.NotContains(t, r.stdout+r.stderr, "\x1b[2J", args)
	}
	r := runWith("", "validate", file)
	assert.Contains(t, r.stdout, "evil␛]0;PWNED␇.jsonl:3: turn/end", "the file name is quoted inert")
	assert.Contains(t, r.stdout, "skipped: x/␛]0;PWNED␇×1", "the event type is listed with its escape sequence inert")
}
