package style

import "fmt"

// DiffLayout is how a diff card places the old and new sides.
type DiffLayout int

// The diff layouts.
const (
	// DiffAuto is unified below SplitMinWidth columns and split from it.
	DiffAuto DiffLayout = iota
	// DiffUnified shows removed lines above the added ones, as git does.
	DiffUnified
	// DiffSplit shows the old side on the left and the new one on the
	// right, changed lines paired side by side. A card too narrow for two
	// halves of 30 cells, and a file that only adds or only removes
	// lines, stay unified.
	DiffSplit
)

// SplitMinWidth is the width from which DiffAuto draws diffs side by side.
const SplitMinWidth = 160

// String returns "auto", "unified" or "split".
func (l DiffLayout) String() string {
	switch l {
	case DiffUnified:
		return "unified"
	case DiffSplit:
		return "split"
	}
	return "auto"
}

// ParseDiffLayout reads a layout name as String writes it (the values of
// --diff-layout).
func ParseDiffLayout(s string) (DiffLayout, error) {
	for _, l := range []DiffLayout{DiffAuto, DiffUnified, DiffSplit} {
		if s == l.String() {
			return l, nil
		}
	}
	return DiffAuto, fmt.Errorf("diff layout %q is not one of auto, unified, split", s)
}

// Split reports whether diffs are drawn side by side at the options' width.
func (o Options) Split() bool {
	switch o.DiffLayout {
	case DiffUnified:
		return false
	case DiffSplit:
		return true
	}
	return o.LineWidth() >= SplitMinWidth
}
