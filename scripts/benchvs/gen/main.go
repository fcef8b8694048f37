// Command gen writes the inputs that scripts/bench-vs measures cardtui and
// its anchors on (see internal/testkit/benchinput): a one-line session, diff
// sessions (with the two files beside them, for git diff and delta), a
// long Markdown message and a Claude Code transcript of about 2 MB.
package main

import (
	"flag"
	"log"
	"os"
	"path/filepath"

	"github.com/cardtui/cardtui/internal/testkit/benchinput"
)

func main() {
	out := flag.String("out", "", "directory to write the inputs to")
	claudeSample := flag.String("claude", "testdata/sessions/claude-tools.jsonl", "Claude Code transcript to grow to 2 MB")
	editOld := flag.String("edit-old", "", "the before-image of a real edit (optional)")
	editNew := flag.String("edit-new", "", "the after-image of a real edit (optional)")
	flag.Parse()
	if *out == "" {
		log.Fatal("gen: -out DIR is required")
	}
	check(os.MkdirAll(*out, 0o755))
	files := benchinput.Files(read(*claudeSample), string(readIf(*editOld)), string(readIf(*editNew)))
	for name, data := range files {
		check(os.WriteFile(filepath.Join(*out, name), data, 0o644))
	}
}

// readIf reads path, nothing when it is "".
func readIf(path string) []byte {
	if path == "" {
		return nil
	}
	return read(path)
}

func read(path string) []byte {
	data, err := os.ReadFile(path)
	check(err)
	return data
}

func check(err error) {
	if err != nil {
		log.Fatal("gen: ", err)
	}
}
