package acpclient

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"syscall"
)

// A terminal's command starts as the first process (init) of a PID
// namespace of its own, with SIGKILL as its parent-death signal. When a
// namespace's init dies, the kernel kills every process left in it,
// whatever its process group, session or environment: so the command's
// whole tree ends when the command ends, when its group is killed, and
// when cardtui dies, even killed outright. As root the namespace needs
// CLONE_NEWPID alone; otherwise a user namespace that maps only cardtui's
// own user and group comes with it. Where neither is allowed, the
// command starts without, and the marker reaper is what is left.

// errNoNamespaces is why a command is not contained when no namespace
// was tried.
var errNoNamespaces = errors.New("no PID namespace tried")

// containers are the clone flags tried in turn, most direct first (a
// variable for the tests of the fallback).
var containers = namespaceFlags

// namespaceFlags are the clone flags that may make a PID namespace here.
func namespaceFlags() []uintptr {
	userPID := uintptr(syscall.CLONE_NEWUSER | syscall.CLONE_NEWPID)
	if os.Geteuid() == 0 {
		return []uintptr{syscall.CLONE_NEWPID, userPID}
	}
	return []uintptr{userPID}
}

// startContained starts the command newCmd makes in a PID namespace of
// its own, or, where the system refuses every namespace, without one:
// then uncontained says why.
func startContained(newCmd func() *exec.Cmd) (cmd *exec.Cmd, uncontained, err error) {
	var refused []error
	for _, flags := range containers() {
		cmd = newCmd()
		contain(cmd.SysProcAttr, flags)
		err = cmd.Start()
		if err == nil {
			return cmd, nil, nil
		}
		if !namespaceRefused(err) {
			return nil, nil, err
		}
		refused = append(refused, fmt.Errorf("%s: %w", cloneName(flags), err))
	}
	if len(refused) == 0 {
		refused = append(refused, errNoNamespaces)
	}
	cmd = newCmd()
	return cmd, errors.Join(refused...), cmd.Start()
}

// contain asks for the namespaces in flags.
func contain(attr *syscall.SysProcAttr, flags uintptr) {
	attr.Cloneflags = flags
	if flags&syscall.CLONE_NEWUSER != 0 {
		attr.UidMappings = []syscall.SysProcIDMap{{ContainerID: os.Geteuid(), HostID: os.Geteuid(), Size: 1}}
		attr.GidMappings = []syscall.SysProcIDMap{{ContainerID: os.Getegid(), HostID: os.Getegid(), Size: 1}}
		attr.GidMappingsEnableSetgroups = false
	}
}

// namespaceRefused reports whether err is the system refusing a
// namespace (not allowed, not built in, too many), rather than the
// command failing to start.
func namespaceRefused(err error) bool {
	for _, errno := range []syscall.Errno{syscall.EPERM, syscall.EINVAL, syscall.ENOSPC, syscall.EUSERS, syscall.ENOSYS, syscall.EACCES} {
		if errors.Is(err, errno) {
			return true
		}
	}
	return false
}

// cloneName names clone flags for a notice.
func cloneName(flags uintptr) string {
	if flags&syscall.CLONE_NEWUSER != 0 {
		return "CLONE_NEWUSER|CLONE_NEWPID"
	}
	return "CLONE_NEWPID"
}
