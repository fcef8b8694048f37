package textcut

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
)

// TestFramedPads checks framed's padding at widths below, at and above a
// run of blanks.
func TestFramedPads(t *testing.T) {
	for _, width := range []int{0, 1, 5, len(blanks) - 1, len(blanks), len(blanks) + 1, 3*len(blanks) + 7} {
		got := Framed("[", "ab", "]", width)
		want := "[" + ansi.Truncate("ab", width, "…") + strings.Repeat(" ", max(width-2, 0)) + "]"
		assert.Equal(t, want, got, "width %d", width)
	}
}
