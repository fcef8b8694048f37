// Package toolview holds the views that the tools of Gemini CLI, opencode
// and Crush have in common — a command run, a file edited, written or
// read, a search — built from the few arguments each agent records, and
// the loose reading of those arguments (an agent adds keys between
// releases; a missing one only leaves its part of the card out).
package toolview

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/lazyregexp"
	"github.com/cardtui/cardtui/internal/toolkit"
	"github.com/cardtui/cardtui/producers"
)

// Args are a call's arguments decoded as a JSON object.
type Args map[string]json.RawMessage

// Parse decodes a call's arguments, a JSON object.
func Parse(raw json.RawMessage) (Args, error) {
	var a Args
	if err := json.Unmarshal(raw, &a); err != nil {
		return nil, fmt.Errorf("arguments: %w", err)
	}
	return a, nil
}

// Str is the string argument under the first of names that holds one, ""
// when none does.
func (a Args) Str(names ...string) string {
	for _, n := range names {
		var s string
		if json.Unmarshal(a[n], &s) == nil && s != "" {
			return s
		}
	}
	return ""
}

// Int is the number argument name, nil when it is not one.
func (a Args) Int(name string) *int {
	var n int
	if json.Unmarshal(a[name], &n) != nil {
		return nil
	}
	return &n
}

// Need is the string argument name, or an error saying it is missing.
func (a Args) Need(name string) (string, error) {
	var s *string
	if err := json.Unmarshal(a[name], &s); err != nil || s == nil {
		return "", fmt.Errorf("arguments: missing string %q", name)
	}
	return *s, nil
}

// CallFunc presents a call from its raw arguments, as a producer's
// PresentCall does.
type CallFunc = func(raw json.RawMessage) (cards.CallView, error)

// Call is the CallFunc that parses a call's arguments and gives them, and
// raw as recorded, to view.
func Call(view func(a Args, raw json.RawMessage) (cards.CallView, error)) CallFunc {
	return func(raw json.RawMessage) (cards.CallView, error) {
		a, err := Parse(raw)
		if err != nil {
			return nil, err
		}
		return view(a, raw)
	}
}

// On is the CallFunc of a call that needs the string argument key: view
// draws it from that argument's value and the others.
func On(key string, view func(a Args, value string) cards.CallView) CallFunc {
	return Call(func(a Args, _ json.RawMessage) (cards.CallView, error) {
		v, err := a.Need(key)
		if err != nil {
			return nil, err
		}
		return view(a, v), nil
	})
}

// Titled is the CallFunc of a generic call of kind titled as a tool line:
// name, then the first of keys the call sets; its arguments below.
func Titled(name string, kind cards.ToolCallKind, keys ...string) CallFunc {
	return Call(func(a Args, raw json.RawMessage) (cards.CallView, error) {
		return cards.GenericCall{Title: Title(name, a.Str(keys...)), Kind: kind, RawInput: raw}, nil
	})
}

// Title is a tool line's title: name, then detail when there is one.
func Title(name, detail string) string {
	if detail == "" {
		return name
	}
	return name + " " + detail
}

// Terminal is the view of a command run in a shell.
func Terminal(command, description, cwd string) cards.CallView {
	return cards.TerminalCall{Title: command, Description: description, Cwd: cwd}
}

// Output is the result of a command: its output, and the exit code when
// the agent recorded one.
func Output(output string, exit *int) cards.ResultView {
	return cards.TerminalResult{Output: output, ExitCode: exit}
}

// Edit is the view of a replacement of old by new in path; an empty old
// is an insertion with no before-text.
func Edit(title, path, old, new string) cards.CallView {
	d := cards.FileDiff{Path: path, NewText: new}
	if old != "" {
		d.OldText = &old
	}
	return cards.DiffCall{Title: title, Diffs: []cards.FileDiff{d}, Locations: []cards.FileLocation{{Path: path}}}
}

// Write is the view of a whole file written with content; created marks
// a file the tool says it created.
func Write(title, path, content string, created bool) cards.DiffCall {
	d := cards.FileDiff{Path: path, NewText: content}
	if created {
		d.NewStart = 1
	}
	return cards.DiffCall{Title: title, Diffs: []cards.FileDiff{d}, Locations: []cards.FileLocation{{Path: path}}}
}

// Change is the result of a change to path, from its text before and
// after.
func Change(title, path, before, after string) cards.ResultView {
	return cards.DiffResult{Title: title, Diffs: []cards.FileDiff{{Path: path, OldText: &before, NewText: after}}}
}

// Generic is a titled call of a kind, at the locations given.
func Generic(title string, kind cards.ToolCallKind, paths ...string) cards.CallView {
	v := cards.GenericCall{Title: title, Kind: kind}
	for _, p := range paths {
		if p != "" {
			v.Locations = append(v.Locations, cards.FileLocation{Path: p})
		}
	}
	return v
}

// Read is the result of reading a file: its lines from offset (1-based),
// numbered, when the agent recorded them, else the content as it is.
func Read(path string, offset int, text string, totalLines int) cards.ResultView {
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	v := cards.ReadResult{Path: path, Offset: offset, TotalLines: max(totalLines, offset+len(lines)-1)}
	for i, l := range lines {
		v.Lines = append(v.Lines, cards.ReadLine{Number: offset + i, Text: l})
	}
	return v
}

// Plain is a result shown as the plain text the tool returned, with its
// error when it failed.
func Plain(r producers.Result) cards.ResultView {
	return producers.GenericResult(r)
}

// Markdown is a result whose text is Markdown.
func Markdown(r producers.Result) cards.ResultView {
	text, rest := toolkit.TextOf(r.Content)
	if len(rest) > 0 || r.IsError {
		return producers.GenericResult(r)
	}
	return cards.GenericResult{Content: toolkit.Markdown(text)}
}

// Todos is a checklist of todos, each with its status ("completed",
// "in_progress", "pending", "cancelled").
func Todos(title string, items []producers.Todo) cards.CallView {
	return cards.GenericCall{Title: title, Kind: cards.KindOther, Content: toolkit.Markdown(producers.Checklist(items))}
}

// Quote is s in double quotes, for a title.
func Quote(s string) string { return fmt.Sprintf("%q", s) }

// hunkHeader is a unified diff's hunk header, "@@ -a,b +c,d @@".
var hunkHeader = lazyregexp.New(`^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@`)

// Patch is the result of a change recorded as a unified diff of path
// (the jsdiff patch opencode and Gemini CLI keep): its hunks as
// recorded. ok is false when patch has no hunk that reads.
func Patch(title, path, patch string) (cards.ResultView, bool) {
	diffs := PatchHunks(path, patch)
	if diffs == nil {
		return nil, false
	}
	return cards.DiffResult{Title: title, Diffs: diffs}, true
}

// PatchHunks are the hunks of a unified diff of path as recorded, one
// FileDiff each; nil when it has none, or one does not read.
func PatchHunks(path, patch string) []cards.FileDiff {
	var diffs []cards.FileDiff
	var lines []string
	oldStart, newStart := 0, 0
	flush := func() bool {
		if lines == nil {
			return true
		}
		d, err := toolkit.RecordedHunk(path, lines, oldStart, newStart)
		diffs, lines = append(diffs, d), nil
		return err == nil
	}
	for _, l := range strings.Split(strings.TrimSuffix(patch, "\n"), "\n") {
		if m := hunkHeader().FindStringSubmatch(l); m != nil {
			if !flush() {
				return nil
			}
			oldStart, _ = strconv.Atoi(m[1])
			newStart, _ = strconv.Atoi(m[2])
			lines = []string{}
			continue
		}
		if lines != nil && l != `\ No newline at end of file` {
			lines = append(lines, l)
		}
	}
	if !flush() {
		return nil
	}
	return diffs
}

// PlainResult presents a result as what the tool returned, as it is.
func PlainResult(_ json.RawMessage, r producers.Result) (cards.ResultView, error) {
	return Plain(r), nil
}

// MarkdownResult presents a result the tool renders as Markdown.
func MarkdownResult(_ json.RawMessage, r producers.Result) (cards.ResultView, error) {
	return Markdown(r), nil
}

// QuietResult presents nothing of a result its call shows (a todo list
// written), but its error.
func QuietResult(_ json.RawMessage, r producers.Result) (cards.ResultView, error) {
	if r.IsError {
		return Plain(r), nil
	}
	return cards.GenericResult{}, nil
}
