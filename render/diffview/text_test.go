package diffview

import (
	"image/color"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/termsafe"
)

// randomLine is a line of code-like text with tabs, wide characters and
// now and then a control or an escape sequence.
func randomLine(r *rand.Rand) string {
	parts := []string{"x", "foo", " ", "\t", "(", ")", "漢字", "🎉", "é", "\x1b[31m", "\x07", "\u202e", "=", "1"}
	var b strings.Builder
	for range r.IntN(16) {
		b.WriteString(parts[r.IntN(len(parts))])
	}
	return b.String()
}

// randomDeco cuts a line into random emphasised spans and syntax runs.
func randomDeco(r *rand.Rand, s string) LineDeco {
	var d LineDeco
	pos := 0
	for pos < len(s) {
		end := min(len(s), pos+1+r.IntN(4))
		if r.IntN(2) == 0 {
			d.Emph = append(d.Emph, Span{pos, end})
		}
		d.syntax = append(d.syntax, colorRun{end, color.RGBA{R: uint8(r.IntN(3)), A: 0xff}})
		pos = end + r.IntN(3)
	}
	return d
}

// TestDisplayPiecesDrawTheSanitisedLine checks that decoration never
// changes what is shown: without markers, the pieces of any line with any
// decoration spell its sanitised text.
func TestDisplayPiecesDrawTheSanitisedLine(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(1, 2))
	for range 3000 {
		raw := randomLine(r)
		d := randomDeco(r, raw)
		for i := range d.Emph {
			if isBlank(raw[d.Emph[i].Start:d.Emph[i].End]) {
				d.Emph[i] = Span{} // a blank span would show markers
			}
		}
		d.Emph = nonEmptySpans(d.Emph)
		require.Equal(t, termsafe.SanitizeText(raw), piecesText(displayPieces(raw, d)), "%q", raw)
	}
}

// nonEmptySpans drops the empty spans.
func nonEmptySpans(spans []Span) []Span {
	var out []Span
	for _, s := range spans {
		if s.Start < s.End {
			out = append(out, s)
		}
	}
	return out
}

func TestDisplayPiecesStyles(t *testing.T) {
	red := color.RGBA{R: 0xff, A: 0xff}
	raw := "x := 5"
	d := LineDeco{Emph: []Span{{5, 6}}, syntax: []colorRun{{1, red}, {6, nil}}}
	assert.Equal(t, []piece{{text: "x", fg: red}, {text: " := "}, {text: "5", emph: true}}, displayPieces(raw, d))
}

func TestDisplayPiecesMarkWhitespaceChanges(t *testing.T) {
	tests := []struct{ old, raw, want string }{
		{"x", "\tx", "→       x"},
		{"ab x", "ab\tx", "ab→     x"},
		{"x", "x  ", "x··"},
		{"off", "off\r", "off␍"},
	}
	for _, tt := range tests {
		w := wordDiffOf(tt.old, tt.raw)
		got := piecesText(displayPieces(tt.raw, LineDeco{Emph: w.new}))
		assert.Equal(t, tt.want, got, "%q", tt.raw)
	}
	notBlank := piecesText(displayPieces("a b", LineDeco{Emph: []Span{{0, 3}}}))
	assert.Equal(t, "a b", notBlank, "a span with words shows its spaces as they are")
}

func TestDisplayPiecesFallBackWhenASegmentCutsAControl(t *testing.T) {
	raw := "a\rb"
	d := LineDeco{Emph: []Span{{1, 2}}}
	assert.Equal(t, []piece{{text: termsafe.SanitizeText(raw)}}, displayPieces(raw, d))
}

func TestFitPieces(t *testing.T) {
	ps := []piece{{text: "abc"}, {text: "漢字", emph: true}, {text: "defgh"}}
	rows, widths := fitPieces(ps, 20, false)
	assert.Equal(t, [][]piece{ps}, rows)
	assert.Equal(t, []int{12}, widths)

	rows, widths = fitPieces(ps, 6, false)
	assert.Equal(t, [][]piece{{{text: "abc"}, {text: "漢", emph: true}, {text: "…"}}}, rows)
	assert.Equal(t, []int{6}, widths)

	rows, widths = fitPieces(ps, 4, true)
	assert.Equal(t, [][]piece{{{text: "abc"}}, {{text: "漢字", emph: true}}, {{text: "defg"}}, {{text: "h"}}}, rows)
	assert.Equal(t, []int{3, 4, 4, 1}, widths)
	assert.Equal(t, "abc", ps[0].text, "the pieces given are not changed")
}

// TestFitPiecesKeepsEveryCharacter checks that wrapping keeps all the
// text in rows that fit, and that cutting keeps a prefix and fits.
func TestFitPiecesKeepsEveryCharacter(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(4, 4))
	for range 2000 {
		raw := termsafe.SanitizeText(randomLine(r) + randomLine(r))
		ps := displayPieces(raw, LineDeco{Emph: []Span{{0, len(raw) / 2}}})
		room := 1 + r.IntN(12)
		rows, widths := fitPieces(ps, room, true)
		var joined strings.Builder
		for i, row := range rows {
			text := piecesText(row)
			// testify only on a failure: its t.Helper cost more than the checks.
			if ansi.StringWidth(text) != widths[i] || widths[i] > max(room, 2) {
				require.Equal(t, ansi.StringWidth(text), widths[i])
				require.LessOrEqual(t, widths[i], max(room, 2), "a wide character may not fit one cell: %q room %d rows %q", piecesText(ps), room, rows)
			}
			joined.WriteString(text)
		}
		require.Equal(t, piecesText(ps), joined.String())

		rows, widths = fitPieces(ps, room, false)
		require.Len(t, rows, 1)
		text := piecesText(rows[0])
		require.LessOrEqual(t, widths[0], room)
		require.Equal(t, ansi.StringWidth(text), widths[0])
		require.True(t, strings.HasPrefix(piecesText(ps), strings.TrimSuffix(text, "…")))
	}
}

func TestCellWidth(t *testing.T) {
	for _, s := range []string{"", "abc", "漢字", "a\tb", "é", "🎉x", "\x7f"} {
		assert.Equal(t, ansi.StringWidth(s), termsafe.Width(s), "%q", s)
	}
}

func TestRowBuilderMergesRunsOfOnePaint(t *testing.T) {
	p := paint("\x1b[31m")
	var r rowBuilder
	r.add(p, "a")
	r.add(p, "b")
	r.add("", "")
	r.plain(" ")
	r.add(p, "c")
	assert.Equal(t, "\x1b[31mab\x1b[m \x1b[31mc\x1b[m", r.String())
}

// displayPieces is the pieces of a raw line.
func displayPieces(raw string, d LineDeco) []piece {
	ps, _ := linePieces(raw, d, &pieceScratch{})
	return ps
}

// piecesText is the text of pieces joined.
func piecesText(ps []piece) string {
	var b strings.Builder
	for _, p := range ps {
		b.WriteString(p.text)
	}
	return b.String()
}

// fitPieces is fitText of pieces and their joined text.
func fitPieces(ps []piece, room int, expanded bool) ([][]piece, []int) {
	rowsMax := 1
	if expanded {
		rowsMax = 0
	}
	return fitText(ps, piecesText(ps), room, rowsMax)
}

// TestFitTextWrapsAtSpaces: a long line breaks after the last space that
// fits (not inside "carries"), keeps that space at its row's end, and is
// cut with "…" past its rows.
func TestFitTextWrapsAtSpaces(t *testing.T) {
	ps := []piece{{text: "it carries a long word"}}
	rows, widths := fitText(ps, piecesText(ps), 10, 0)
	var texts []string
	for _, row := range rows {
		texts = append(texts, piecesText(row))
	}
	assert.Equal(t, []string{"it ", "carries a ", "long word"}, texts)
	assert.Equal(t, []int{3, 10, 9}, widths)

	rows, widths = fitText(ps, piecesText(ps), 10, 2)
	texts = texts[:0]
	for _, row := range rows {
		texts = append(texts, piecesText(row))
	}
	assert.Equal(t, []string{"it ", "carries a…"}, texts)
	assert.Equal(t, []int{3, 10}, widths)
}
