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
// history; none without git. One git log names the blobs before and after
// each change (a merge's against its first parent) and one git cat-file
// reads them all.
func realPairs(t *testing.T, commits int) []textPair {
	t.Helper()
	log, err := exec.Command("git", "log", "-n", strconv.Itoa(commits), "--format=commit %H",
		"--raw", "--no-abbrev", "--no-renames", "--diff-merges=first-parent").Output()
	if err != nil {
		return nil
	}
	var pairs []textPair
	var blobs []string
	commit := ""
	for _, line := range strings.Split(string(log), "\n") {
		if c, ok := strings.CutPrefix(line, "commit "); ok {
			commit = c
			continue
		}
		meta, path, ok := strings.Cut(line, "\t")
		f := strings.Fields(meta)
		// ":mode mode old new status": a file added or deleted has no
		// version on one side.
		if !ok || len(f) != 5 || f[4] != "M" || !strings.HasPrefix(path, "render/") || !strings.HasSuffix(path, ".go") {
			continue
		}
		pairs = append(pairs, textPair{name: commit[:8] + " " + path})
		blobs = append(blobs, f[2], f[3])
	}
	texts := gitBlobs(t, blobs)
	kept := pairs[:0]
	for i, p := range pairs {
		old, okOld := texts[blobs[2*i]]
		new, okNew := texts[blobs[2*i+1]]
		if okOld && okNew {
			kept = append(kept, textPair{p.name, old, new})
		}
	}
	return kept
}

// gitBlobs reads the blobs of the repository by their hashes with one git
// cat-file; a blob that is missing (a shallow clone) is left out.
func gitBlobs(t *testing.T, hashes []string) map[string]string {
	t.Helper()
	cmd := exec.Command("git", "cat-file", "--batch")
	cmd.Stdin = strings.NewReader(strings.Join(hashes, "\n") + "\n")
	out, err := cmd.Output()
	require.NoError(t, err)
	texts := map[string]string{}
	for rest := string(out); rest != ""; {
		var header string
		header, rest, _ = strings.Cut(rest, "\n")
		f := strings.Fields(header)
		if len(f) != 3 {
			continue // "HASH missing"
		}
		size, err := strconv.Atoi(f[2])
		require.NoError(t, err, header)
		texts[f[0]] = rest[:size]
		rest = rest[size+1:]
	}
	return texts
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
	t.Parallel()
	real := append(realPairs(t, testkit.Rounds(20, 5)), fixturePairs(t)...)
	pairs := append(randomPairs(testkit.Rounds(300, 100)), real...)
	pairs = append(pairs, generatedPair(2_000))
	if testkit.Long() {
		pairs = append(pairs, generatedPair(20_000))
	}
	_, err := exec.LookPath("diff")
	gnuDiff := err == nil
	t.Logf("%d pairs, %d of them real; GNU diff: %v", len(pairs), len(real), gnuDiff)
	byGNU := map[int]bool{}
	if gnuDiff {
		for i, p := range pairs {
			byGNU[i] = i%10 == 0 || !strings.HasPrefix(p.name, "random")
		}
	}
	gnuCounts := minimalDiffCounts(t, pairs, byGNU)
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
		case byGNU[i]:
			added, removed = gnuCounts[i][0], gnuCounts[i][1]
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

// minimalDiffCounts runs GNU diff --minimal once over the pairs that use
// says, each pair an old and a new file of two folders, and counts the
// lines it adds and removes in each: counts[i] is pair i's added and
// removed.
func minimalDiffCounts(t *testing.T, pairs []textPair, use map[int]bool) map[int][2]int {
	t.Helper()
	counts := map[int][2]int{}
	if len(use) == 0 {
		return counts
	}
	dir := t.TempDir()
	for _, side := range []string{"a", "b"} {
		require.NoError(t, os.Mkdir(filepath.Join(dir, side), 0o700))
	}
	for i, p := range pairs {
		if use[i] {
			name := strconv.Itoa(i)
			require.NoError(t, os.WriteFile(filepath.Join(dir, "a", name), []byte(p.old), 0o600))
			require.NoError(t, os.WriteFile(filepath.Join(dir, "b", name), []byte(p.new), 0o600))
			counts[i] = [2]int{}
		}
	}
	cmd := exec.Command("diff", "--minimal", "-r", "a", "b")
	cmd.Dir = dir
	out, err := cmd.Output()
	if exit, ok := err.(*exec.ExitError); !ok || exit.ExitCode() != 1 {
		require.NoError(t, err)
	}
	pair := -1
	for _, line := range strings.Split(string(out), "\n") {
		switch {
		case strings.HasPrefix(line, "diff --minimal -r a/"):
			pair, err = strconv.Atoi(strings.TrimPrefix(strings.Fields(line)[3], "a/"))
			require.NoError(t, err, line)
		case strings.HasPrefix(line, "> "):
			c := counts[pair]
			counts[pair] = [2]int{c[0] + 1, c[1]}
		case strings.HasPrefix(line, "< "):
			c := counts[pair]
			counts[pair] = [2]int{c[0], c[1] + 1}
		}
	}
	return counts
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
