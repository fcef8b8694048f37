// Command fakemodel runs the scripted model server on a loopback
// address until it is interrupted:
//
//	fakemodel -scenario FILE [-addr 127.0.0.1:0] [-ready-file F] [-log F]
//
// When it listens, it writes its address (host:port) to the ready file.
// What it does is fakemodel.Main, tested in its package.
package main

import (
	"fmt"
	"os"

	"github.com/cardtui/cardtui/internal/testkit/fakemodel"
)

func main() {
	if err := fakemodel.Main(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "fakemodel:", err)
		os.Exit(1)
	}
}
