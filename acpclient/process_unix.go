//go:build unix

package acpclient

import (
	"os/exec"
	"syscall"

	"golang.org/x/sys/unix"
)

// inOwnGroup makes cmd the leader of a process group of its own, so that
// killGroup ends it and everything it started; where the system can, it
// also ends when cardtui does, however cardtui ends.
func inOwnGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	dieWithParent(cmd.SysProcAttr)
}

// killGroup sends sig to the process group that pid leads.
func killGroup(pid int, sig syscall.Signal) {
	_ = syscall.Kill(-pid, sig)
}

// signalName names a signal as the protocol wants it: "SIGKILL".
func signalName(sig syscall.Signal) string {
	if name := unix.SignalName(sig); name != "" {
		return name
	}
	return sig.String()
}

// groupAlive reports whether the process group that pid leads still has
// a process. The dead ones cardtui adopted are reaped first: a zombie
// answers kill(2) as if alive, and an agent's child that died after the
// agent held Close for the whole stopGrace.
func groupAlive(pid int) bool {
	reapAdopted(pid)
	return syscall.Kill(-pid, 0) == nil
}

// openNonblock opens a file without waiting: a FIFO opened for reading
// would wait for a writer.
const openNonblock = syscall.O_NONBLOCK
