package render_test

import (
	"github.com/cardtui/cardtui/cards"
)

// The samples of the card states other than done: each failure, refusal
// and interruption on the cards it changes most.
func init() {
	samples = append(samples, stateSamples...)
}

var stateSamples = []sample{
	{"state-failed-generic", cards.ToolCard{
		ID: "f1", Tool: "lsp", Outcome: cards.OutcomeFailed,
		Call:   cards.GenericCall{Title: "Find references to Render", Kind: cards.KindSearch},
		Result: cards.GenericResult{Content: text("Error: the language server is not running")},
	}},
	{"state-rejected-edit", cards.ToolCard{
		ID: "f2", Tool: "Edit", Outcome: cards.OutcomeRejected,
		Call: cards.DiffCall{Title: "Edit main.go", Diffs: []cards.FileDiff{
			{Path: "main.go", OldText: strPtr("\tfmt.Println(\"hello\")\n"), NewText: "\tfmt.Println(\"hello, world\")\n"},
		}},
		Result: cards.GenericResult{Title: "Rejected", Content: text("The user doesn't want to proceed with this tool use.")},
	}},
	{"state-failed-write", cards.ToolCard{
		ID: "f3", Tool: "Write", Outcome: cards.OutcomeFailed,
		Call: cards.DiffCall{Title: "Write notes.txt", Diffs: []cards.FileDiff{
			{Path: "notes.txt", NewText: "first line\nsecond line\n"},
		}},
		Result: cards.GenericResult{Title: "Error", Content: text("File has not been read yet. Read it first before writing to it.")},
	}},
	{"state-denied-terminal", cards.ToolCard{
		ID: "f4", Tool: "bash", Outcome: cards.OutcomeDenied,
		Call:   cards.TerminalCall{Title: "rm -rf build", Description: "Remove the build folder"},
		Result: cards.GenericResult{Content: text("Error: bash is disabled by policy in this session")},
	}},
	{"state-rejected-terminal", cards.ToolCard{
		ID: "f5", Tool: "Bash", Outcome: cards.OutcomeRejected,
		Call:   cards.TerminalCall{Title: "git push --force"},
		Result: cards.TerminalResult{Title: "rejected", Output: "The user doesn't want to proceed with this tool use."},
	}},
	{"state-interrupted-pending", cards.ToolCard{
		ID: "f6", Tool: "shell", Outcome: cards.OutcomeInterrupted,
		Call: cards.TerminalCall{Title: "go test -bench . ./..."},
	}},
	{"state-failed-exit0", cards.ToolCard{
		ID: "f7", Tool: "bash", Outcome: cards.OutcomeFailed,
		Call:   cards.TerminalCall{Title: "make lint"},
		Result: cards.TerminalResult{Output: "lint: 3 problems", ExitCode: intPtr(0)},
	}},
}
