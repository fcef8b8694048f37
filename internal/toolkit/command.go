package toolkit

import (
	"strings"

	"github.com/cardtui/cardtui/cards"
)

// Exited is the terminal result of a command that exited with code after
// printing output: the card shows the exit badge.
func Exited(output string, code int) cards.TerminalResult {
	return cards.TerminalResult{Output: output, ExitCode: &code}
}

// AllDigits reports whether s is only ASCII digits (true for ""), as an
// exit code or a count in a tool's output is written.
func AllDigits(s string) bool {
	for i := range len(s) {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// JoinStreams is a command's stdout followed by its stderr in red (see
// Red), as the Claude Code and Codex families show a command's output.
func JoinStreams(stdout, stderr string) string {
	switch {
	case stderr == "":
		return stdout
	case stdout == "":
		return Red(stderr)
	case strings.HasSuffix(stdout, "\n"):
		return stdout + Red(stderr)
	}
	return stdout + "\n" + Red(stderr)
}

// Red colours every non-empty line of s red with SGR sequences, which the
// terminal card keeps (and every other form strips).
func Red(s string) string {
	lines := strings.Split(s, "\n")
	for i, line := range lines {
		if line != "" {
			lines[i] = "\x1b[31m" + line + "\x1b[39m"
		}
	}
	return strings.Join(lines, "\n")
}
