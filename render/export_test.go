package render

import (
	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/render/markdown"
	"github.com/cardtui/cardtui/render/style"
	"github.com/cardtui/cardtui/render/textcut"
)

// MarkdownRenderersBuilt reports how many glamour renderers the package has
// built so far, so that tests can check they are cached.
func MarkdownRenderersBuilt() int { return markdown.RenderersBuilt() }

// WidgetLines returns the lines the widgets draw for an entry before a
// frame or Entry cuts any of them, and the width they must fit: a tool
// card's call and result bodies (the frame's inner width), or the lines of
// any other entry (the whole width).
func WidgetLines(e cards.Entry, o style.Options) ([]string, int) {
	if c, ok := e.(cards.ToolCard); ok {
		return append(callFrame(c, o).Body, resultBody(c, o)...), textcut.InnerWidth(o)
	}
	d := entryDrawing(e, o)
	lines := make([]string, d.Len())
	for i := range lines {
		lines[i] = d.raw(i)
	}
	return lines, o.LineWidth()
}

// SetDrawEntry replaces Entry's dispatch until the returned func restores it.
func SetDrawEntry(draw func(cards.Entry, style.Options) Drawing) (restore func()) {
	saved := drawEntry
	drawEntry = draw
	return func() { drawEntry = saved }
}
