package toolkit

import (
	"errors"
	"fmt"
	"strings"

	"github.com/cardtui/cardtui/cards"
)

// RecordedHunk is the FileDiff of a hunk as its tool recorded it — a
// Claude Code structuredPatch hunk, a hunk of a Codex unified_diff or of
// an apply_patch chunk — with its lines kept (cards.FileDiff.Lines), so
// that the card draws them as recorded. An empty line is an empty kept
// line, as diff readers take it; oldStart and newStart are 0 when not
// known. A hunk without lines is an error: no diff tool writes one.
func RecordedHunk(path string, lines []string, oldStart, newStart int) (cards.FileDiff, error) {
	if len(lines) == 0 {
		return cards.FileDiff{}, errors.New("a hunk without lines")
	}
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

// SideCounts is the number of old-side (kept and removed) and new-side
// (kept and added) lines of a hunk's lines.
func SideCounts(lines []string) (old, new int) {
	for _, line := range lines {
		switch LinePrefix(line) {
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

// CheckCount checks a hunk's recorded line count of one side against its
// lines.
func CheckCount(name string, recorded *int, counted int) error {
	if recorded != nil && *recorded != counted {
		return fmt.Errorf("%s is %d but the hunk has %d such lines", name, *recorded, counted)
	}
	return nil
}

// JoinLines is the text of whole lines.
func JoinLines(lines []string) string {
	if len(lines) == 0 {
		return ""
	}
	return strings.Join(lines, "\n") + "\n"
}

// LinePrefix is the first byte of a diff line, " " for an empty line.
func LinePrefix(line string) byte {
	if line == "" {
		return ' '
	}
	return line[0]
}
