//go:build unix && !linux

package acpclient

import "syscall"

// dieWithParent does nothing where the system has no parent-death signal:
// the child sees its stdin close.
func dieWithParent(*syscall.SysProcAttr) {}
