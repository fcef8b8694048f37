package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/internal/testkit/fakehome"
	"github.com/cardtui/cardtui/internal/testkit/gobuild"
	"github.com/cardtui/cardtui/internal/testkit/tmuxtest"
)

// manySessions writes n Claude Code sessions into the project of h, the
// i-th prompted "task i …", newest last; the one numbered rails is about
// Rails and the one numbered makefile edits the Makefile. The others
// mention both words deep in their prompts, where only a fuzzy match
// finds them.
func manySessions(t *testing.T, h fakehome.Home, n, rails, makefile int) {
	dir := filepath.Join(h.Roots["claude"], "projects", strings.ReplaceAll(h.Project, "/", "-"))
	for i := range n {
		prompt := fmt.Sprintf("task %d: make a file, then run all integration lint suites", i)
		switch i {
		case rails:
			prompt = fmt.Sprintf("task %d: upgrade Rails to 8", i)
		case makefile:
			prompt = fmt.Sprintf("task %d: add a lint target to the Makefile", i)
		}
		line := fmt.Sprintf(`{"type":"user","cwd":%q,"sessionId":"s%d","uuid":"u%d","parentUuid":null,"timestamp":"2026-01-0%dT10:%02d:00.000Z","message":{"role":"user","content":%q}}`+"\n",
			h.Project, i, i, 1+i/60, i%60, prompt)
		fakehome.Write(t, filepath.Join(dir, fmt.Sprintf("0000000%d-aaaa-4bbb-8ccc-dddddddddddd.jsonl", i)), line, time.Date(2026, 1, 1, 0, i, 0, 0, time.UTC))
	}
}

// TestPickerAt80x24 runs the picker at 80×24 on 14 sessions: one line per
// session, at least 8 of them shown, no row cut at the right edge; the
// filter puts the literal matches first.
func TestPickerAt80x24(t *testing.T) {
	t.Parallel()
	h := fakehome.New(t)
	manySessions(t, h, 10, 3, 6)
	bin := gobuild.Program(t, ".")
	env := []string{"HOME=" + h.Dir, "XDG_CACHE_HOME=" + t.TempDir(), "CLAUDE_CONFIG_DIR=", "CODEX_HOME=", "DSH_HOME=", "NO_COLOR="}
	s := tmuxtest.Start(t, 80, 24, env, "sh", "-c", `cd "$0" && exec "$1" --theme dark`, h.Project, bin)

	screen := s.WaitForText("Sessions of ~/src/tally")
	rows := 0
	for _, line := range screen {
		if sessionRow.MatchString(line) {
			rows++
			assert.NotRegexp(t, `…\s*$`, line, "a row is not cut at the edge")
			assert.Regexp(t, `(claude|codex) · .* · \d+ calls$`, strings.TrimRight(line, " "))
		}
	}
	assert.GreaterOrEqual(t, rows, 8, strings.Join(screen, "\n"))

	s.Type("/")
	s.TypeText("rails")
	s.WaitFor("the Rails session first", firstRowHolds("task 3: upgrade Rails to 8"))

	s.Type("Escape")
	s.Settle()
	s.Type("/")
	s.TypeText("makefile")
	s.WaitFor("the Makefile session first", firstRowHolds("task 6: add a lint target to the Makefile"))
	for _, k := range []string{"Escape", "Escape", "q"} {
		s.Type(k)
		s.Settle()
	}
	s.WaitForText("[exited 0]")
}

// sessionRow matches a row of the picker's list.
var sessionRow = regexp.MustCompile(`^(▌ |  )\S.* (claude|codex|harness) · .* calls`)

// firstRowHolds is a condition: the screen's first session row holds
// text, and the filter typed has been applied (the list says how many
// it filtered).
func firstRowHolds(text string) func([]string) bool {
	return func(screen []string) bool {
		return strings.Contains(strings.Join(screen, "\n"), "filtered") && strings.Contains(firstRow(screen), text)
	}
}

// firstRow is the first session row of a screen.
func firstRow(screen []string) string {
	for _, line := range screen {
		if sessionRow.MatchString(line) {
			return line
		}
	}
	return ""
}

// pickerWithStub starts the picker, width columns wide, over a fake home
// with a stub program of that name on PATH — a shell script that writes
// what command prints into record, renamed into place whole so a test
// never reads it half written — and selects the "Word counts"
// session (Claude Code's).
func pickerWithStub(t *testing.T, width int, name, command string) (h fakehome.Home, s *tmuxtest.Session, record string) {
	t.Helper()
	h = fakehome.New(t)
	stubDir := t.TempDir()
	record = filepath.Join(stubDir, "ran")
	stub := "#!/bin/sh\n" + command + " > " + record + ".part && mv " + record + ".part " + record + "\n"
	require.NoError(t, os.WriteFile(filepath.Join(stubDir, name), []byte(stub), 0o755))
	bin := gobuild.Program(t, ".")
	env := []string{"HOME=" + h.Dir, "XDG_CACHE_HOME=" + t.TempDir(), "CLAUDE_CONFIG_DIR=", "CODEX_HOME=", "DSH_HOME=", "NO_COLOR="}
	s = tmuxtest.Start(t, width, 30, env, "sh", "-c", `cd / && PATH="$1:$PATH" exec "$0" --theme dark`, bin, stubDir)
	s.WaitForText("All sessions")
	s.Type("/")
	s.TypeText("Word counts")
	s.WaitForText("filtered")
	s.Type("Enter")
	s.Settle()
	return h, s, record
}

// TestPickerResumeKey: r says what will run and asks; n runs nothing; y
// runs the agent (a stub claude on PATH) in the session's directory with
// its session id, and the picker comes back when it ends.
func TestPickerResumeKey(t *testing.T) {
	t.Parallel()
	h, s, record := pickerWithStub(t, 100, "claude", `echo "$(pwd) $*"`)

	s.Type("r")
	screen := strings.Join(s.WaitForText("? y/n"), "\n")
	assert.Contains(t, screen, "Run cd ~/src/tally && claude --resume 5b1e0c7a-3f2d-4c88-9a61-2d7e4f1b8c90 ? y/n")
	s.Type("n")
	s.WaitForText("not resumed")
	_, err := os.Stat(record)
	assert.True(t, os.IsNotExist(err), "n runs nothing")

	s.Type("r")
	s.WaitForText("? y/n")
	s.Type("y")
	s.WaitFor("the stub to run", func([]string) bool {
		_, err := os.Stat(record)
		return err == nil
	})
	s.WaitForText("claude ended")
	ran, err := os.ReadFile(record)
	require.NoError(t, err)
	assert.Equal(t, h.Project+" --resume 5b1e0c7a-3f2d-4c88-9a61-2d7e4f1b8c90\n", string(ran))
	s.Type("q")
	s.WaitForText("[exited 0]")
}

// TestPickerContinuesLiveOverACP: with Claude Code's ACP adapter on PATH
// (a stub that notes how it was started), r also offers to continue the
// session live in cardtui; l runs `cardtui acp --resume ID` with the
// adapter in the session's directory, and the picker comes back when it
// is quit.
func TestPickerContinuesLiveOverACP(t *testing.T) {
	t.Parallel()
	h, s, record := pickerWithStub(t, 180, "claude-agent-acp", "pwd")

	s.Type("r")
	screen := strings.Join(s.WaitForText("? y/n"), "\n")
	assert.Contains(t, screen, "l: live in cardtui acp --resume 5b1e0c7a-3f2d-4c88-9a61-2d7e4f1b8c90 -- claude-agent-acp")
	s.Type("l")
	s.WaitFor("the adapter to start", func([]string) bool {
		_, err := os.Stat(record)
		return err == nil
	})
	ran, err := os.ReadFile(record)
	require.NoError(t, err)
	assert.Equal(t, h.Project+"\n", string(ran), "the adapter runs in the session's directory")
	s.WaitForText("The agent exited") // the front-end reads its keys: ctrl+c no longer kills it
	s.Type("C-c")
	s.Type("C-c")
	s.WaitForText("cardtui ended")
	s.Type("q")
	s.WaitForText("[exited 0]")
}
