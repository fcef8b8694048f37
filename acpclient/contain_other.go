//go:build !linux

package acpclient

import (
	"errors"
	"os/exec"
)

// errNoNamespaces is why a terminal's command is not contained where
// there are no PID namespaces.
var errNoNamespaces = errors.New("no PID namespaces on this system")

// startContained starts the command newCmd makes as it is: only Linux
// has PID namespaces.
func startContained(newCmd func() *exec.Cmd) (cmd *exec.Cmd, uncontained, err error) {
	cmd = newCmd()
	return cmd, errNoNamespaces, cmd.Start()
}
