package main

import (
	"math"
	"os"
	"runtime/debug"
)

// Printing a session allocates mostly what it keeps (the transcript) or
// drops at once (each card's lines): with Go's default GOGC of 100 the
// collector runs through it again and again. Measured on a 100 MB harness
// session printed plain, a GOGC of 300 takes about a tenth of the CPU
// time off for twice the memory; a soft memory limit makes the collector
// work as before once the heap is large.
const (
	printGCPercent   = 300
	printMemoryLimit = 1 << 30
)

// collectLess sets the collector's pace for printing, unless GOGC or
// GOMEMLIMIT say otherwise, and returns what restores it.
func collectLess() (restore func()) {
	if _, set := os.LookupEnv("GOGC"); set {
		return func() {}
	}
	percent := debug.SetGCPercent(printGCPercent)
	limit := debug.SetMemoryLimit(-1)
	if limit == math.MaxInt64 {
		debug.SetMemoryLimit(printMemoryLimit)
	}
	return func() {
		debug.SetGCPercent(percent)
		debug.SetMemoryLimit(limit)
	}
}

// collectFor paces the collector for what cfg prints: less often for a
// print (collectLess), at Go's default pace for an export. An export's
// drawing allocates faster than a print's (syntax colours, HTML), and
// at collectLess's pace its peak memory is four times the transcript it
// holds: about 490 MB for a 100 MB Claude Code transcript, against 260 MB
// at the default pace for a fifth more CPU time.
func collectFor(cfg printConfig) (restore func()) {
	if cfg.share != nil || cfg.html {
		return func() {}
	}
	return collectLess()
}
