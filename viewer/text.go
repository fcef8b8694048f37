package viewer

import (
	"strconv"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/termsafe"
)

// countMatches is the number of matches in an entry's text, counted field
// by field without building the text.
func countMatches(e cards.Entry, mt matcher) int {
	n := 0
	eachField(e, func(field string) { n += mt.count(field) })
	return n
}

// eachField calls f with each non-empty visible text field of an entry,
// sanitised like the cards draw them: the plain text that search looks
// in. The switches are closed (go-check-sumtype checks them), so a
// new variant must say what of it is searchable.
func eachField(e cards.Entry, f func(string)) {
	t := fields{emit: f}
	switch e := e.(type) {
	case cards.Message:
		t.add(e.Text)
	case cards.ToolCard:
		t.add(e.Tool)
		t.call(e.Call)
		for _, child := range e.Children {
			eachField(child, f)
		}
		t.result(e.Result)
	case cards.Problem:
		t.add(e.Source, lineLabel(e.Line), e.Reason, e.Excerpt)
	case cards.Notice:
		t.add(e.Text)
	}
}

// lineLabel is "line N" as a problem card names its line.
func lineLabel(n int) string {
	if n <= 0 {
		return ""
	}
	return "line " + strconv.Itoa(n)
}

// fields passes the non-empty text fields of the views to emit.
type fields struct{ emit func(string) }

func (t fields) add(texts ...string) {
	for _, s := range texts {
		if s != "" {
			t.emit(termsafe.SanitizeText(s)) // which returns plain text as it is
		}
	}
}

func (t fields) call(v cards.CallView) {
	switch v := v.(type) {
	case cards.GenericCall:
		t.add(v.Title, string(v.RawInput))
		t.content(v.Content)
		t.locations(v.Locations)
	case cards.TerminalCall:
		t.add(v.Title, v.Description, v.Cwd)
	case cards.DiffCall:
		t.add(v.Title)
		t.diffs(v.Diffs)
		t.locations(v.Locations)
	case nil:
	}
}

func (t fields) result(v cards.ResultView) {
	switch v := v.(type) {
	case cards.GenericResult:
		t.add(v.Title)
		t.content(v.Content)
	case cards.TerminalResult:
		t.add(v.Title, v.Output, exitLabel(v))
	case cards.DiffResult:
		t.add(v.Title)
		t.diffs(v.Diffs)
	case cards.ReadResult:
		t.add(v.Title, v.Path)
		for _, l := range v.Lines {
			t.add(l.Text)
		}
		t.content(v.Content)
	case cards.SearchMatches:
		t.add(v.Title)
		for _, f := range v.Files {
			t.add(f.Path)
			for _, m := range f.Matches {
				t.add(m.Line)
			}
		}
	case cards.SearchPaths:
		t.add(v.Title)
		t.add(v.Paths...)
	case cards.WebSearch:
		t.add(v.Title, v.Answer)
		for _, s := range v.Sources {
			t.add(s.Title, s.URL, s.Snippet)
		}
	case cards.WebFetch:
		t.add(v.Title, v.URL)
	case nil:
	}
}

// exitLabel is the badge text of a finished command: "exit N" or
// "signal X".
func exitLabel(v cards.TerminalResult) string {
	switch {
	case v.ExitCode != nil:
		return "exit " + strconv.Itoa(*v.ExitCode)
	case v.Signal != "":
		return "signal " + v.Signal
	}
	return ""
}

func (t fields) content(blocks []cards.ContentBlock) {
	for _, b := range blocks {
		switch b := b.(type) {
		case cards.TextBlock:
			t.add(b.Text)
		case cards.ImageBlock:
			t.add(b.URI)
		case cards.OpaqueBlock:
			t.add(b.Type)
		}
	}
}

func (t fields) diffs(diffs []cards.FileDiff) {
	for _, d := range diffs {
		t.add(d.Path)
		if d.OldText != nil {
			t.add(*d.OldText)
		}
		t.add(d.NewText)
	}
}

func (t fields) locations(locs []cards.FileLocation) {
	for _, l := range locs {
		t.add(l.Path)
	}
}
