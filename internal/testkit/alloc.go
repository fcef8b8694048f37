package testkit

import "runtime"

// Allocated is the bytes f allocates, on average over runs calls: what a
// test bounds when the memory a piece of work takes must not grow with
// its input.
func Allocated(runs int, f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for range runs {
		f()
	}
	runtime.ReadMemStats(&after)
	return (after.TotalAlloc - before.TotalAlloc) / uint64(runs)
}
