package diffview

import (
	"image/color"
	"strings"
	"testing"
	"time"

	"github.com/cardtui/cardtui/internal/testkit/lexbudget"

	"github.com/alecthomas/chroma/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/diffinput"
	"github.com/cardtui/cardtui/render/style"
	"github.com/cardtui/cardtui/render/syntax"
)

// fgSGR is the SGR parameters that set c as the foreground.
func fgSGR(c color.Color) string {
	return strings.TrimSuffix(strings.TrimPrefix(ansi.Style{}.ForegroundColor(c).String(), "\x1b["), "m")
}

// themeOptions are true-colour options of a theme.
func themeOptions(theme style.Theme, width int, expanded bool) style.Options {
	o := colorOptions(width)
	o.Theme, o.Expanded = theme, expanded
	return o
}

func TestSyntaxColoursInBothThemes(t *testing.T) {
	old := "package main\n\nfunc main() {\n\tprintln(1)\n}\n"
	diffs := []cards.FileDiff{wholeFile("main.go", old, strings.Replace(old, "1", "2", 1))}
	for _, theme := range []style.Theme{style.Dark, style.Light} {
		t.Run(theme.String(), func(t *testing.T) {
			card := renderDiffs(diffs, themeOptions(theme, 80, false))
			keyword := themePalette(theme).colour(chroma.Keyword)
			require.NotNil(t, keyword)
			// Context lines have no background: the keyword keeps its colour.
			assert.Contains(t, card, "\x1b["+fgSGR(keyword)+"mfunc", "the keyword of a context line")
			assert.NotContains(t, card, "no syntax colours")

			plain := renderDiffs([]cards.FileDiff{wholeFile("main.txt", old, strings.Replace(old, "1", "2", 1))}, themeOptions(theme, 80, false))
			assert.NotContains(t, plain, fgSGR(keyword)+"mfunc", "plain text has no syntax colours")
		})
	}
}

func TestSyntaxColoursSpanLines(t *testing.T) {
	old := "/*\nfirst\nsecond\n*/\nvar x = 1\n"
	new := strings.Replace(old, "second", "second changed", 1)
	card := renderDiffs([]cards.FileDiff{wholeFile("c.go", old, new)}, themeOptions(style.Light, 80, false))
	comment := themePalette(style.Light).colour(chroma.CommentMultiline)
	rowOf := func(text string) string {
		for _, l := range strings.Split(card, "\n") {
			if strings.Contains(ansi.Strip(l), text) {
				return l
			}
		}
		return ""
	}
	assert.Contains(t, rowOf("first"), "\x1b["+fgSGR(comment)+"mfirst", "a context line inside the comment")
	emphasised := fgSGR(readable(comment, style.LightPalette.AddedEmph)) + ";48;"
	assert.Contains(t, rowOf("changed"), emphasised, "an added line inside the comment, its new word emphasised")
	assert.Contains(t, card, "\x1b["+fgSGR(themePalette(style.Light).colour(chroma.KeywordDeclaration))+"mvar", "the comment ends")
}

// TestSyntaxColoursAtEverySize draws a diff past the 2,000 lines and
// 128 KB that once turned its syntax colours off: every drawn line is
// coloured.
func TestSyntaxColoursAtEverySize(t *testing.T) {
	lexbudget.Lift(t)
	const lines = 3000
	diffs := []cards.FileDiff{{Path: "big.go", NewText: strings.Repeat("x := 1\n", lines)}}
	// The operator on an added line's tint.
	operator := "\x1b[" + fgSGR(readable(themePalette(style.Dark).colour(chroma.Operator), style.DarkPalette.AddedBg)) + ";48;"
	expanded := renderDiffs(diffs, themeOptions(style.Dark, 80, true))
	assert.Equal(t, lines, strings.Count(expanded, operator), "every drawn line has its operator coloured")
	assert.NotContains(t, expanded, "no syntax colours")

	wide := []cards.FileDiff{{Path: "wide.go", NewText: "x := " + strings.Repeat("1", 200<<10) + "\n"}}
	assert.Contains(t, renderDiffs(wide, themeOptions(style.Dark, 80, false)), operator, "a line of 200 KB")
}

// The slow lexer is registered before any test runs, so that no test
// reading chroma's registry in parallel sees it change.
func init() { lexbudget.RegisterSlow() }

// TestSyntaxColoursStopOnAQuadraticLexer draws a new file of 4 KB with a
// lexer that would take four seconds (lexbudget.SlowLexer): lexing stops at its budget, which
// for 4 KB is little more than syntax.Budget, and the card says so and still
// draws every line.
func TestSyntaxColoursStopOnAQuadraticLexer(t *testing.T) {
	t.Parallel() // it sleeps out its budget while the heavy tests run
	const lines = 50
	text := strings.Repeat(strings.Repeat("x", 79)+"\n", lines)
	start := time.Now()
	card := renderDiffs([]cards.FileDiff{{Path: "a" + lexbudget.SlowFile, NewText: text}}, themeOptions(style.Dark, 80, true))
	t.Logf("drawn in %v", time.Since(start)) // not asserted: the machine may be slow
	assert.True(t, strings.Contains(card, syntax.ScaledOverNote), "the card notes that colouring stopped")
	assert.Equal(t, lines, strings.Count(ansi.Strip(card), "+ "+strings.Repeat("x", 70)), "every line is drawn")
	assert.Contains(t, syntax.ScaledOverNote, "0.5 s and 20 µs a byte", "the note names the budget")
	assert.Equal(t, 500*time.Millisecond, syntax.Budget)
	assert.Equal(t, 20*time.Microsecond, syntax.BudgetPerByte)
}

// TestSyntaxColoursAreReadable checks every colour a diff row can draw on
// a tinted background: token colours of both styles and the palette's
// own line colours.
func TestSyntaxColoursAreReadable(t *testing.T) {
	for _, theme := range []style.Theme{style.Dark, style.Light} {
		p := style.Options{Theme: theme}.Colors()
		colours := []color.Color{p.Added, p.Removed, p.Dim}
		for _, c := range themePalette(theme).standard {
			if c != nil {
				colours = append(colours, c)
			}
		}
		for _, bg := range []color.Color{p.AddedBg, p.RemovedBg, p.AddedEmph, p.RemovedEmph} {
			for _, c := range colours {
				got := readable(c, bg)
				require.GreaterOrEqual(t, contrast(got, bg), minContrast, "%s: %v on %v", theme, c, bg)
			}
		}
	}
	keep := color.RGBA{R: 0xe6, G: 0xed, B: 0xf3, A: 0xff}
	assert.Equal(t, keep, readable(keep, style.DarkPalette.RemovedBg), "a readable colour is kept")
}

func TestHighlighterGivesBackEveryByte(t *testing.T) {
	hl := newHighlighter("x.go", style.Options{Theme: style.Dark, Profile: colorprofile.TrueColor}, nil)
	require.NotNil(t, hl)
	lines := []Line{
		{Kind: LineContext, Text: "func f() {"},
		{Kind: LineRemoved, Text: "\treturn `raw"},
		{Kind: LineRemoved, Text: "string`\r"},
		{Kind: LineAdded, Text: "\treturn \"s\" // 漢字"},
		{Kind: LineContext, Text: "}"},
	}
	runs := hl.hunk(lines)
	require.Len(t, runs, len(lines))
	for i, l := range lines {
		end := 0
		if n := len(runs[i]); n > 0 {
			end = runs[i][n-1].end
		}
		assert.Equal(t, len(l.Text), end, "line %d is covered to its end", i)
	}
	assert.Nil(t, newHighlighter("notes.txt", style.Options{}, nil), "plain text has no lexer")
	assert.Nil(t, newHighlighter("no-such-type.zzz", style.Options{}, nil))
	assert.Nil(t, newHighlighter("x.go", style.Options{Profile: colorprofile.NoTTY}, nil), "output without colour is not lexed")
}

// TestSyntaxRunsAreLexedOnce draws a diff at two widths: the second
// drawing lexes nothing and is the same as a drawing with an empty cache.
func TestSyntaxRunsAreLexedOnce(t *testing.T) {
	old := strings.Join(diffinput.GeneratedGo(200), "\n") + "\n"
	diffs := []cards.FileDiff{wholeFile("gen.go", old, diffinput.JoinLines(diffinput.ScatteredEdit(diffinput.GeneratedGo(200), 3)))}
	runCache.clear()
	renderDiffs(diffs, themeOptions(style.Dark, 80, true))
	lexed := runCache.misses
	require.Positive(t, runCache.len())
	cached := renderDiffs(diffs, themeOptions(style.Dark, 120, true))
	assert.Equal(t, lexed, runCache.misses, "the second drawing lexes nothing")

	runCache.clear()
	assert.Equal(t, renderDiffs(diffs, themeOptions(style.Dark, 120, true)), cached)
	assert.Greater(t, runCache.misses, lexed)
}
