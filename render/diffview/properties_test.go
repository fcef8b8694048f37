package diffview_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	exportmd "github.com/cardtui/cardtui/export/markdown"
	"github.com/cardtui/cardtui/internal/testkit"
	"github.com/cardtui/cardtui/internal/testkit/diffinput"
	"github.com/cardtui/cardtui/internal/testkit/golden"

	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/render/diffview"
)

// textPair is an old and a new text.
type textPair struct{ name, old, new string }

// randomPairs are random pairs of texts drawn from a small alphabet (see
// randomText), positioned so that their hunks have headers.
func randomPairs(n int) []textPair {
	r := rand.New(rand.NewPCG(21, 34))
	pairs := make([]textPair, n)
	for i := range pairs {
		pairs[i] = textPair{"random " + strconv.Itoa(i), randomText(r, 40), randomText(r, 40)}
	}
	return pairs
}

// realPairs are the versions before and after each change of render's Go
// files (the diff card's and the diff view's) in the repository's recent
// history; none without git.
func realPairs(t *testing.T, commits int) []textPair {
	t.Helper()
	git := func(args ...string) (string, bool) {
		out, err := exec.Command("git", args...).Output()
		return string(out), err == nil
	}
	log, ok := git("log", "--format=%H", "-n", strconv.Itoa(commits))
	if !ok {
		return nil
	}
	var pairs []textPair
	for _, c := range strings.Fields(log) {
		files, _ := git("diff", "--name-only", c+"^", c, "--", ":(top)render/*.go")
		for _, f := range strings.Fields(files) {
			old, okOld := git("show", c+"^:"+f)
			new, okNew := git("show", c+":"+f)
			if okOld && okNew {
				pairs = append(pairs, textPair{c[:8] + " " + f, old, new})
			}
		}
	}
	return pairs
}

// fixturePairs are the old_string and new_string of every edit in the
// real sessions of ../shared/fixtures; none when the folder is absent.
func fixturePairs(t *testing.T) []textPair {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(golden.Root(t), "..", "shared", "fixtures", "*", "*.jsonl"))
	var pairs []textPair
	for _, file := range files {
		data, err := os.ReadFile(file)
		require.NoError(t, err)
		for i, line := range strings.Split(string(data), "\n") {
			var v any
			if json.Unmarshal([]byte(line), &v) == nil {
				name := filepath.Base(file) + ":" + strconv.Itoa(i+1)
				pairs = appendEdits(pairs, name, v)
			}
		}
	}
	return pairs
}

// appendEdits appends the edits found anywhere in a decoded JSON value,
// looking into strings that hold JSON too (tool arguments).
func appendEdits(pairs []textPair, name string, v any) []textPair {
	switch v := v.(type) {
	case map[string]any:
		old, okOld := v["old_string"].(string)
		new, okNew := v["new_string"].(string)
		if okOld && okNew {
			pairs = append(pairs, textPair{name, old, new})
		}
		for _, field := range v {
			pairs = appendEdits(pairs, name, field)
		}
	case []any:
		for _, item := range v {
			pairs = appendEdits(pairs, name, item)
		}
	case string:
		var inner any
		if strings.HasPrefix(v, "{") && json.Unmarshal([]byte(v), &inner) == nil {
			pairs = appendEdits(pairs, name, inner)
		}
	}
	return pairs
}

// generatedPair is a generated Go file and its scattered edit.
func generatedPair(n int) textPair {
	old := diffinput.GeneratedGo(n)
	return textPair{"generated " + strconv.Itoa(n), diffinput.JoinLines(old), diffinput.JoinLines(diffinput.ScatteredEdit(old, uint64(n)))}
}

// TestDiffPropertiesOnRealAndRandomText checks, for random pairs (the
// first 100 of 300 with -short), real pairs (the Go files changed in the
// repository's last 20 commits, the last 5 with -short; the edits of the real sessions in
// ../shared/fixtures) and generated files (the 20,000-line one only
// without -short), that the card's unified diff applied to the old text
// gives the new text, that the model does too, and that +A -R are the
// counts of a minimal diff: GNU diff --minimal's when it is installed, a
// longest common subsequence otherwise. No card is ever approximate.
func TestDiffPropertiesOnRealAndRandomText(t *testing.T) {
	real := append(realPairs(t, testkit.Rounds(20, 5)), fixturePairs(t)...)
	pairs := append(randomPairs(testkit.Rounds(300, 100)), real...)
	pairs = append(pairs, generatedPair(2_000))
	if testkit.Long() {
		pairs = append(pairs, generatedPair(20_000))
	}
	_, err := exec.LookPath("diff")
	gnuDiff := err == nil
	t.Logf("%d pairs, %d of them real; GNU diff: %v", len(pairs), len(real), gnuDiff)
	for i, p := range pairs {
		d := cards.FileDiff{Path: "f.txt", OldText: &p.old, NewText: p.new, OldStart: 1, NewStart: 1}
		f := diffview.Files([]cards.FileDiff{d})[0]
		require.Equal(t, bareLines(p.new), applyFile(t, f, bareLines(p.old)), p.name)
		if isVerbatim(p.old) && isVerbatim(p.new) {
			got := applyUnified(t, exportmd.Diff([]cards.FileDiff{d}), p.old)
			if !diffview.EndsWithNewline(p.old) && !diffview.EndsWithNewline(p.new) {
				// Two sides without a final newline get no marker (see
				// newHunkBuilder): the applied diff may end with one.
				got = strings.TrimSuffix(got, "\n")
			}
			require.Equal(t, p.new, got, p.name)
		}
		var added, removed int
		switch {
		case gnuDiff && (i%10 == 0 || !strings.HasPrefix(p.name, "random")):
			added, removed = minimalDiffCounts(t, p.old, p.new)
		case len(p.old)+len(p.new) < 1<<16:
			lcs := lcsLength(diffview.SplitLines(p.old), diffview.SplitLines(p.new))
			added, removed = len(diffview.SplitLines(p.new))-lcs, len(diffview.SplitLines(p.old))-lcs
		default:
			continue
		}
		require.Equal(t, []int{added, removed}, []int{f.Added, f.Removed}, "+A -R of %s", p.name)
		card := renderDiffs([]cards.FileDiff{d}, plainOptions(120, true))
		// The file's header and the footer carry the counts, and would
		// carry "approximate"; the rows may hold the word as text.
		counts := fmt.Sprintf("+%d -%d", added, removed)
		for _, line := range strings.Split(card, "\n") {
			if strings.Contains(line, counts) {
				require.NotContains(t, line, "approximate", p.name)
			}
		}
	}
}

// isVerbatim reports whether s is shown as it is by the sanitiser: no
// tab, no control, ASCII only.
func isVerbatim(s string) bool {
	for i := range len(s) {
		if c := s[i]; c != '\n' && (c < ' ' || c > '~') {
			return false
		}
	}
	return true
}

// minimalDiffCounts runs GNU diff --minimal on two texts and counts the
// lines it adds and removes.
func minimalDiffCounts(t *testing.T, old, new string) (added, removed int) {
	t.Helper()
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	require.NoError(t, os.WriteFile(a, []byte(old), 0o600))
	require.NoError(t, os.WriteFile(b, []byte(new), 0o600))
	out, err := exec.Command("diff", "--minimal", a, b).Output()
	if exit, ok := err.(*exec.ExitError); !ok || exit.ExitCode() != 1 {
		require.NoError(t, err)
	}
	for _, line := range strings.Split(string(out), "\n") {
		switch {
		case strings.HasPrefix(line, "> "):
			added++
		case strings.HasPrefix(line, "< "):
			removed++
		}
	}
	return added, removed
}

// applyUnified applies the unified diffs fenced in a card's Markdown
// export to old: each hunk header says where it starts, its context and
// removed lines must match, its added lines are inserted; "\ No newline"
// drops the line break of the line before it when that line is kept.
func applyUnified(t *testing.T, md, old string) string {
	t.Helper()
	src := strings.SplitAfter(old, "\n")
	if src[len(src)-1] == "" {
		src = src[:len(src)-1]
	}
	var out []string
	pos := 0          // the next old line
	inFence := false  // inside a fenced diff
	lastKept := false // the last diff line is in out
	for i, line := range strings.Split(md, "\n") {
		switch {
		case strings.HasPrefix(line, "```"):
			inFence = !inFence
		case !inFence, strings.HasPrefix(line, "--- "), strings.HasPrefix(line, "+++ "):
		case strings.HasPrefix(line, "@@ -"):
			oldRange := strings.Fields(line)[1]
			start, _ := strconv.Atoi(strings.Split(oldRange[1:], ",")[0])
			if strings.HasSuffix(oldRange, ",0") {
				start++ // an empty old side names the line before the hunk
			}
			out = append(out, src[pos:start-1]...)
			pos = start - 1
		case strings.HasPrefix(line, `\ No newline`):
			if lastKept {
				out[len(out)-1] = strings.TrimSuffix(out[len(out)-1], "\n")
			}
		case strings.HasPrefix(line, "+"):
			out = append(out, line[1:]+"\n")
			lastKept = true
		default:
			require.Less(t, pos, len(src), "line %d of the diff is past the end", i+1)
			require.Equal(t, strings.TrimSuffix(src[pos], "\n"), line[1:], "line %d of the diff", i+1)
			lastKept = line[0] == ' '
			if lastKept {
				out = append(out, src[pos])
			}
			pos++
		}
	}
	return strings.Join(append(out, src[pos:]...), "")
}
