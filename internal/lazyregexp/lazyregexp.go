// Package lazyregexp compiles a package-level regular expression on its
// first use instead of at package initialisation, which runs at every
// start of cardtui whatever the command does.
package lazyregexp

import (
	"regexp"
	"sync"
)

// New returns a function that compiles expr on its first call (panicking,
// as regexp.MustCompile does, if it is not valid) and returns the same
// *regexp.Regexp on every call.
func New(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}
