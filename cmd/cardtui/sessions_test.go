package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/internal/demo"
	"github.com/cardtui/cardtui/internal/testkit"
	"github.com/cardtui/cardtui/internal/testkit/golden"
	"github.com/cardtui/cardtui/internal/testkit/zstdframes"
)

// TestFixturesReplayWithExitZero runs replay and validate on every real
// session of ../shared/fixtures/dsh, and replay on its .jsonl.zstd twin,
// which must print the same. With -short it takes every fourth: the
// harness's own tests read every one in both forms.
func TestFixturesReplayWithExitZero(t *testing.T) {
	files := golden.SharedFixtures(t, "dsh", "session logs")
	for i, file := range files {
		if !testkit.Long() && i%4 != 0 {
			continue
		}
		t.Run(filepath.Base(file), func(t *testing.T) {
			data, err := os.ReadFile(file)
			require.NoError(t, err)
			compressed, _ := zstdframes.Compress(t, data, 5)
			twin := writeSession(t, filepath.Base(file)+".zstd", string(compressed))

			raw := runWith("", "replay", "--print", "--format", "plain", file)
			zst := runWith("", "replay", "--print", "--format", "plain", twin)
			check := runWith("", "validate", file)

			require.Equal(t, exitOK, raw.code, raw.stderr)
			assert.Empty(t, raw.stderr)
			assert.Equal(t, raw.stdout, zst.stdout, "the zstd twin prints the same")
			assert.Equal(t, exitOK, zst.code, zst.stderr)
			assert.Equal(t, exitOK, check.code, check.stdout)
			assert.Contains(t, check.stdout, " 0 problems")
		})
	}
}

func TestDemoValidates(t *testing.T) {
	r := runWith("", "validate", writeSession(t, "demo.jsonl", string(demo.Session)))

	assert.Equal(t, exitOK, r.code, r.stdout)
	assert.True(t, strings.HasSuffix(r.stdout, ": "+demoSummary+"\n"), r.stdout)
}

// TestReplayMalformedLineInTheMiddle: the bad line is a problem card that
// names its line, everything else renders, and both commands exit 1.
func TestReplayMalformedLineInTheMiddle(t *testing.T) {
	file := sessionPath(t, "malformed-middle.jsonl")

	r := runWith("", "replay", "--print", "--format", "plain", file)
	v := runWith("", "validate", file)

	assert.Equal(t, exitProblems, r.code)
	assert.Contains(t, r.stdout, "Problem · "+file+" line 12")
	for _, mark := range []string{
		"The footer still says 2023", "Grep © 2023 in pages", "Edit pages/index.html",
		"Edit pages/about.html", "© 2025 Example Ltd", "Both footers now say © 2025.",
	} {
		assert.Contains(t, r.stdout, mark)
	}
	assert.Less(t, strings.Index(r.stdout, "Edit pages/about.html"), strings.Index(r.stdout, "line 12"))
	assert.Less(t, strings.Index(r.stdout, "line 12"), strings.Index(r.stdout, "Both footers"))
	assert.Equal(t, "cardtui: "+file+": 1 bad line (cardtui validate lists them)\n", r.stderr)
	assert.Equal(t, exitProblems, v.code)
	assert.True(t, strings.HasPrefix(v.stdout, file+":12: not a JSON object: unexpected end of JSON input\n"), v.stdout)
}

// TestReplayTornTail: a torn last line and a torn last zstd frame both
// show what came before with a visible notice; neither is a problem.
func TestReplayTornTail(t *testing.T) {
	t.Run("line", func(t *testing.T) {
		r := runWith("", "replay", "--print", "--format", "plain", sessionPath(t, "torn-tail.jsonl"))

		assert.Equal(t, exitOK, r.code, r.stderr)
		assert.Contains(t, r.stdout, "vitest run")
		assert.Contains(t, r.stdout, "no result")
		assert.Contains(t, strings.Join(strings.Fields(r.stdout), " "), "line 12 is torn")
	})
	t.Run("zstd frame", func(t *testing.T) {
		compressed, starts := zstdframes.Compress(t, demo.Session, 5)
		last := starts[len(starts)-1]
		file := writeSession(t, "demo.jsonl.zstd", string(compressed[:last+(len(compressed)-last)/2]))

		r := runWith("", "replay", "--print", "--format", "plain", "--width", "200", file)
		v := runWith("", "validate", file)

		assert.Equal(t, exitOK, r.code, r.stderr)
		assert.Contains(t, r.stdout, demoMarks["job_kill"])
		assert.Contains(t, r.stdout, "the compressed input ends in a torn or corrupt zstd frame")
		assert.Equal(t, exitOK, v.code)
		assert.Contains(t, v.stdout, ": notice: the compressed input ends in a torn or corrupt zstd frame")
	})
}

func TestReplayCompressedStdin(t *testing.T) {
	compressed, _ := zstdframes.Compress(t, demo.Session, 7)

	r := runWith(string(compressed), "replay", "--format", "plain", "-")

	assert.Equal(t, exitOK, r.code, r.stderr)
	assert.Equal(t, runWith("", "replay", "--format", "plain").stdout, r.stdout)
}
