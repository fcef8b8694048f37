package cards

import (
	"fmt"
	"strings"
)

// A FileDiff can carry its hunk as the tool recorded it (FileDiff.Lines):
// a Claude Code structuredPatch hunk, a hunk of a Codex unified_diff. The
// renderer then draws those lines exactly — their context, their order of
// removals and additions — instead of diffing oldText against newText.

// HunkSides returns the old and new text of a unified-diff hunk's lines,
// each prefixed with " " (kept), "-" (removed) or "+" (added); a "\" line
// ("\ No newline at end of file") says that the side of the line before
// it ends there without a newline. It fails on the first line that is not
// one of these, or that continues a side a "\" line ended.
func HunkSides(lines []string) (old, new string, err error) {
	var o, n hunkSide
	for i, line := range lines {
		if line == "" {
			return "", "", fmt.Errorf("lines[%d]: an empty line has no \" \", \"-\" or \"+\" prefix", i)
		}
		switch prefix, body := line[0], line[1:]; prefix {
		case ' ':
			err = errorsJoin(o.add(body), n.add(body))
		case '-':
			err = o.add(body)
		case '+':
			err = n.add(body)
		case '\\':
			err = endSides(lines, i, &o, &n)
		default:
			err = fmt.Errorf("%q does not start with \" \", \"-\", \"+\" or \"\\\"", line)
		}
		if err != nil {
			return "", "", fmt.Errorf("lines[%d]: %w", i, err)
		}
	}
	return o.String(), n.String(), nil
}

// endSides applies the "\" line at index i: the side (or both sides, after
// a kept line) of the line before it has no final newline.
func endSides(lines []string, i int, o, n *hunkSide) error {
	if i == 0 || lines[i-1][0] == '\\' {
		return fmt.Errorf("%q follows no line", lines[i])
	}
	switch lines[i-1][0] {
	case '-':
		o.ended = true
	case '+':
		n.ended = true
	default:
		o.ended, n.ended = true, true
	}
	return nil
}

// errorsJoin returns the first error that is not nil.
func errorsJoin(a, b error) error {
	if a != nil {
		return a
	}
	return b
}

// hunkSide accumulates one side of a hunk.
type hunkSide struct {
	lines []string
	ended bool // a "\" line ended the side
}

func (s *hunkSide) add(line string) error {
	if s.ended {
		return fmt.Errorf("the side %q adds to ends at a \"\\ No newline at end of file\" line", line)
	}
	s.lines = append(s.lines, line)
	return nil
}

func (s hunkSide) String() string {
	if len(s.lines) == 0 {
		return ""
	}
	joined := strings.Join(s.lines, "\n")
	if s.ended {
		return joined
	}
	return joined + "\n"
}

// checkHunk checks that a FileDiff's recorded lines, if it has any, are a
// hunk whose two sides are its oldText and newText; it returns the field
// at fault and what is wrong, or "" when the diff is consistent. No
// lines (nil or empty, which encodes as absent) is no recorded hunk.
func (d FileDiff) checkHunk() (field, detail string) {
	if len(d.Lines) == 0 {
		return "", ""
	}
	old, new, err := HunkSides(d.Lines)
	switch {
	case err != nil:
		return "lines", err.Error()
	case d.OldText == nil && old != "":
		return "lines", "a new file (oldText null) has no kept or removed lines"
	case d.OldText != nil && old != *d.OldText:
		return "oldText", "differs from the kept and removed lines of the hunk"
	case new != d.NewText:
		return "newText", "differs from the kept and added lines of the hunk"
	}
	return "", ""
}
