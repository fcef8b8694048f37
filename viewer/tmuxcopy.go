package viewer

import (
	"bytes"
	"errors"
	"fmt"
	"os/exec"
	"strings"

	tea "charm.land/bubbletea/v2"
)

// tmuxRunner runs a tmux command on the server the viewer runs in, with
// stdin as its input, and returns what it printed.
type tmuxRunner func(stdin string, args ...string) (string, error)

// newTmuxRunner runs the tmux client on the server of TMUX value env
// ("socket,pid,session"); nil outside tmux.
func newTmuxRunner(env string) tmuxRunner {
	socket, _, _ := strings.Cut(env, ",")
	if socket == "" {
		return nil
	}
	return func(stdin string, args ...string) (string, error) {
		cmd := exec.Command("tmux", append([]string{"-S", socket}, args...)...)
		cmd.Stdin = strings.NewReader(stdin)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			if msg := strings.TrimSpace(stderr.String()); msg != "" {
				err = errors.New(msg)
			}
			return "", fmt.Errorf("tmux %s: %w", args[0], err)
		}
		return string(out), nil
	}
}

// tmuxOSC52Msg says tmux takes OSC 52 writes (its set-clipboard option is
// on): text is written as one, which tmux keeps in its buffer and passes
// on to the terminal it runs in.
type tmuxOSC52Msg struct{ text string }

// copyInTmux is the command that copies text inside tmux: with OSC 52
// when tmux takes it (set-clipboard on), else into tmux's buffer with
// load-buffer -w, which also hands it to the outer terminal's clipboard
// when tmux may (set-clipboard external). tmux answers no XTGETTCAP
// query for Ms, so the viewer asks tmux itself. It runs off the UI loop.
func copyInTmux(run tmuxRunner, text string) tea.Cmd {
	return func() tea.Msg {
		if out, err := run("", "show-options", "-sv", "set-clipboard"); err == nil && strings.TrimSpace(out) == "on" {
			return tmuxOSC52Msg{text: text}
		}
		if _, err := run(text, "load-buffer", "-w", "-"); err != nil {
			return noteMsg("copy failed: " + err.Error())
		}
		return noteMsg("copied " + lineCount(text) + " to tmux's buffer")
	}
}

// lineCount is how many lines text has, in words.
func lineCount(text string) string {
	return plural(strings.Count(text, "\n"), "line", "lines")
}
