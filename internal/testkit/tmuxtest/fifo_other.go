//go:build !unix

package tmuxtest

import "errors"

// mkfifo fails: tmux, and the FIFO it writes a session's output into, are
// Unix's.
func mkfifo(string) error { return errors.New("tmuxtest: no FIFO on this system") }
