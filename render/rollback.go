package render

import (
	"slices"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/render/style"
)

// rolledBackText labels an entry of a turn a later rollback undid
// (cards.IsRolledBack): it is still drawn, for what happened, after a
// line in the theme's warning colour that says it no longer stands.
const rolledBackText = "↶ rolled back (undone)"

// withRollbackLabel puts the label line above a rolled-back entry's
// drawing.
func withRollbackLabel(d Drawing, e cards.Entry, o style.Options) Drawing {
	if !cards.IsRolledBack(e) {
		return d
	}
	label := o.Ink(o.Colors().Warn).Render(rolledBackText)
	d.head = append([]string{label}, slices.Clip(d.head)...)
	d.finished = nil
	return d
}

// rollbackMarkdown is the label of a rolled-back entry in the Markdown
// export, "" for any other entry.
func rollbackMarkdown(e cards.Entry) string {
	if !cards.IsRolledBack(e) {
		return ""
	}
	return "_" + rolledBackText + "_\n\n"
}
