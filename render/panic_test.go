package render_test

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/render"
)

// TestWidgetPanicBecomesAProblemCard checks that a panicking widget is
// drawn as a problem card naming the tool and the panic, within the width.
func TestWidgetPanicBecomesAProblemCard(t *testing.T) {
	restore := render.SetDrawEntry(func(cards.Entry, render.Options) render.Drawing { panic("index out of range [3]") })
	defer restore()
	card := cards.ToolCard{ID: "call-7", Tool: "bash", Call: cards.TerminalCall{Title: "ls"}}
	o := modes[1].opts(120)
	for _, drawn := range []string{render.Entry(card, o), strings.Join(render.Draw(card, o).Lines(), "\n")} {
		got := ansi.Strip(drawn)
		assert.Contains(t, got, "Problem")
		assert.Contains(t, got, "could not draw the bash card (call call-7)")
		assert.Contains(t, got, "index out of range [3]")
		requireFits(t, got, 120)
	}
}
