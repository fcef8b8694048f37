package producers

import (
	"fmt"
	"strings"

	"github.com/cardtui/cardtui/cards"
)

// recordedHunk is the FileDiff of a hunk as its tool recorded it — a
// Claude Code structuredPatch hunk, a hunk of a Codex unified_diff or of
// an apply_patch chunk — with its lines kept (cards.FileDiff.Lines), so
// that the card draws them as recorded. An empty line is an empty kept
// line, as diff readers take it; oldStart and newStart are 0 when not
// known.
func recordedHunk(path string, lines []string, oldStart, newStart int) (cards.FileDiff, error) {
	prefixed := make([]string, len(lines))
	for i, line := range lines {
		prefixed[i] = line
		if line == "" {
			prefixed[i] = " "
		}
	}
	old, new, err := cards.HunkSides(prefixed)
	if err != nil {
		return cards.FileDiff{}, err
	}
	return cards.FileDiff{Path: path, OldText: &old, NewText: new, OldStart: oldStart, NewStart: newStart, Lines: prefixed}, nil
}

// sideCounts is the number of old-side (kept and removed) and new-side
// (kept and added) lines of a hunk's lines.
func sideCounts(lines []string) (old, new int) {
	for _, line := range lines {
		switch prefix(line) {
		case ' ':
			old, new = old+1, new+1
		case '-':
			old++
		case '+':
			new++
		}
	}
	return old, new
}

// checkCount checks a hunk's recorded line count of one side against its
// lines.
func checkCount(name string, recorded *int, counted int) error {
	if recorded != nil && *recorded != counted {
		return fmt.Errorf("%s is %d but the hunk has %d such lines", name, *recorded, counted)
	}
	return nil
}

// joinLines is the text of whole lines.
func joinLines(lines []string) string {
	if len(lines) == 0 {
		return ""
	}
	return strings.Join(lines, "\n") + "\n"
}
