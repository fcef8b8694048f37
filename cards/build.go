package cards

// Constructors for the values a harness builds in Go: they fill the
// pointer fields and wrap the blocks, so that a card is one expression.
//
//	cards.ToolCard{ID: "c1", Call: cards.NewDiff("Edit main.go", cards.Edit("main.go", old, new))}
//	cards.ToolCard{ID: "c2", Call: cards.TerminalCall{Title: "go test"},
//		Result: cards.TerminalResult{Output: out, ExitCode: cards.Exit(0)}}
//	cards.GenericResult{Content: cards.Markdown("**done**")}
//
// The one rule for text (TextBlock): a block is plain text, shown as it
// is, unless it says it is Markdown. Markdown makes one that says so,
// Plain one that does not.

// Markdown is one Markdown text block, rendered as Markdown (its stars
// make bold text), as the content of a generic card.
func Markdown(s string) []ContentBlock { return []ContentBlock{TextBlock{Text: s, Markdown: true}} }

// Plain is one block of plain text, shown as it is (stars, tags and
// indentation kept), as the content of a generic card.
func Plain(s string) []ContentBlock { return []ContentBlock{TextBlock{Text: s}} }

// Text is Plain.
//
// Deprecated: Text was documented as Markdown but made plain text; use
// Plain, or Markdown for text to render as Markdown.
func Text(s string) []ContentBlock { return Plain(s) }

// Exit is an exit status for TerminalResult.ExitCode.
func Exit(code int) *int { return &code }

// Edit is the diff of a file from oldText to newText.
func Edit(path, oldText, newText string) FileDiff {
	return FileDiff{Path: path, OldText: &oldText, NewText: newText}
}

// Created is the diff of a new file holding text.
func Created(path, text string) FileDiff { return FileDiff{Path: path, NewText: text} }

// NewDiff is a diff call of one or more files.
func NewDiff(title string, diffs ...FileDiff) DiffCall { return DiffCall{Title: title, Diffs: diffs} }

// NewDiffResult is a diff result of the hunks applied to one or more
// files.
func NewDiffResult(title string, diffs ...FileDiff) DiffResult {
	return DiffResult{Title: title, Diffs: diffs}
}
