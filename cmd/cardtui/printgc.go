package main

import (
	"math"
	"os"
	"runtime/debug"
)

// gcPace is how often the collector runs for one kind of work: its
// GOGC, and a soft memory limit past which it works as at Go's default.
type gcPace struct {
	percent int
	limit   int64
}

// Printing a session allocates mostly what it keeps (the transcript) or
// drops at once (each card's lines): with Go's default GOGC of 100 the
// collector runs through it again and again. Measured on a 100 MB harness
// session printed plain, a GOGC of 300 takes about a tenth of the CPU
// time off for twice the memory; a soft memory limit makes the collector
// work as before once the heap is large.
var printPace = gcPace{percent: 300, limit: 1 << 30}

// Indexing sessions (`cardtui sessions` and `search` on a cold cache)
// decodes every file and keeps little of it: a GOGC of 400 takes the
// cold index of 2,000 generated sessions (1.4 GB) from 11.7 s to 10.0 s
// on two quiet cores, its peak memory from 77 MB to 160 MB.
var indexPace = gcPace{percent: 400, limit: 512 << 20}

// collectLess sets the collector's pace, unless GOGC or GOMEMLIMIT say
// otherwise, and returns what restores it.
func collectLess(p gcPace) (restore func()) {
	if _, set := os.LookupEnv("GOGC"); set {
		return func() {}
	}
	percent := debug.SetGCPercent(p.percent)
	limit := debug.SetMemoryLimit(-1)
	if limit == math.MaxInt64 {
		debug.SetMemoryLimit(p.limit)
	}
	return func() {
		debug.SetGCPercent(percent)
		debug.SetMemoryLimit(limit)
	}
}

// collectFor paces the collector for what cfg prints: less often for a
// print (printPace), at Go's default pace for an export. An export's
// drawing allocates faster than a print's (syntax colours, HTML), and
// at collectLess's pace its peak memory is four times the transcript it
// holds: about 490 MB for a 100 MB Claude Code transcript, against 260 MB
// at the default pace for a fifth more CPU time.
func collectFor(cfg printConfig) (restore func()) {
	if cfg.share != nil || cfg.html {
		return func() {}
	}
	return collectLess(printPace)
}
