package html_test

import (
	"bytes"
	"fmt"
	"io"
	"regexp"
	"strings"
	"testing"

	"github.com/cardtui/cardtui/internal/testkit"
	"github.com/cardtui/cardtui/internal/testkit/lexbudget"

	"github.com/cardtui/cardtui/agents/nodb"
	exporthtml "github.com/cardtui/cardtui/export/html"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/demo"
	"github.com/cardtui/cardtui/internal/testkit/golden"
	"github.com/cardtui/cardtui/render/markdown"
	"github.com/cardtui/cardtui/render/style"
	"github.com/cardtui/cardtui/replay"
)

// demoHTML is the HTML export of the demo session.
func demoHTML(t testing.TB) (string, *replay.Transcript) {
	t.Helper()
	tr, err := replay.Load(bytes.NewReader(demo.Session), "demo.jsonl", nodb.Options(replay.Auto))
	require.NoError(t, err)
	var b strings.Builder
	require.NoError(t, exporthtml.Write(&b, tr.Entries, exporthtml.Header{Title: tr.Title, Agent: "harness", Project: "/home/dev/tally", Source: "demo.jsonl"}))
	return b.String(), tr
}

func TestHTMLDemoGolden(t *testing.T) {
	got, _ := demoHTML(t)
	golden.Assert(t, "demo.html", got)
}

// htmlOf is the export of entries with an empty header.
func htmlOf(t *testing.T, entries ...cards.Entry) string {
	t.Helper()
	var b strings.Builder
	require.NoError(t, exporthtml.Write(&b, entries, exporthtml.Header{}))
	return b.String()
}

func exit(n int) *int { return &n }

func TestHTMLEscapesEverythingFromTheLog(t *testing.T) {
	got := htmlOf(t,
		cards.Message{Role: cards.RoleUser, Text: "<script>alert(1)</script>\n  indented <b>"},
		cards.Message{Role: cards.RoleAssistant, Text: "<img src=x onerror=alert(1)> [a](javascript:alert(1)) [b](https://example.com/ok) ![c](https://evil.example/x.png) ![d](data:image/png;base64,AAAA) <https://example.com/auto>"},
		cards.ToolCard{
			ID: "1", Call: cards.TerminalCall{Title: "echo \"<x>\" \x1b]0;title\x07"},
			Result: cards.TerminalResult{Output: "\x1b[31mred\x1b[0m & <plain>\x1b[2J", ExitCode: exit(0)},
		},
	)

	assert.NotContains(t, got, "<script")
	assert.NotContains(t, got, "<img")
	assert.NotContains(t, got, "onerror")
	assert.NotContains(t, got, `href="javascript`)
	assert.NotContains(t, got, "data:image", "not even as text: an image shows its alt text")
	assert.NotContains(t, got, "\x1b")
	assert.Contains(t, got, "&lt;script&gt;alert(1)&lt;/script&gt;\n  indented &lt;b&gt;", "a prompt is verbatim")
	assert.Contains(t, got, `<a href="https://example.com/ok">b</a>`)
	assert.Contains(t, got, "[image: c] https://evil.example/x.png")
	assert.Contains(t, got, `<a href="https://example.com/auto">https://example.com/auto</a>`)
	assert.Contains(t, got, `<span class="t-f1">red</span> &amp; &lt;plain&gt;`)
	assert.Contains(t, got, `<span class="badge ok">exit 0</span>`)
}

func TestHTMLCards(t *testing.T) {
	long := strings.Repeat("line\n", 100)
	got := htmlOf(t,
		cards.ToolCard{ID: "1", Call: cards.TerminalCall{Title: "make"}, Result: cards.TerminalResult{Output: "short", ExitCode: exit(2)}},
		cards.ToolCard{ID: "2", Call: cards.TerminalCall{Title: "yes | head"}, Result: cards.TerminalResult{Output: long, ExitCode: exit(0)}},
		cards.ToolCard{ID: "3", Call: cards.GenericCall{Title: "Think"}, Ended: true},
		cards.ToolCard{ID: "4", Call: cards.TerminalCall{Title: "sleep 9"}},
		cards.ToolCard{ID: "5", Call: cards.DiffCall{Title: "Edit a.go", Diffs: []cards.FileDiff{{Path: "a.go", OldText: ptr("x := 1\n"), NewText: "x := 2\n"}}}},
		cards.Problem{Source: "s.jsonl", Line: 7, Reason: "not JSON", Excerpt: "{oops"},
	)

	assert.Contains(t, got, `<details class="card k-execute failed" id="e1" open>`)
	assert.Contains(t, got, `<span class="badge bad">exit 2</span>`)
	assert.Contains(t, got, `<details class="card k-execute" id="e2">`, "a long card starts folded")
	assert.Contains(t, got, `<span class="badge bad">no result</span>`)
	assert.Contains(t, got, `<span class="badge warn">running</span>`)
	assert.Contains(t, got, `<tr class="del"><td class="ln"></td><td class="ln"></td><td class="sign">-</td>`, "an edit does not know its lines")
	assert.Contains(t, got, `<tr class="add"><td class="ln"></td><td class="ln"></td><td class="sign">+</td>`)
	assert.Regexp(t, `<tr class="add">.*<mark><span class="[a-z]+">2</span></mark>`, got, "the changed word, coloured")
	assert.Contains(t, got, "Problem · s.jsonl line 7")
	assert.Contains(t, got, "<dd>0 prompts · 5 tool calls · 1 failed · 1 problem</dd>")
	for i := 1; i <= 6; i++ {
		assert.Equal(t, 1, strings.Count(got, fmt.Sprintf(`id="e%d"`, i)))
		assert.Contains(t, got, fmt.Sprintf(`href="#e%d"`, i), "every entry links to itself")
	}
}

func ptr(s string) *string { return &s }

// TestHTMLNestsSubCalls: the calls a card's tool made are drawn inside
// it, between its call and its result, each with an anchor of its own.
func TestHTMLNestsSubCalls(t *testing.T) {
	sub := cards.ToolCard{
		ID: "s", Call: cards.TerminalCall{Title: "go test ./..."}, Result: cards.TerminalResult{Output: "FAIL", ExitCode: exit(1)},
		Children: []cards.Entry{cards.Notice{Text: "Approval: allowed once"}},
	}
	got := htmlOf(t, cards.ToolCard{
		ID: "p", Call: cards.GenericCall{Title: "Run code"},
		Result: cards.GenericResult{Content: []cards.ContentBlock{cards.TextBlock{Text: "returned 1"}}}, Children: []cards.Entry{sub},
	})

	call, nested, notice, result := strings.Index(got, "Run code"), strings.Index(got, `id="e1.1"`), strings.Index(got, `id="e1.1.1"`), strings.Index(got, "returned 1")
	require.True(t, call >= 0 && nested >= 0 && notice >= 0 && result >= 0, got)
	assert.Less(t, call, nested)
	assert.Less(t, nested, notice, "the approval is inside the sub-call")
	assert.Less(t, notice, result, "the result comes after the sub-calls")
	assert.Contains(t, got, `<span class="badge bad">exit 1</span>`)
	assert.Contains(t, got, `<div class="children">`)
}

// TestHTMLShowsWhatDidNotHappen: a card's badge and border are its state
// as in the terminal, a refused edit's diff is marked as not applied, and
// an entry of a rolled-back turn says so.
func TestHTMLShowsWhatDidNotHappen(t *testing.T) {
	edit := cards.DiffCall{Title: "Edit a.go", Diffs: []cards.FileDiff{{Path: "a.go", OldText: ptr("x := 1\n"), NewText: "x := 2\n"}}}
	got := htmlOf(t,
		cards.ToolCard{ID: "1", Call: edit, Result: cards.GenericResult{}, Outcome: cards.OutcomeRejected},
		cards.ToolCard{ID: "2", Call: cards.TerminalCall{Title: "make"}, Result: cards.TerminalResult{ExitCode: exit(0)}, Outcome: cards.OutcomeFailed},
		cards.Message{Role: cards.RoleUser, Text: "undo me", RolledBack: true},
	)

	assert.Contains(t, got, `<details class="card k-edit refused" id="e1" open>`)
	assert.Contains(t, got, `<span class="badge warn">rejected</span>`)
	assert.Contains(t, got, `<p class="not-applied">✗ Not applied: the change was rejected</p>`+"\n"+`<div class="proposed">`)
	assert.Contains(t, got, `<details class="card k-execute failed" id="e2" open>`)
	assert.Contains(t, got, `<span class="badge bad">failed</span>`, "exit 0 does not say a failed call's state")
	assert.Regexp(t, `<div class="rolled-back"><p class="rolled-back-label">↶ rolled back \(undone\)</p>\n<section class="msg user" id="e3">`, got)
}

func TestHTMLTerminalColours(t *testing.T) {
	got := htmlOf(t, cards.ToolCard{ID: "1", Call: cards.TerminalCall{Title: "ls"}, Result: cards.TerminalResult{
		Output: "\x1b[1;38;5;4mdir\x1b[22;39m file \x1b[38;2;1;2;3;4mtrue\x1b[0m \x1b[97;41mwarn\x1b[49m!\x1b[m", ExitCode: exit(0),
	}})

	assert.Contains(t, got, `<pre class="output"><span class="t-f4 t-bold">dir</span> file `+
		`<span class="t-under">true</span> <span class="t-f15 t-b1">warn</span><span class="t-f15">!</span></pre>`)
}

// TestHTMLColoursLargeDiffs exports a new Go file of 3,000 lines (over
// the 2,000-line limit the export once had): every line's operator is in
// a syntax class.
func TestHTMLColoursLargeDiffs(t *testing.T) {
	lexbudget.Lift(t)
	const lines = 3000
	diff := cards.FileDiff{Path: "big.go", NewText: strings.Repeat("x := 1\n", lines)}
	got := htmlOf(t, cards.ToolCard{ID: "1", Call: cards.DiffCall{Title: "Write big.go", Diffs: []cards.FileDiff{diff}}})
	assert.Len(t, regexp.MustCompile(`<span class="[a-z]+">:=</span>`).FindAllString(got, -1), lines)
}

// TestHTMLAgreesWithTheTerminalStyle: the page draws lexer errors as plain
// text and inline code in the colours the terminal uses, in both schemes.
func TestHTMLAgreesWithTheTerminalStyle(t *testing.T) {
	page, _ := demoHTML(t)
	assert.NotRegexp(t, `\.chroma \.err \{[^}]*(color|background)`, page, "no red for a lexer error")
	for theme, scheme := range map[style.Theme]string{style.Light: "light", style.Dark: "dark"} {
		c := markdown.InlineCodeColours(theme)
		assert.Contains(t, page, "--code-fg: "+hexColour(c.Fg)+"; --code-bg: "+hexColour(c.Bg)+";", scheme)
	}
}

// hexColour is a colour as CSS writes it, "#rrggbb".
func hexColour(c interface{ RGBA() (r, g, b, a uint32) }) string {
	r, g, b, _ := c.RGBA()
	return fmt.Sprintf("#%02x%02x%02x", r>>8, g>>8, b>>8)
}

// TestHTMLCardAllocatesForItsSize: a small card of coloured output costs
// a few kilobytes to draw, not a parser's 64 KB buffer each, which a
// session of many thousand cards allocates again and again.
func TestHTMLCardAllocatesForItsSize(t *testing.T) {
	card := cards.ToolCard{ID: "1", Call: cards.TerminalCall{Title: "ls"}, Result: cards.TerminalResult{
		Output: "\x1b[1mdir\x1b[0m file\nok\n", ExitCode: exit(0),
	}}
	page := func(entries ...cards.Entry) func() {
		return func() { require.NoError(t, exporthtml.Write(io.Discard, entries, exporthtml.Header{})) }
	}
	perCard := int(testkit.Allocated(200, page(card))) - int(testkit.Allocated(200, page()))
	assert.Less(t, perCard, 16<<10, "bytes allocated per card")
}
