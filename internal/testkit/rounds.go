package testkit

// Rounds is how many random rounds a property test runs: full when the
// long tests run, short in the everyday loop (-short). Its fixed cases run
// in both; the random ones are drawn from the same seed, so the short
// loop runs the first short rounds of the full test.
func Rounds(full, short int) int {
	if Long() {
		return full
	}
	return short
}
