package hostile_test

import (
	"os"
	"runtime/debug"
	"testing"
)

// testMemoryLimit is the soft memory limit of the package's tests, unless
// GOMEMLIMIT sets one: a big case holds hundreds of megabytes while it is
// drawn, and without a limit the heap doubles past what is live before
// the collector runs. The biggest, diff-swap, holds over 600 MB while its
// page is parsed: under a lower limit the collector ran without pause
// (13 s of CPU against 8 s at this one) for a peak only 30 MB lower.
const testMemoryLimit = 768 << 20

func TestMain(m *testing.M) {
	if _, set := os.LookupEnv("GOMEMLIMIT"); !set {
		debug.SetMemoryLimit(testMemoryLimit)
	}
	m.Run()
}
