package css

import (
	"regexp"
	"sync"
)

// lazyRegexp returns a function that compiles expr on its first call and
// returns the same *regexp.Regexp on every call (cardtui's patch: the
// package's regular expressions were compiled at package initialisation,
// about a millisecond of every start of a program that links it).
func lazyRegexp(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}
