package render_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/diffinput"
)

// sample is one entry pinned by golden files.
type sample struct {
	name  string
	entry cards.Entry
}

func intPtr(n int) *int                  { return &n }
func strPtr(s string) *string            { return &s }
func text(s string) []cards.ContentBlock { return []cards.ContentBlock{cards.TextBlock{Text: s}} }

// md is content of one Markdown block.
func md(s string) []cards.ContentBlock {
	return []cards.ContentBlock{cards.TextBlock{Text: s, Markdown: true}}
}

// numbered returns n lines "prefix 1" .. "prefix n".
func numbered(prefix string, n int) string {
	lines := make([]string, n)
	for i := range lines {
		lines[i] = fmt.Sprintf("%s %d", prefix, i+1)
	}
	return strings.Join(lines, "\n")
}

// samples covers every call and result variant and every entry kind: the
// cards below and the diff cards of diffinput.Samples.
var samples = append(cardSamples, diffSamples()...)

// diffSamples are diffinput.Samples, the diff cards.
func diffSamples() []sample {
	out := make([]sample, len(diffinput.Samples))
	for i, s := range diffinput.Samples {
		out[i] = sample{s.Name, s.Card}
	}
	return out
}

// cardSamples are the samples of every kind but diff cards.
var cardSamples = []sample{
	{"generic-call", cards.ToolCard{ID: "c1", Tool: "todo_write", Call: cards.GenericCall{
		Title: "Update todo list", Kind: cards.KindOther,
		RawInput:  json.RawMessage(`{"todos":[{"content":"write tests","status":"in_progress"},{"content":"ship","status":"pending"}]}`),
		Content:   md("Plan:\n\n- [x] read the **design**\n- [ ] write `cards` tests\n\n```go\nfunc main() {}\n```"),
		Locations: []cards.FileLocation{{Path: "cards/call.go", Line: 12}, {Path: "README.md"}},
	}, Result: cards.GenericResult{Content: text("Todo list updated: 2 items.")}}},
	{"generic-unknown-block", cards.ToolCard{ID: "c2", Tool: "think", Call: cards.GenericCall{
		Title: "Think", Kind: cards.KindThink,
		Content: []cards.ContentBlock{
			cards.OpaqueBlock{Type: "reasoning", Raw: json.RawMessage(`{"type":"reasoning","text":"..."}`)},
			cards.ImageBlock{MimeType: "image/png", Data: "iVBORw0KGgo="},
		},
	}, Result: cards.GenericResult{Title: "done"}}},
	{"terminal-pending", cards.ToolCard{ID: "t1", Tool: "bash", Call: cards.TerminalCall{
		Title: "go test ./...", Description: "Run the tests", Cwd: "/home/dev/cardtui",
	}}},
	{"terminal-ok", cards.ToolCard{
		ID: "t2", Tool: "bash", Call: cards.TerminalCall{
			Title: "ls -la", Description: "List files", Cwd: "/tmp",
		},
		Result: cards.TerminalResult{Output: "total 8\n\x1b[34mdrwxr-xr-x\x1b[0m  2 dev dev 4096 .\nCJK 漢字 and emoji 🎉 fit\ttab", ExitCode: intPtr(0)},
	}},
	{"terminal-failed", cards.ToolCard{
		ID: "t3", Tool: "bash", Call: cards.TerminalCall{
			Title: "go build ./...", Description: "Build",
		},
		Result: cards.TerminalResult{Output: "\x1b[31m# github.com/x/y\x1b[0m\n./main.go:3:2: undefined: foo", ExitCode: intPtr(2)},
	}},
	{"terminal-signal", cards.ToolCard{
		ID: "t4", Tool: "bash", Call: cards.TerminalCall{Title: "sleep 600"},
		Result: cards.TerminalResult{Output: "", Signal: "SIGKILL"},
	}},
	{"terminal-long", cards.ToolCard{
		ID: "t5", Tool: "bash", Call: cards.TerminalCall{Title: "seq 1 200"},
		Result: cards.TerminalResult{Output: numbered("line", 200), ExitCode: intPtr(0)},
	}},
	{"terminal-hostile", cards.ToolCard{
		ID: "t6", Tool: "bash", Call: cards.TerminalCall{Title: "cat evil.txt\x1b]0;pwned\x07"},
		Result: cards.TerminalResult{Output: "before\x1b]52;c;SGVsbG8=\x07 \x1b]0;title\x07\x1b[2J\x1b[1;1H\x1b[31mred\x1b[0m after\n10%\r50%\r100%\nbell\x07 back\bspace", ExitCode: intPtr(0)},
	}},
	{"terminal-no-result", cards.ToolCard{ID: "t7", Tool: "bash", Call: cards.TerminalCall{Title: "make deploy"}, Ended: true}},
	{"terminal-multiline", cards.ToolCard{
		ID: "t8", Tool: "bash", Call: cards.TerminalCall{
			Title:       "for f in $(git ls-files '*.go'); do\n  gofmt -l \"$f\" >> /tmp/unformatted-go-files-of-this-repository.txt\ndone",
			Description: "List the Go files that gofmt would change, keeping the list for the next step",
			Cwd:         "/home/dev/cardtui",
		},
		Result: cards.TerminalResult{},
	}},
	{"terminal-fence", cards.ToolCard{
		ID: "t9", Tool: "bash", Call: cards.TerminalCall{Title: "cat notes.md"},
		Result: cards.TerminalResult{Output: "# Notes\n```\n## not a heading\n````go\nfmt.Println(\"still inside\")\n" + strings.Repeat("漢字とemoji 🎉 ", 12) + "\n", ExitCode: intPtr(0)},
	}},
	{"terminal-giant-line", cards.ToolCard{
		ID: "t10", Tool: "bash", Call: cards.TerminalCall{Title: "head -c 3000 /dev/urandom | base64 -w0"},
		Result: cards.TerminalResult{Output: strings.Repeat("QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo0MjQy", 100), ExitCode: intPtr(0)},
	}},
	{"rolled-back-card", cards.ToolCard{
		ID: "rb1", Tool: "apply_patch", RolledBack: true, Call: cards.DiffCall{
			Title: "Edit cmd/tally/main.go",
			Diffs: []cards.FileDiff{{Path: "cmd/tally/main.go", OldText: strPtr("\tflag.Parse()\n"), NewText: "\tasJSON := flag.Bool(\"json\", false, \"print JSON\")\n\tflag.Parse()\n"}},
		},
		Result: cards.GenericResult{Content: text("Success. Updated the following files:\nM cmd/tally/main.go")},
	}},
	{"rolled-back-message", cards.Message{Role: cards.RoleUser, Text: "Add a --json flag that prints the counts as JSON.", RolledBack: true}},
	{"read", cards.ToolCard{
		ID: "r1", Tool: "read", Call: cards.GenericCall{
			Title: "Read cards/call.go (5 - 8)", Kind: cards.KindRead,
			Locations: []cards.FileLocation{{Path: "cards/call.go", Line: 5}},
		},
		Result: cards.ReadResult{Path: "cards/call.go", Offset: 5, TotalLines: 120, Lang: "go", Lines: []cards.ReadLine{
			{Number: 5, Text: "// CallView is what a tool's presentCall returns."},
			{Number: 6, Text: "type CallView interface {"},
			{Number: 7, Text: "\tcallView()"},
			{Number: 8, Text: "}"},
		}},
	}},
	{"read-deep-path", cards.ToolCard{
		ID: "r3", Tool: "Read", Call: cards.GenericCall{Title: "Read /Users/linhungfan/personal_project/web/app/(donations)/campaigns/src/page.tsx", Kind: cards.KindRead},
		Result: cards.ReadResult{
			Path: "/Users/linhungfan/personal_project/web/app/(donations)/campaigns/src/page.tsx", Offset: 1, TotalLines: 2, Lang: "tsx",
			Lines: []cards.ReadLine{{Number: 1, Text: "export default function Page() {"}, {Number: 2, Text: "}"}},
		},
	}},
	{"search-matches", cards.ToolCard{
		ID: "s1", Tool: "grep", Call: cards.GenericCall{Title: "grep \"TODO\"", Kind: cards.KindSearch},
		Result: cards.SearchMatches{Total: 5, Truncated: true, Files: []cards.SearchFile{
			{Path: "render/diff.go", Matches: []cards.SearchMatch{{LineNumber: 12, Line: "// TODO: word diff"}, {LineNumber: 40, Line: "\t// TODO fold"}}},
			{Path: "viewer/model.go", Matches: []cards.SearchMatch{{LineNumber: 3, Line: "// TODO: follow mode"}}},
		}},
	}},
	{"search-paths", cards.ToolCard{
		ID: "s2", Tool: "glob", Call: cards.GenericCall{Title: "glob **/*_test.go", Kind: cards.KindSearch},
		Result: cards.SearchPaths{Total: 3, Paths: []string{"cards/decode_test.go", "render/golden_test.go", "replay/replay_test.go"}},
	}},
	{"web-search", cards.ToolCard{
		ID: "w1", Tool: "web_search", Call: cards.GenericCall{Title: "Search the web: bubbletea v2 viewport", Kind: cards.KindFetch},
		Result: cards.WebSearch{Answer: "Use `viewport.New` with options.", Sources: []cards.WebSource{
			{URL: "https://github.com/charmbracelet/bubbletea", Title: "Bubble Tea", Snippet: "A powerful little TUI framework.", PublishedAt: "2026-03-01"},
			{URL: "https://pkg.go.dev/charm.land/bubbles/v2/viewport", Title: "viewport package"},
			{URL: "javascript:alert(1)", Title: "spoofed link"},
		}},
	}},
	{"web-fetch", cards.ToolCard{
		ID: "w2", Tool: "web_fetch", Call: cards.GenericCall{Title: "Fetch https://go.dev/doc/go1.26", Kind: cards.KindFetch},
		Result: cards.WebFetch{URL: "https://go.dev/doc/go1.26", StatusCode: 200, Truncated: true},
	}},
	{"orphan-result", cards.ToolCard{ID: "x9", Tool: "bash", Result: cards.TerminalResult{Output: "late output", ExitCode: intPtr(1)}}},
	{"problem", cards.Problem{
		Source: "session.jsonl", Line: 7, Reason: `result view: field "card": unknown card: "popup" is not one of "generic", "terminal", "diff", "read", "search", "web"`,
		Excerpt: `{"type":"result","id":"c3","view":{"card":"popup"}}`,
	}},
	{"message-user", cards.Message{Role: cards.RoleUser, Text: "Add a `--width` flag and **tests**."}},
	{"message-user-turn", cards.Message{Role: cards.RoleUser, Text: "Add a `--width` flag and **tests**.", Turn: cards.Turn{
		Start: time.Date(2026, 12, 4, 14, 2, 9, 0, time.UTC), Model: "claude-sonnet-4-6", Duration: 2*time.Minute + 13*time.Second,
		Usage: cards.Usage{Input: 46_100, Cached: 40_000, Output: 2_300}, CostUSD: 0.42,
	}}},
	{"message-assistant", cards.Message{Role: cards.RoleAssistant, Text: "I'll add the flag.\n\n1. parse it\n2. pass it to the renderer"}},
	{"message-reasoning", cards.Message{Role: cards.RoleReasoning, Text: numbered("thought", 12)}},
	{"notice", cards.Notice{Text: "the last line of session.jsonl was torn (crash artefact); everything before it is shown"}},
	{"generic-string-input", cards.ToolCard{
		ID: "c3", Tool: "bash", Call: cards.GenericCall{
			Title: "npm run dev", Kind: cards.KindExecute,
			RawInput: json.RawMessage(`"npm run dev -- --port 3000"`), Content: text("Start the dev server in the background"),
			Locations: []cards.FileLocation{{Path: "/home/dev/app/package.json"}},
		},
		Result: cards.GenericResult{Content: []cards.ContentBlock{cards.TextBlock{Text: "listening on :3000", Lang: "console"}}},
	}},
	{"generic-long-input", cards.ToolCard{
		ID: "c4", Tool: "mcp_query", Call: cards.GenericCall{
			Title:    "Query the issue tracker",
			RawInput: json.RawMessage(`{"filters":{"state":"open","labels":["bug","render"],"assignee":null},"fields":["id","title","updatedAt"],"limit":50,"order":{"by":"updatedAt","desc":true}}`),
		},
		Result: cards.GenericResult{Content: text(numbered("- issue", 30))},
	}},
	{"read-long", cards.ToolCard{
		ID: "r2", Tool: "read", Call: cards.GenericCall{Title: "Read main.go", Kind: cards.KindRead},
		Result: cards.ReadResult{Path: "/home/dev/cardtui/main.go", Offset: 1, TotalLines: 40, Lang: "go", Lines: readSample(diffinput.GoNew + "\n" + diffinput.GoOld)},
	}},
	{"search-empty", cards.ToolCard{
		ID: "s3", Tool: "grep", Call: cards.GenericCall{Title: "grep \"FIXME\"", Kind: cards.KindSearch},
		Result: cards.SearchMatches{Files: []cards.SearchFile{}},
	}},
	{"web-fetch-unsafe", cards.ToolCard{
		ID: "w3", Tool: "web_fetch", Call: cards.GenericCall{Title: "Fetch a page", Kind: cards.KindFetch},
		Result: cards.WebFetch{URL: "javascript:alert(document.cookie)", StatusCode: 404},
	}},
	{"problem-hostile", cards.Problem{
		Source: "evil.jsonl\x1b]0;pwned\x07", Line: 3, Reason: "not JSON: invalid character '\\x1b' looking for beginning of value",
		Excerpt: "\x1b[2J\x1b]8;;javascript:alert(1)\x07click me\x1b]8;;\x07\x1b]52;c;SGVsbG8=\x07\u202eevil",
	}},
	{"message-context", cards.Message{Role: cards.RoleContext, Text: "# AGENTS.md\n\nRun `go test ./...` before committing."}},
}

// readSample numbers the lines of a source text as a read result holds
// them.
func readSample(src string) []cards.ReadLine {
	var lines []cards.ReadLine
	for i, l := range strings.Split(strings.TrimSuffix(src, "\n"), "\n") {
		lines = append(lines, cards.ReadLine{Number: i + 1, Text: l})
	}
	return lines
}
