package acpclient

import (
	"bytes"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// A terminal's command may leave descendants that escape its process
// group: `setsid cmd &`, a double fork, a daemon. Its PID namespace
// holds them all (startContained); where the system allows none, this
// reaper is what is left, and it also runs when one is allowed. cardtui is a
// child subreaper (PR_SET_CHILD_SUBREAPER): a descendant whose parent
// dies becomes cardtui's child instead of init's. Every terminal's
// command gets a marker in its environment, which its descendants
// inherit; when the session closes, after the terminals' groups are
// killed, each child of cardtui that carries the session's marker is
// killed and reaped, and so are its own orphans after it, until none is
// left.

// subreaper makes the process a child subreaper, once.
var subreaper = sync.OnceValue(func() error {
	return unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
})

// adoptOrphans makes cardtui the subreaper of its descendants' orphans.
func adoptOrphans() { _ = subreaper() }

// reapRounds bounds the generations of orphans reapStrays kills; a
// round is one generation.
const reapRounds = 64

// reapStrays kills and reaps the children of this process whose
// environment holds marker, but for the processes spared, round after
// round (each kill orphans the next generation), for at most reapRounds
// rounds or a few seconds.
func reapStrays(marker string, spared map[int]bool) {
	deadline := time.Now().Add(3 * time.Second)
	for range reapRounds {
		strays := markedChildren(marker, spared)
		if len(strays) == 0 || time.Now().After(deadline) {
			return
		}
		for _, pid := range strays {
			_ = syscall.Kill(pid, syscall.SIGKILL)
		}
		for _, pid := range strays {
			var ws syscall.WaitStatus
			_, _ = syscall.Wait4(pid, &ws, 0, nil)
		}
	}
}

// markedChildren are the children of this process whose environment
// holds marker, but for the processes spared.
func markedChildren(marker string, spared map[int]bool) []int {
	self := os.Getpid()
	var out []int
	for pid, st := range processes {
		if st.ppid != self || spared[pid] {
			continue
		}
		env, err := os.ReadFile(fmt.Sprintf("/proc/%d/environ", pid))
		if err == nil && bytes.Contains(append([]byte{0}, env...), []byte("\x00"+marker+"\x00")) {
			out = append(out, pid)
		}
	}
	return out
}

// processes yields each process of the system with what /proc/PID/stat
// says of it; none when /proc does not read.
func processes(yield func(int, procStat) bool) {
	dirs, _ := os.ReadDir("/proc")
	for _, d := range dirs {
		pid, err := strconv.Atoi(d.Name())
		if err != nil {
			continue
		}
		if st, ok := statOf(pid); ok && !yield(pid, st) {
			return
		}
	}
}

// procStat is what /proc/PID/stat says of a process that the reaper
// reads: its state ('Z' for a zombie), its parent and its process group.
type procStat struct {
	state      byte
	ppid, pgrp int
}

// statOf reads /proc/PID/stat; false when the process is gone or the
// file does not read.
func statOf(pid int) (procStat, bool) {
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return procStat{}, false
	}
	i := strings.LastIndex(string(stat), ") ") // the name may hold anything, ")" too
	if i < 0 {
		return procStat{}, false
	}
	fields := strings.Fields(string(stat)[i+2:])
	if len(fields) < 3 || len(fields[0]) != 1 {
		return procStat{}, false
	}
	ppid, errP := strconv.Atoi(fields[1])
	pgrp, errG := strconv.Atoi(fields[2])
	if errP != nil || errG != nil {
		return procStat{}, false
	}
	return procStat{state: fields[0][0], ppid: ppid, pgrp: pgrp}, true
}

// reapAdopted reaps the dead processes of the group that leader leads
// which cardtui adopted as their subreaper: an agent's child that died
// after the agent. Dead and unreaped, each would keep the group alive
// for kill(2). The leader is left to the Wait of its own exec.Cmd.
func reapAdopted(leader int) {
	self := os.Getpid()
	for pid, st := range processes {
		if pid != leader && st.state == 'Z' && st.ppid == self && st.pgrp == leader {
			var ws syscall.WaitStatus
			_, _ = syscall.Wait4(pid, &ws, syscall.WNOHANG, nil)
		}
	}
}
