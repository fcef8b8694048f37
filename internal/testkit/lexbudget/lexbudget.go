// Package lexbudget lifts the wall-clock budget of a diff's syntax
// colours for the tests that check what a large diff looks like
// coloured, so that they do not depend on how loaded the machine is.
package lexbudget

import (
	"testing"
	"time"

	"github.com/cardtui/cardtui/render/syntax"
)

// Lift lets a diff's lexing take as long as it needs until the test
// ends. Tests that lift it must not run in parallel with other tests of
// their package, which would see the lifted budget too.
func Lift(t testing.TB) {
	scaled := syntax.ScaledDeadline
	t.Cleanup(func() { syntax.ScaledDeadline = scaled })
	syntax.ScaledDeadline = func(int) time.Time { return time.Now().Add(time.Hour) }
}
