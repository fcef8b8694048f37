package hostile_test

import (
	"os"
	"runtime/debug"
	"testing"
)

// testMemoryLimit is the soft memory limit of the package's tests, unless
// GOMEMLIMIT sets one: a big case holds hundreds of megabytes while it is
// drawn, and without a limit the heap doubles past what is live before
// the collector runs.
const testMemoryLimit = 512 << 20

func TestMain(m *testing.M) {
	if _, set := os.LookupEnv("GOMEMLIMIT"); !set {
		debug.SetMemoryLimit(testMemoryLimit)
	}
	m.Run()
}
