package render

import (
	"slices"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/render/cardtext"
	"github.com/cardtui/cardtui/render/style"
)

// withRollbackLabel puts the label line above a rolled-back entry's
// drawing.
func withRollbackLabel(d Drawing, e cards.Entry, o style.Options) Drawing {
	if !cards.IsRolledBack(e) {
		return d
	}
	label := o.Ink(o.Colors().Warn).Render(cardtext.RolledBackText)
	d.head = append([]string{label}, slices.Clip(d.head)...)
	d.finished = nil
	return d
}
