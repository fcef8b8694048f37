//go:build unix

package regularfile

import (
	"os"
	"syscall"
)

// openNonblocking is the open flag that keeps a FIFO with no writer from
// blocking the open.
const openNonblocking = syscall.O_NONBLOCK

// setBlocking clears O_NONBLOCK: a regular file never blocks anyway, but
// the runtime's poller treats a non-blocking descriptor differently.
func setBlocking(f *os.File) error {
	raw, err := f.SyscallConn()
	if err != nil {
		return err
	}
	var serr error
	if err := raw.Control(func(fd uintptr) { serr = syscall.SetNonblock(int(fd), false) }); err != nil {
		return err
	}
	return serr
}
