package acpclient

import "syscall"

// dieWithParent has the child sent SIGKILL when cardtui's thread that
// started it exits, so that a cardtui killed outright leaves no agent or
// terminal command behind.
func dieWithParent(attr *syscall.SysProcAttr) { attr.Pdeathsig = syscall.SIGKILL }
