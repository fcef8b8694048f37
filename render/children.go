package render

import (
	"strings"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/render/style"
)

// childrenBody draws the entries nested under a card — the calls its tool
// made, the notices about it — inside its frame, each as it would be
// drawn on its own at the width of the card's body: a sub-call is a card
// in its parent's card. They fold with the card (Options.Expanded).
func childrenBody(children []cards.Entry, o style.Options) []string {
	if len(children) == 0 {
		return nil
	}
	inner := o
	inner.Width = style.InnerWidth(o)
	var lines []string
	for _, e := range children {
		lines = append(lines, entryDrawing(e, inner).Lines()...)
	}
	return lines
}

// childrenMarkdown writes the entries nested under a card as a block
// quote, so that a sub-call's heading reads as part of its parent's card.
func childrenMarkdown(children []cards.Entry, o style.Options) string {
	var b strings.Builder
	for i, e := range children {
		if i > 0 {
			b.WriteString(">\n")
		}
		for line := range strings.Lines(strings.TrimRight(Markdown(e, o), "\n") + "\n") {
			b.WriteString(strings.TrimRight("> "+line, " \n") + "\n")
		}
	}
	return b.String()
}
