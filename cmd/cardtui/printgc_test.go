package main

import (
	"math"
	"os"
	"runtime/debug"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestCollectLess: printing (and indexing) paces the collector for itself, with a soft
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
	restore := collectLess(printPace)
	assert.Equal(t, printPace.percent, debug.SetGCPercent(printPace.percent))
	assert.EqualValues(t, printPace.limit, debug.SetMemoryLimit(-1))
	restore()
	assert.Equal(t, 100, debug.SetGCPercent(100))
	assert.EqualValues(t, math.MaxInt64, debug.SetMemoryLimit(-1))

	t.Setenv("GOGC", "100")
	collectLess(indexPace)()
	assert.Equal(t, 100, debug.SetGCPercent(100), "GOGC set: nothing changes")
}

// TestExportsCollectAtTheDefaultPace: a print collects less often, an
// export (or a page printed by replay) at Go's default pace, for its
// peak memory.
func TestExportsCollectAtTheDefaultPace(t *testing.T) {
	if _, set := os.LookupEnv("GOGC"); set {
		t.Skip("GOGC is set for the tests")
	}
	before := debug.SetGCPercent(100)
	defer debug.SetGCPercent(before)
	for _, c := range []struct {
		cfg  printConfig
		want int
	}{
		{printConfig{}, printPace.percent},
		{printConfig{markdown: true}, printPace.percent},
		{printConfig{html: true}, 100},
		{printConfig{markdown: true, share: &shareOptions{}}, 100},
	} {
		restore := collectFor(c.cfg)
		assert.Equal(t, c.want, debug.SetGCPercent(c.want), "%+v", c.cfg)
		restore()
	}
}
