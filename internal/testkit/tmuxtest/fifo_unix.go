//go:build unix

package tmuxtest

import "syscall"

// mkfifo makes the FIFO at path that a session's output is copied into.
func mkfifo(path string) error { return syscall.Mkfifo(path, 0o600) }
