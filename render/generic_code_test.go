package render

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/render/style"
)

// TestCollapsedCardColoursOnlyWhatItShows: a collapsed generic card shows
// the head of a long block coloured and does not colour the rest.
func TestCollapsedCardColoursOnlyWhatItShows(t *testing.T) {
	o := longCodeOptions()
	o.Expanded = false
	md := "```go\n" + goCode(3000) + "\n```"
	lines := contentLines([]cards.ContentBlock{cards.TextBlock{Text: md, Markdown: true}}, 96, o)
	require.Len(t, lines, 3000)
	for _, line := range lines[:bodyFold] {
		require.Contains(t, line, "38;2;255;123;114", "shown line not coloured: %q", line) // := is an operator
	}
	require.NotContains(t, lines[bodyFold], "38;2;255;123;114")
	require.NotContains(t, strings.Join(lines, "\n"), "no syntax colours")
}

// goCode is n lines of Go.
func goCode(n int) string {
	lines := make([]string, n)
	for i := range lines {
		lines[i] = fmt.Sprintf("x%d := f(%d) // step %d", i, i, i)
	}
	return strings.Join(lines, "\n")
}

func longCodeOptions() style.Options {
	o := style.DefaultOptions()
	o.Width, o.Expanded = 100, true
	return o
}
