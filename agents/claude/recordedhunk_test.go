package claude_test

import (
	"testing"

	"github.com/charmbracelet/colorprofile"
	"github.com/stretchr/testify/assert"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/diffinput"
	"github.com/cardtui/cardtui/producers"
	"github.com/cardtui/cardtui/render"
)

// TestRecordedHunkOfClaudeStructuredPatch: the structuredPatch of an
// Edit's result is drawn as its hunks were recorded, as diffinput's
// recorded sample is.
func TestRecordedHunkOfClaudeStructuredPatch(t *testing.T) {
	meta := `{"filePath":"server.go","structuredPatch":[{"oldStart":1,"oldLines":8,"newStart":1,"newLines":8,"lines":` +
		`[" package server"," "," import \"net/http\""," "," // Serve starts the server.","-func Serve(addr string) error {",` +
		`"+func Serve(addr string, h http.Handler) error {","-\treturn http.ListenAndServe(addr, nil)","+\treturn http.ListenAndServe(addr, h)"," }"]}]}`
	r := producers.Result{Content: []cards.ContentBlock{cards.TextBlock{Text: "The file server.go has been updated."}}, Meta: []byte(meta)}
	view := claudeTools.Result("Edit", []byte(`{"file_path":"server.go","old_string":"nil","new_string":"h"}`), r)
	want, got := diffinput.RecordedSample, diffinput.RecordedSample
	want.Result = cards.DiffResult{Title: "Edit server.go", Diffs: diffinput.RecordedHunks[:1]}
	got.Result = view
	o := render.Options{Width: 100, Profile: colorprofile.NoTTY, Theme: render.Dark, Terminal: true}
	assert.Equal(t, render.Entry(want, o), render.Entry(got, o), "a structuredPatch is drawn as its hunks were recorded")
}
