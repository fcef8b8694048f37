package render_test

import (
	"fmt"

	"github.com/charmbracelet/colorprofile"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/render"
)

// Entry draws a card for the width, colour profile and theme of its
// Options, and nothing else: an edit whose DiffResult says it was applied
// as proposed, and a generic card whose Markdown result is drawn as text.
func ExampleEntry() {
	edit := cards.ToolCard{
		ID: "call_2", Tool: "edit", Call: cards.NewDiff("Edit count.go", cards.Edit("count.go", "return n\n", "return n + 1\n")),
		Result: cards.DiffResult{},
	}
	note := cards.ToolCard{ID: "call_3", Call: cards.GenericCall{Title: "Deploy"}, Result: cards.GenericResult{Content: cards.Markdown("**200 OK**")}}
	opts := render.DefaultOptions()
	opts.Width, opts.Profile = 40, colorprofile.NoTTY
	fmt.Println(render.Entry(edit, opts))
	fmt.Println(render.Entry(note, opts)) // Markdown: bold, no stars
	// Output:
	// ╭─ ✎ Edit count.go ───────────── done ─╮
	// │ count.go  +1 -1                      │
	// │ - return n                           │
	// │ + return n + 1                       │
	// │                                      │
	// │ +1 -1 · 1 file                       │
	// ╰──────────────────────────────────────╯
	// ╭─ • Deploy ──────────────────── done ─╮
	// │ 200 OK                               │
	// ╰──────────────────────────────────────╯
}
