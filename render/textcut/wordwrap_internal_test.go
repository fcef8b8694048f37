package textcut

import (
	"strings"
	"testing"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/render/style"
)

// TestWrapMarked checks the rows of a long line: broken after a word, the
// first row the full width, later ones behind the mark, at most rowsMax
// rows and the last one cut with "…", with what is left out counted.
func TestWrapMarked(t *testing.T) {
	o := style.Options{Profile: colorprofile.Ascii}
	line := "alpha beta gamma delta epsilon zeta eta theta"
	tests := []struct {
		name    string
		width   int
		rowsMax int
		want    []string
		left    int
	}{
		{"fits", 60, 0, []string{line}, 0},
		{"wraps at words", 20, 0, []string{"alpha beta gamma", "↪ delta epsilon", "↪ zeta eta theta"}, 0},
		{"cut", 20, 2, []string{"alpha beta gamma", "↪ delta epsilon zet…"}, len("a eta theta")},
		{"one row", 12, 1, []string{"alpha beta …"}, len(line) - len("alpha beta ")},
		{"a word wider than a row", 8, 0, []string{"alpha", "↪ beta", "↪ gamma", "↪ delta", "↪ epsilo", "↪ n", "↪ zeta", "↪ eta", "↪ theta"}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rows, left := WrapMarkedCut(line, tt.width, tt.rowsMax, o)
			plain := make([]string, len(rows))
			for i, r := range rows {
				plain[i] = ansi.Strip(r)
			}
			assert.Equal(t, tt.want, plain)
			assert.Equal(t, tt.left, left)
			for _, r := range rows {
				assert.LessOrEqual(t, ansi.StringWidth(r), tt.width)
			}
		})
	}
}

// TestWrapMarkedCarriesStyles checks that a colour open across a break is
// closed at the row's end and opened again after the mark, and that a
// cut closes what it leaves open.
func TestWrapMarkedCarriesStyles(t *testing.T) {
	o := style.Options{Profile: colorprofile.TrueColor}
	line := "plain \x1b[31mred red red red red\x1b[0m end"
	rows := WrapMarked(line, 12, 0, o)
	require.Len(t, rows, 4)
	assert.Equal(t, "plain red red red red red end", strings.Join(stripMarks(rows), " "))
	for _, r := range rows[:len(rows)-1] {
		if strings.Contains(r, "\x1b[31m") {
			assert.Regexp(t, `\x1b\[0?m$`, r, "a row closes its colour")
		}
	}
	assert.Contains(t, rows[1], "\x1b[31m", "the colour opens again on the next row")
	cut := WrapMarked(line, 12, 2, o)
	require.Len(t, cut, 2)
	assert.True(t, strings.HasSuffix(cut[1], ansi.ResetStyle+"…"), "%q", cut[1])
}

// stripMarks is rows without escape sequences and continuation marks.
func stripMarks(rows []string) []string {
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = strings.TrimPrefix(ansi.Strip(r), ContinuationMark+" ")
	}
	return out
}
