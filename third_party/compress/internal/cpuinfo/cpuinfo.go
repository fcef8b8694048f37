// Package cpuinfo gives runtime info about the current CPU.
//
// This is a very limited module meant for use internally
// in this project. For more versatile solution check
// https://github.com/klauspost/cpuid.
package cpuinfo

import "sync" // cardtui's patch: for detectOnce

// cardtui's patch: the CPU is asked on the first call of a function below,
// not by an init function: CPUID traps to the hypervisor in a virtual
// machine, tens of µs of every start of a program that links zstd,
// whether it decompresses anything or not.
var detectOnce sync.Once

// detected runs detect once (cardtui's patch).
func detected() { detectOnce.Do(detect) }

// HasBMI1 checks whether an x86 CPU supports the BMI1 extension.
func HasBMI1() bool {
	detected() // cardtui's patch
	return hasBMI1
}

// HasBMI2 checks whether an x86 CPU supports the BMI2 extension.
func HasBMI2() bool {
	detected() // cardtui's patch
	return hasBMI2
}

// DisableBMI2 will disable BMI2, for testing purposes.
// Call returned function to restore previous state.
func DisableBMI2() func() {
	detected() // cardtui's patch: before, so that a later call keeps it off
	old := hasBMI2
	hasBMI2 = false
	return func() {
		hasBMI2 = old
	}
}

// HasBMI checks whether an x86 CPU supports both BMI1 and BMI2 extensions.
func HasBMI() bool {
	return HasBMI1() && HasBMI2()
}

var hasBMI1 bool
var hasBMI2 bool
