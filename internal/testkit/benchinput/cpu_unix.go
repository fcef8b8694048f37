//go:build unix

package benchinput

import (
	"syscall"
	"time"
)

// ProcessCPU is the CPU time the process has used so far, user and
// system, in seconds; 0 when the system does not say.
func ProcessCPU() float64 {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano()).Seconds()
}
