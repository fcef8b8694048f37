//go:build !unix

package acpclient

import (
	"os"
	"os/exec"
	"syscall"
)

// inOwnGroup does nothing where there are no process groups.
func inOwnGroup(*exec.Cmd) {}

// killGroup kills the process pid itself where there are no process
// groups.
func killGroup(pid int, _ syscall.Signal) {
	if p, err := os.FindProcess(pid); err == nil {
		_ = p.Kill()
	}
}

// signalName names a signal.
func signalName(sig syscall.Signal) string { return sig.String() }

// groupAlive reports whether the process pid is still there.
func groupAlive(pid int) bool {
	p, err := os.FindProcess(pid)
	return err == nil && p.Signal(syscall.Signal(0)) == nil
}

// openNonblock opens a file without waiting: a FIFO opened for reading
// would wait for a writer.
const openNonblock = 0
