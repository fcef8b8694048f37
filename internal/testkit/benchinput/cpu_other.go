//go:build !unix

package benchinput

// ProcessCPU is 0 where getrusage does not exist (Windows): benchmarks
// then report wall time alone.
func ProcessCPU() float64 { return 0 }
