package main

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/cardtui/cardtui/internal/testkit/gobuild"
	"github.com/cardtui/cardtui/internal/testkit/tmuxtest"
)

// TestCopyInTmuxReachesTmuxBuffer presses y in the viewer running in tmux,
// with tmux's set-clipboard option off (load-buffer) and on (OSC 52, which
// tmux keeps): either way the focused card is in tmux's paste buffer.
// The two run one after the other, as each sets the option on the test
// binary's tmux server; no other test copies.
func TestCopyInTmuxReachesTmuxBuffer(t *testing.T) {
	t.Parallel()
	bin := gobuild.Program(t, ".")
	for _, option := range []string{"off", "on"} {
		t.Run(option, func(t *testing.T) {
			s := tmuxtest.Start(t, 100, 30, nil, bin, "replay", "--theme", "dark", "../../testdata/sessions/verbatim-text.jsonl")
			s.SetServerOption("set-clipboard", option)
			s.WaitForText("card 1/")
			s.SetBuffer("before the copy")
			s.Type("y")
			want := map[string]string{"off": "to tmux's buffer", "on": "to the clipboard through tmux"}[option]
			s.WaitForText(want)
			assert.Contains(t, s.Buffer(), "Why does this print the wrong total?", "the focused card, the first prompt")
			s.Type("q")
		})
	}
}
