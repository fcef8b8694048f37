package main

import (
	"math"
	"os"
	"runtime/debug"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestCollectLess: printing paces the collector for itself, with a soft
// memory limit, and puts back what was set; GOGC in the environment
// wins.
func TestCollectLess(t *testing.T) {
	for _, name := range []string{"GOGC", "GOMEMLIMIT"} {
		if _, set := os.LookupEnv(name); set {
			t.Skipf("%s is set for the tests", name)
		}
	}
	before := debug.SetGCPercent(100)
	defer debug.SetGCPercent(before)
	restore := collectLess()
	assert.Equal(t, printGCPercent, debug.SetGCPercent(printGCPercent))
	assert.EqualValues(t, printMemoryLimit, debug.SetMemoryLimit(-1))
	restore()
	assert.Equal(t, 100, debug.SetGCPercent(100))
	assert.EqualValues(t, math.MaxInt64, debug.SetMemoryLimit(-1))

	t.Setenv("GOGC", "100")
	collectLess()()
	assert.Equal(t, 100, debug.SetGCPercent(100), "GOGC set: nothing changes")
}
