//go:build unix

// Command peakrss runs a command and writes, as the last line of its
// standard error, the peak resident memory (KiB) and the CPU time (user
// and system, seconds) the command used: "peakrss KIB SECONDS". Tests
// and benchmarks measure the built command through it because Linux
// counts, in the peak of a child started by a large process, that
// process's own peak (the test binary's, not the command's); started
// from this small one, the command's peak is its own.
package main

import (
	"fmt"
	"os"
	"os/exec"
	"syscall"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: peakrss COMMAND [ARG...]")
		os.Exit(2)
	}
	cmd := exec.Command(os.Args[1], os.Args[2:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	err := cmd.Run()
	if cmd.ProcessState == nil {
		fmt.Fprintln(os.Stderr, "peakrss:", err)
		os.Exit(2)
	}
	ru, _ := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	var peak int64
	if ru != nil {
		peak = int64(ru.Maxrss) // KiB on Linux
	}
	cpu := cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	fmt.Fprintf(os.Stderr, "peakrss %d %.3f\n", peak, cpu.Seconds())
	os.Exit(cmd.ProcessState.ExitCode())
}
