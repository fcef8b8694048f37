package testkit

import "testing"

// Long reports whether the long tests run: they do unless the tests run
// with -short, the everyday loop. Long tests are those that drive a
// program in tmux, build a program, run a real agent, generate a big
// input or time many runs.
func Long() bool { return !testing.Short() }

// SkipLong skips a long test in the everyday loop (-short), saying why
// it is long.
func SkipLong(t testing.TB, why string) {
	t.Helper()
	if !Long() {
		t.Skip("long (" + why + "): run without -short")
	}
}
