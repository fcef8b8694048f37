package cards_test

import (
	"fmt"

	"github.com/cardtui/cardtui/cards"
)

// A harness builds one card per tool call and sends it again, by the
// call's id, each time it changes: a command whose output streams in is
// running until a result without Running says it ended; a diff call ends
// with a DiffResult (an empty one when the tool applied the change as
// proposed). render draws a card (its ExampleEntry); the viewer shows
// them.
func ExampleToolCard() {
	run := cards.ToolCard{ID: "call_1", Tool: "bash", Call: cards.TerminalCall{Title: "go test ./..."}}
	fmt.Println("started:", run.State())
	run.Result = cards.TerminalResult{Output: "=== RUN   TestTotal\n", Running: true}
	fmt.Println("output so far:", run.State())
	run.Result = cards.TerminalResult{Output: "=== RUN   TestTotal\n--- FAIL: TestTotal\n", ExitCode: cards.Exit(1)}
	fmt.Println("exited:", run.State())

	edit := cards.ToolCard{ID: "call_2", Tool: "edit", Call: cards.NewDiff("Edit count.go", cards.Edit("count.go", "return n\n", "return n + 1\n"))}
	fmt.Println("proposed:", edit.State())
	edit.Result = cards.DiffResult{}
	fmt.Println("applied:", edit.State())
	// Output:
	// started: running
	// output so far: running
	// exited: failed
	// proposed: running
	// applied: done
}
