package main

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/colorprofile"
	"github.com/stretchr/testify/assert"
)

func TestVersion(t *testing.T) {
	for _, arg := range []string{"--version", "version"} {
		r := runWith("", arg)
		assert.Equal(t, exitOK, r.code)
		assert.True(t, strings.HasPrefix(r.stdout, "cardtui "), r.stdout)
		assert.Contains(t, r.stdout, "built with go", "the toolchain, from debug.ReadBuildInfo")
		assert.Empty(t, r.stderr)
	}
}

func TestAFileNeedsNoSubcommand(t *testing.T) {
	path := writeSession(t, "s.jsonl", badMiddle)
	withReplay := runWith("", "replay", "--format", "plain", path)
	alone := runWith("", path, "--format", "plain")
	assert.Equal(t, withReplay, alone)
	assert.Contains(t, alone.stdout, "first line renders")
}

// TestTheProfileOfStdoutIsFoundOnce: the profile of this process's
// stdout in its own environment is the one lipgloss found before main
// (no second `tmux info`), and is what detecting it again finds; another
// environment is detected anew.
func TestTheProfileOfStdoutIsFoundOnce(t *testing.T) {
	env := os.Environ()
	assert.Equal(t, colorprofile.Detect(os.Stdout, env), detectProfile(os.Stdout, env))
	forced := append(slices.Clip(env), "CLICOLOR_FORCE=1", "TERM=xterm-256color", "NO_COLOR=")
	assert.Equal(t, colorprofile.Detect(os.Stdout, forced), detectProfile(os.Stdout, forced))
	assert.NotEqual(t, colorprofile.NoTTY, detectProfile(os.Stdout, forced), "CLICOLOR_FORCE gives colours")
}

func TestAnExplicitAnsiFormatKeepsItsColours(t *testing.T) {
	piped := new(strings.Builder) // not a terminal
	env := []string{"TERM=xterm-256color"}
	assert.Equal(t, colorprofile.NoTTY, colorProfile("auto", false, piped, env), "piped, no format asked: no escapes")
	assert.Equal(t, colorprofile.ANSI256, colorProfile("auto", true, piped, env), "--format ansi asks for them")
	assert.Equal(t, colorprofile.ANSI, colorProfile("auto", true, piped, nil), "at least the 16 colours without TERM")
	assert.Equal(t, colorprofile.Ascii, colorProfile("auto", true, piped, append(env, "NO_COLOR=1")), "NO_COLOR: attributes, no colours")
	assert.Equal(t, colorprofile.NoTTY, colorProfile("never", true, piped, env), "--color never wins")
	assert.Equal(t, colorprofile.TrueColor, colorProfile("always", false, piped, env))

	t.Setenv("NO_COLOR", "")
	t.Setenv("TERM", "xterm-256color")
	path := writeSession(t, "s.jsonl", badMiddle)
	r := runWith("", "replay", "--format", "ansi", path)
	assert.Contains(t, r.stdout, "\x1b[", "runWith's stdout is not a terminal")
	r = runWith("", "replay", "--format", "ansi", "--color", "never", path)
	assert.NotContains(t, r.stdout, "\x1b[")
}
