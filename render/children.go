package render

import (
	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/render/style"
	"github.com/cardtui/cardtui/render/textcut"
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
	inner.Width = textcut.InnerWidth(o)
	var lines []string
	for _, e := range children {
		lines = append(lines, entryDrawing(e, inner).Lines()...)
	}
	return lines
}
