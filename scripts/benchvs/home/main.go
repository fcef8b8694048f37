// Command home writes a user's home of generated sessions (see
// benchinput.Home), cloned from the Claude Code and Codex sessions
// recorded in the repository: the history the listing, the picker and
// the search are measured on.
package main

import (
	"flag"
	"fmt"
	"log"
	"time"

	"github.com/cardtui/cardtui/internal/testkit/benchinput"
)

func main() {
	out := flag.String("out", "", "directory to write the home to")
	n := flag.Int("n", 2000, "number of sessions")
	size := flag.Int("size", 650<<10, "average size of a session in bytes")
	repo := flag.String("repo", ".", "the repository's root, where the recorded sessions are")
	flag.Parse()
	if *out == "" {
		log.Fatal("home: -out DIR is required")
	}
	samples, err := benchinput.HomeSamples(*repo)
	if err != nil {
		log.Fatal("home: ", err)
	}
	newest := time.Date(2026, 12, 4, 20, 0, 0, 0, time.UTC)
	total, err := benchinput.Home(*out, *n, *size, samples, newest)
	if err != nil {
		log.Fatal("home: ", err)
	}
	fmt.Printf("%d sessions, %d MB in %s\n", *n, total>>20, *out)
}
