//go:build amd64 && !noasm && gc

package cpuinfo

// go:noescape
func x86extensions() (bmi1, bmi2 bool)

// detect asks the CPU; cardtui's patch: called by detected, it was init.
func detect() {
	hasBMI1, hasBMI2 = x86extensions()
}
