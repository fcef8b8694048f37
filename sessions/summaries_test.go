package sessions

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSummariesAreReadUpToTheDamage: the summaries saved are read back
// as they were, and skippable names exactly the files whose summary
// lacks a gram of the pattern; a file cut short, or whose next length
// cannot be, keeps the summaries before the damage; another version, a
// directory or nothing there holds none.
func TestSummariesAreReadUpToTheDamage(t *testing.T) {
	dir := t.TempDir()
	records := map[string]*record{}
	for i := range 40 {
		r := &record{ModTime: int64(1000 + i), summary: summarize(fmt.Appendf(nil, "T\t0\tYou\tmake release-%d\n", i))}
		r.Path, r.Size = fmt.Sprintf("/h/s%02d.jsonl", i), int64(10+i)
		records[r.Path] = r
	}
	require.NoError(t, saveSummaries(dir, records))
	sums := loadSummaries(dir)
	require.Len(t, sums, len(records))
	for path, r := range records {
		assert.Equal(t, stamped{size: r.Size, mtime: r.ModTime, sum: r.summary}, sums[path])
	}
	skip := skippable(dir, gramsOf(nil, []byte("release-17"), false))
	assert.Len(t, skip, len(records)-1)
	assert.NotContains(t, skip, "/h/s17.jsonl")
	assert.Equal(t, stamped{size: 10, mtime: 1000}, skip["/h/s00.jsonl"])

	file := filepath.Join(dir, summariesFile)
	whole, err := os.ReadFile(file)
	require.NoError(t, err)
	cut := len(whole) * 2 / 3
	for name, damaged := range map[string][]byte{
		"cut short":        whole[:cut],
		"an absurd length": append(whole[:cut:cut], 0xff, 0xff, 0xff, 0xff, 0x0f),
	} {
		require.NoError(t, os.WriteFile(file, damaged, 0o600))
		got := loadSummaries(dir)
		assert.Less(t, len(got), len(records), name)
		assert.Greater(t, len(got), len(records)/3, name)
		for path, s := range got {
			assert.Equal(t, sums[path], s, name)
		}
	}
	require.NoError(t, os.WriteFile(file, append([]byte("cardtui-summaries 1\n"), whole[len(summariesHeader):]...), 0o600))
	assert.Empty(t, loadSummaries(dir), "another version")
	require.NoError(t, os.Remove(file))
	require.NoError(t, os.Mkdir(file, 0o700))
	assert.Empty(t, skippable(dir, gramsOf(nil, []byte("release"), false)), "a directory")
	assert.Empty(t, loadSummaries(t.TempDir()), "nothing there")
}
