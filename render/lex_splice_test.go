package render

import (
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"
	"github.com/charmbracelet/colorprofile"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/benchinput"
)

// spliceLexers are the lexers the splice is checked with, by a file name
// of theirs: they have block comments, strings spanning lines, lookahead
// and lookbehind, and states of several levels.
var spliceLexers = []string{"x.go", "x.py", "x.js", "x.c", "x.md", "x.sh", "x.yaml", "x.html", "x.rs", "x.css", "x.rb", "x.php"}

// spliceHighlighter is a highlighter of name's lexer without a budget,
// and its lexer when it is one of regular expressions.
func spliceHighlighter(t testing.TB, name string) (*highlighter, *chroma.RegexLexer) {
	l := lexers.Match(name)
	require.NotNil(t, l, name)
	h := &highlighter{lexer: l, palette: themePalette(Dark), deadline: time.Now().Add(time.Hour)}
	rl, _ := l.(*chroma.RegexLexer)
	return h, rl
}

// wholeSides is what highlighter.hunk gives lexing each side whole, as it
// did before the splice: the new side's runs, the old side's for removed
// lines; nil runs for a side whose lexer failed.
func wholeSides(h *highlighter, lines []diffLine) [][]colorRun {
	runs := make([][]colorRun, len(lines))
	for _, other := range []lineKind{lineRemoved, lineAdded} {
		var text strings.Builder
		var index []int
		for i, l := range lines {
			if l.Kind != other {
				text.WriteString(l.Text)
				text.WriteByte('\n')
				index = append(index, i)
			}
		}
		if len(index) == 0 {
			continue
		}
		side := h.lines(text.String())
		for k, i := range index {
			if other == lineRemoved || lines[i].Kind == lineRemoved {
				var r []colorRun
				if k < len(side) {
					r = side[k]
				}
				runs[i] = r
			}
		}
	}
	return runs
}

// checkSplice requires the spliced runs of lines to be the whole sides',
// and reports whether the splice applied.
func checkSplice(t testing.TB, name string, lines []diffLine) bool {
	t.Helper()
	h, rl := spliceHighlighter(t, name)
	if rl == nil {
		return false
	}
	spliced, ok := h.splicedHunk(rl, lines)
	if !ok {
		return false
	}
	whole := wholeSides(h, lines)
	for i := range lines {
		require.Equal(t, whole[i], spliced[i], "%s: line %d (%d %q)", name, i, lines[i].Kind, lines[i].Text)
	}
	return true
}

// randomEdit is one hunk turning old into an edited copy: each line kept,
// removed, replaced or followed by inserted lines, at random (a fifth of
// them changed when rate is 5), taking inserted lines from pool.
func randomEdit(old, pool []string, r *rand.Rand, rate int) []diffLine {
	var lines []diffLine
	for _, l := range old {
		switch r.IntN(rate * 4) {
		case 0:
			lines = append(lines, diffLine{Kind: lineRemoved, Text: l})
		case 1:
			lines = append(lines, diffLine{Kind: lineRemoved, Text: l}, diffLine{Kind: lineAdded, Text: pool[r.IntN(len(pool))]})
		case 2:
			lines = append(lines, diffLine{Kind: lineContext, Text: l}, diffLine{Kind: lineAdded, Text: pool[r.IntN(len(pool))]})
		case 3:
			lines = append(lines, diffLine{Kind: lineAdded, Text: pool[r.IntN(len(pool))]}, diffLine{Kind: lineContext, Text: l})
		default:
			lines = append(lines, diffLine{Kind: lineContext, Text: l})
		}
	}
	return lines
}

// wholeHunk is a diff of old and new as one hunk of every line: the
// hunks of diffFiles with the unchanged lines between them.
func wholeHunk(t testing.TB, old, new string) []diffLine {
	f := diffFiles([]cards.FileDiff{{Path: "f", OldText: &old, NewText: new, OldStart: 1, NewStart: 1}})[0]
	oldLines := strings.Split(strings.TrimSuffix(old, "\n"), "\n")
	var lines []diffLine
	cursor := 0
	for _, h := range f.Hunks {
		require.Positive(t, h.OldStart)
		for ; cursor < h.OldStart-1; cursor++ {
			lines = append(lines, diffLine{Kind: lineContext, Text: oldLines[cursor]})
		}
		for _, l := range h.Lines {
			lines = append(lines, l)
			if l.Kind != lineAdded {
				cursor++
			}
		}
	}
	for ; cursor < len(oldLines); cursor++ {
		lines = append(lines, diffLine{Kind: lineContext, Text: oldLines[cursor]})
	}
	return lines
}

// sampleTexts are texts of several languages to edit: some of this
// package's Go files, its style sheet, the test data's sessions, the
// README and a shell script.
func sampleTexts(t testing.TB) map[string]string {
	texts := map[string]string{}
	for _, pattern := range []string{"diff*.go", "html.css", "../testdata/sessions/*", "../README.md", "../scripts/bench-vs"} {
		paths, err := filepath.Glob(pattern)
		require.NoError(t, err)
		for i, p := range paths {
			if i%4 != 0 {
				continue
			}
			data, err := os.ReadFile(p)
			require.NoError(t, err)
			if len(data) < 200_000 {
				texts[p] = string(data)
			}
		}
	}
	return texts
}

// TestSplicedSidesEqualWholeSides checks that lexing a hunk's old side
// with the new side's tokens spliced in gives the colours of lexing it
// whole: real files edited at random with every lexer of spliceLexers,
// the table's generated diff, and lipgloss's style.go v1.1.0 → v2 from
// the module cache (when there).
func TestSplicedSidesEqualWholeSides(t *testing.T) {
	texts := sampleTexts(t)
	require.NotEmpty(t, texts)
	r := rand.New(rand.NewPCG(1, 2))
	var pool []string
	for _, text := range texts {
		pool = append(pool, strings.Split(text, "\n")...)
	}
	applied := 0
	for path, text := range texts {
		old := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
		for _, name := range spliceLexers {
			if len(old) > 120 { // every lexer on a part, the file's own on all of it
				start := r.IntN(len(old) - 120)
				old = old[start : start+120]
			}
			for _, rate := range []int{2, 5, 20} {
				if checkSplice(t, name, randomEdit(old, pool, r, rate)) {
					applied++
				}
			}
		}
		name := "x" + filepath.Ext(path)
		if lexerFor(name) != nil {
			checkSplice(t, name, randomEdit(strings.Split(text, "\n"), pool, r, 5))
		}
	}
	require.Greater(t, applied, len(texts)*len(spliceLexers))

	gen := benchinput.GoSource(2000)
	require.True(t, checkSplice(t, "x.go", wholeHunk(t, gen, benchinput.ChangeEvery(gen, 20))))
	oldStyle, newStyle := lipglossStyles()
	if oldStyle == "" {
		t.Log("lipgloss v1.1.0 or v2 not in the module cache: its edit not checked")
		return
	}
	require.True(t, checkSplice(t, "style.go", wholeHunk(t, oldStyle, newStyle)))
	f := diffFiles([]cards.FileDiff{wholeFile("style.go", oldStyle, newStyle)})[0]
	for _, h := range f.Hunks {
		require.True(t, checkSplice(t, "style.go", h.Lines))
	}
}

// lipglossStyles is lipgloss's style.go at v1.1.0 and v2 from the module
// cache, empty when either is not there (without downloading).
func lipglossStyles() (old, new string) {
	cache, err := exec.Command("go", "env", "GOMODCACHE").Output()
	if err != nil {
		return "", ""
	}
	dir := strings.TrimSpace(string(cache))
	oldText, err1 := os.ReadFile(filepath.Join(dir, "github.com", "charmbracelet", "lipgloss@v1.1.0", "style.go"))
	newPaths, _ := filepath.Glob(filepath.Join(dir, "charm.land", "lipgloss", "v2@*", "style.go"))
	if err1 != nil || len(newPaths) == 0 {
		return "", ""
	}
	newText, err := os.ReadFile(newPaths[len(newPaths)-1])
	if err != nil {
		return "", ""
	}
	return string(oldText), string(newText)
}

// FuzzSplicedSides checks the splice on fuzzed text: its lines edited at
// random with lines of itself, lexed by one of spliceLexers.
func FuzzSplicedSides(f *testing.F) {
	f.Add("func f() {\n\t/* a\n b */ x := \"y\"\n}\n", uint64(1), uint8(0))
	f.Add("s = '''\nabc\n'''\nx = 1 # c\n", uint64(2), uint8(1))
	f.Add("<div>\n<script>\nvar a = `x\ny`;\n</script>\n</div>\n", uint64(3), uint8(7))
	f.Add("# T\n\n```go\nx := 1\n```\n\n- a\n", uint64(4), uint8(4))
	f.Fuzz(func(t *testing.T, text string, seed uint64, lexer uint8) {
		if len(text) > 4000 || strings.ContainsRune(text, '\r') {
			return
		}
		old := strings.Split(text, "\n")
		r := rand.New(rand.NewPCG(seed, seed>>7))
		checkSplice(t, spliceLexers[int(lexer)%len(spliceLexers)], randomEdit(old, old, r, 1+int(seed%7)))
	})
}

// TestSplicedHunkIsUsed checks that a drawn diff of Go takes the splice:
// its colours come from runCache's hunk entries.
func TestSplicedHunkIsUsed(t *testing.T) {
	old := benchinput.GoSource(200)
	f := diffFiles([]cards.FileDiff{wholeFile("main.go", old, benchinput.ChangeEvery(old, 20))})[0]
	o := Options{Theme: Dark, Profile: colorprofile.TrueColor, Expanded: true}
	parts := partsInRows(f, f.lineCount()+len(f.Hunks))
	h := newHighlighter(f.Path, o, parts)
	rl, ok := h.lexer.(*chroma.RegexLexer)
	require.True(t, ok)
	for _, p := range parts {
		runs, ok := h.splicedHunk(rl, p)
		require.True(t, ok)
		require.Equal(t, wholeSides(h, p), runs)
	}
}
