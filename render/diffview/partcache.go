package diffview

import (
	"slices"

	"github.com/cardtui/cardtui/cards"
)

// maxCachedPartBytes bounds the text whose diffs partCache keeps; it is
// emptied when full.
const maxCachedPartBytes = 32 << 20

// partKey is what the diff of a FileDiff without recorded lines depends
// on (see diffPart and newHunkBuilder).
type partKey struct {
	old, new           string
	newFile            bool
	oldStart, newStart int
}

// partCache holds the diffs of the FileDiffs drawn lately. A card is drawn
// at several widths, collapsed and expanded, and exported; its diff, which
// may take lineDiffBudget, is computed once and is the same each time,
// rough or not.
var partCache = memo[partKey, part]{limit: maxCachedPartBytes}

// cachedPart is diffPart(d), from partCache when d was diffed before. Its
// hunks are the caller's to change; their lines are shared and read-only.
func cachedPart(d cards.FileDiff) part {
	if len(d.Lines) > 0 {
		return recordedPart(d)
	}
	key := partKey{old: oldText(d), new: d.NewText, newFile: d.IsNewFile(), oldStart: d.OldStart, newStart: d.NewStart}
	p, ok := partCache.get(key)
	if !ok {
		p = diffPart(d)
		partCache.put(key, p, len(key.old)+len(key.new))
	}
	p.hunks = slices.Clone(p.hunks)
	return p
}
