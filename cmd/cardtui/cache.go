package main

import (
	"fmt"
	"io"

	"github.com/cardtui/cardtui/cmd/cardtui/internal/listing"
	"github.com/cardtui/cardtui/sessions"
)

// runCache is `cardtui sessions --cache` (where the cache is, each of its
// files and their sizes) and `--clear-cache` (which removes them).
func runCache(dir string, clear bool, stdout, stderr io.Writer) int {
	if dir == "" {
		printLine(stderr, "cardtui: no user cache directory: nothing is kept")
		return exitProblems
	}
	if clear {
		if err := sessions.ClearCache(dir); err != nil {
			printLine(stderr, "cardtui: %v", err)
			return exitProblems
		}
		fmt.Fprintf(stdout, "removed the cache in %s\n", dir)
		return exitOK
	}
	files, err := sessions.CacheFiles(dir)
	if err != nil {
		printLine(stderr, "cardtui: %v", err)
		return exitProblems
	}
	fmt.Fprintf(stdout, "cache: %s\n", dir)
	var total int64
	for _, f := range files {
		name := f.Name
		if f.Legacy {
			name += " (from an older cardtui)"
		}
		fmt.Fprintf(stdout, "  %-40s %s\n", name, listing.Size(f.Size))
		total += f.Size
	}
	fmt.Fprintf(stdout, "  total %s\n", listing.Size(total))
	return exitOK
}
