package main

import (
	"flag"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"testing"

	"github.com/cardtui/cardtui/internal/testkit/fakehome"
)

// waitersPerProcessor is how many parallel tests run at once per
// processor, unless -parallel says otherwise.
const waitersPerProcessor = 4

// TestMain runs the package's tests, and removes the fake home they
// share when they end. Its parallel tests mostly wait — on
// the command drawing in tmux, on an agent's pauses, on an idle renderer —
// so with -parallel at its default, one per processor, the waiting ones
// held the slots while the others queued behind them.
func TestMain(m *testing.M) {
	flag.Parse()
	given := false
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == "test.parallel" })
	if !given {
		if err := flag.Set("test.parallel", strconv.Itoa(waitersPerProcessor*runtime.GOMAXPROCS(0))); err != nil {
			panic(err)
		}
	}
	code := m.Run()
	if err := fakehome.RemoveShared(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		code = 1
	}
	os.Exit(code)
}
