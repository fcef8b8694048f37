package viewer

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/cardtui/cardtui/cards"
)

// benchEntries are n entries of the kinds a session holds: prompts,
// answers in Markdown, commands with output, file edits and searches.
func benchEntries(n int) []cards.Entry {
	zero, old := 0, "func f() {\n\treturn 1\n}\n"
	entries := make([]cards.Entry, n)
	for i := range entries {
		id := fmt.Sprint(i)
		switch i % 5 {
		case 0:
			entries[i] = cards.Message{Role: cards.RoleUser, Text: "Please fix the failing test in `pkg/" + id + "`."}
		case 1:
			entries[i] = cards.Message{Role: cards.RoleAssistant, Text: "I'll look at **the test** first:\n\n- read it\n- run it\n- fix it"}
		case 2:
			entries[i] = cards.ToolCard{ID: id, Call: cards.TerminalCall{Title: "go test ./pkg/" + id}, Result: cards.TerminalResult{Output: strings.Repeat("=== RUN   TestSomething\n--- PASS: TestSomething (0.00s)\n", 15), ExitCode: &zero}}
		case 3:
			entries[i] = cards.ToolCard{ID: id, Call: cards.DiffCall{Title: "Edit f" + id + ".go", Diffs: []cards.FileDiff{{Path: "f" + id + ".go", OldText: &old, NewText: strings.Replace(old, "1", "2", 1)}}}}
		default:
			entries[i] = cards.ToolCard{ID: id, Call: cards.GenericCall{Title: "Find *.go", Kind: cards.KindSearch}, Result: cards.SearchPaths{Paths: []string{"a.go", "b.go", "c/d.go"}, Total: 3}}
		}
	}
	return entries
}

// benchModel is a 120x40 true-colour viewer of n entries, scrolled to the
// middle, with the cards around it already rendered.
func benchModel(b *testing.B, n int) Model {
	opts := DefaultOptions()
	opts.ThemeFixed, opts.NoFollow = true, true
	m := New(opts)
	m.SetSize(120, 40)
	m.SetEntries(benchEntries(n))
	m.top = position{card: n / 2}
	m.focus = n / 2
	m.settle()
	for _, k := range []string{"pgdown", "pgup", "pgup", "pgdown"} {
		m = benchStep(b, m, keyMsg(k))
	}
	return m
}

// benchStep is what Bubble Tea does for a message: Update, then View.
func benchStep(b *testing.B, m Model, msg tea.Msg) Model {
	next, _ := App{Model: m}.Update(msg)
	if next.(App).View().Content == "" {
		b.Fatal("empty view")
	}
	return next.(App).Model
}

// benchKeys alternates two keys, so that the screen stays in the same
// region and the loop measures a keystroke, not the first rendering of
// the cards it scrolls to.
func benchKeys(b *testing.B, there, back string) {
	for _, n := range []int{100, 50_000} {
		b.Run(fmt.Sprintf("cards=%d", n), func(b *testing.B) {
			m := benchModel(b, n)
			keys := [2]tea.Msg{keyMsg(there), keyMsg(back)}
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				m = benchStep(b, m, keys[i%2])
				i++
			}
		})
	}
}

// BenchmarkKeystroke is one line of scrolling (j, then k) and the frame
// after it.
func BenchmarkKeystroke(b *testing.B) { benchKeys(b, "j", "k") }

// BenchmarkPageDown is one page of scrolling (pgdown, then pgup) and the
// frame after it.
func BenchmarkPageDown(b *testing.B) { benchKeys(b, "pgdown", "pgup") }

// BenchmarkResize changes the width at every step, with the renderings
// dropped first, so the cards on screen are laid out anew each time, as
// after a resize to a width never seen.
func BenchmarkResize(b *testing.B) {
	m := benchModel(b, 50_000)
	widths := [2]int{100, 120}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		dropRenderings(m.cache)
		m = benchStep(b, m, tea.WindowSizeMsg{Width: widths[i%2], Height: 40})
		i++
	}
}

// dropRenderings empties the cache but keeps its versions.
func dropRenderings(c *cardCache) {
	clear(c.items)
	c.order.Init()
	c.lines = 0
}

// BenchmarkFirstFrame is a 200,000-entry session from SetEntries to the
// first frame, at the bottom as in follow mode.
func BenchmarkFirstFrame(b *testing.B) {
	entries := benchEntries(200_000)
	opts := DefaultOptions()
	opts.ThemeFixed = true
	b.ReportAllocs()
	for b.Loop() {
		m := New(opts)
		m.SetSize(120, 40)
		m.SetEntries(entries)
		if m.View() == "" {
			b.Fatal("empty view")
		}
	}
}

// BenchmarkStream is a 200,000-entry session arriving in EntriesMsg
// batches as Listen makes them, in follow mode, with a frame after each
// batch.
func BenchmarkStream(b *testing.B) {
	entries := benchEntries(200_000)
	opts := DefaultOptions()
	opts.ThemeFixed = true
	b.ReportAllocs()
	for b.Loop() {
		m := New(opts)
		m.SetSize(120, 40)
		for from := 0; from < len(entries); from += maxBatch {
			batch := make([]cards.Change, 0, maxBatch)
			for i := from; i < min(from+maxBatch, len(entries)); i++ {
				batch = append(batch, cards.Change{Index: i, Entry: entries[i]})
			}
			m = benchStep(b, m, EntriesMsg{Updates: batch})
		}
	}
}

// BenchmarkSearch is a search over 200,000 entries, run in its command's
// goroutine.
func BenchmarkSearch(b *testing.B) {
	m := New(testOptions())
	m.SetEntries(benchEntries(200_000))
	b.ReportAllocs()
	for b.Loop() {
		msg := runSearch(1, m.list, filter{}, newMatcher("pkg/1999"))().(searchDoneMsg)
		if len(msg.hits) == 0 {
			b.Fatal("no hits")
		}
	}
}

// TestBenchEntriesRenderInTrueColour keeps the benchmark honest: its
// cards are real cards with styling.
func TestBenchEntriesRenderInTrueColour(t *testing.T) {
	opts := DefaultOptions()
	opts.ThemeFixed = true
	m := New(opts)
	m.SetSize(120, 40)
	m.SetEntries(benchEntries(10))
	if opts.Render.Profile != colorprofile.TrueColor || !strings.Contains(m.View(), "38;2;") {
		t.Fatal("the benchmark does not render in true colour")
	}
}
