package acpclient

import (
	"fmt"
	"os"
	"strings"
	"syscall"
)

// processAlive reports whether process pid exists and is not a zombie
// (Linux: it reads /proc/PID/stat).
func processAlive(pid int) bool {
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	_, rest, _ := strings.Cut(string(stat), ") ")
	return !strings.HasPrefix(rest, "Z")
}

// mkfifo makes a FIFO.
func mkfifo(path string) error { return syscall.Mkfifo(path, 0o644) }
