package main

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/internal/testkit/gobuild"
	"github.com/cardtui/cardtui/internal/testkit/tmuxtest"
)

// notSessions are files that are no session at all, with the reason the
// error gives.
func notSessions(t *testing.T) map[string]string {
	elf, err := os.ReadFile("/proc/self/exe") // an executable, as /usr/bin/ls is
	require.NoError(t, err)
	binary := strings.ReplaceAll(string(elf[:3<<10]), "\n", "\x00")
	return map[string]string{
		writeSession(t, "ls", string(elf[:64<<10])):                                   "binary data",
		writeSession(t, "passwd", "root:x:0:0:root:/root:/bin/bash\nbin:x:1:1::/:\n"): "no line of a known format; line 1: the line is not a JSON object",
		writeSession(t, "empty", ""):                                                  "empty",
		writeSession(t, "binary", binary):                                             "binary data",
	}
}

// TestNotASessionFile checks that replay --print, export and validate say
// of a file that is no session one thing, "FILE: not a session file
// (reason)", print nothing else and exit 1.
func TestNotASessionFile(t *testing.T) {
	for file, reason := range notSessions(t) {
		for _, args := range [][]string{
			{"replay", "--print", "--format", "plain"},
			{"replay", "--print", "--format", "html"},
			{"export"},
			{"export", "--format", "markdown"},
			{"validate"},
		} {
			r := runWith("", append(args, file)...)

			assert.Equal(t, exitProblems, r.code, "%v %s", args, file)
			assert.Empty(t, r.stdout, "%v %s", args, file)
			assert.Equal(t, "cardtui: "+file+": not a session file ("+reason+")\n", r.stderr, "%v", args)
		}
	}
}

// TestNotASessionFileInTheViewer opens the viewer on a text file: it
// closes at once with the error and exit status 1, no blank screen.
func TestNotASessionFileInTheViewer(t *testing.T) {
	t.Parallel()
	bin := gobuild.Program(t, ".")
	file := writeSession(t, "passwd", "root:x:0:0:root:/root:/bin/bash\n")
	s := tmuxtest.Start(t, 80, 24, nil, bin, "replay", "--theme", "dark", file)

	// The error wraps where the temporary path makes it, and a row's
	// trailing space is not kept: compare without spaces.
	screen := strings.Join(s.WaitForText("[exited 1]"), "")

	assert.Contains(t, withoutSpaces(screen), withoutSpaces("passwd: not a session file (no line of a known format"))
}

// withoutSpaces is s without its spaces.
func withoutSpaces(s string) string { return strings.ReplaceAll(s, " ", "") }
