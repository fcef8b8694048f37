package native

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/toolkit"
	"github.com/cardtui/cardtui/producers"
)

// The file tools of the native family: read, write and edit.
var (
	readProducer  = producers.Producer{PresentCall: presentReadCall, PresentResult: presentReadResult}
	writeProducer = producers.Producer{PresentCall: producers.PresentWriteCall, PresentResult: presentWriteResult}
	editProducer  = producers.Producer{PresentCall: producers.PresentEditCall, PresentResult: presentEditResult}
)

// readArgs are the arguments of read: a 1-based offset and a line count.
type readArgs struct {
	path   string
	offset *int
	limit  *int
}

func parseReadArgs(args json.RawMessage) (readArgs, error) {
	var raw struct {
		FilePath *string `json:"file_path"`
		Offset   *int    `json:"offset"`
		Limit    *int    `json:"limit"`
	}
	err := producers.DecodeCheckedArgs(args, &raw)
	a := readArgs{offset: raw.Offset, limit: raw.Limit}
	if err == nil {
		a.path, err = toolkit.NonEmpty("file_path", raw.FilePath)
	}
	if err == nil {
		err = errors.Join(toolkit.AtLeast("offset", raw.Offset, 1), toolkit.AtLeast("limit", raw.Limit, 0))
	}
	return a, toolkit.Within("arguments", err)
}

// presentReadCall titles the card by the file and the window read:
// "Read a.go (5 - 8)" for offset 5 and limit 4, "Read a.go (from line 5)"
// for an offset alone.
func presentReadCall(args json.RawMessage) (cards.CallView, error) {
	a, err := parseReadArgs(args)
	if err != nil {
		return nil, err
	}
	first := toolkit.ValueOr(a.offset, 1)
	title := "Read " + a.path
	switch {
	case a.limit != nil && *a.limit > 0:
		title += fmt.Sprintf(" (%d - %d)", first, first+*a.limit-1)
	case a.offset != nil:
		title += fmt.Sprintf(" (from line %d)", first)
	}
	return cards.GenericCall{
		Title:     title,
		Kind:      cards.KindRead,
		Locations: []cards.FileLocation{{Path: a.path, Line: first}},
	}, nil
}

// presentReadResult draws the window from the meta {path, offset, lines,
// totalLines, lang?}; without meta (a directory, an older log) the content
// is shown as it is.
func presentReadResult(args json.RawMessage, r producers.Result) (cards.ResultView, error) {
	if _, err := parseReadArgs(args); err != nil {
		return nil, err
	}
	if r.IsError || !producers.HasMeta(r) {
		return producers.GenericResult(r), nil
	}
	view, err := readMetaView(r.Meta)
	return view, toolkit.Within("meta", err)
}

// readLine is one numbered line of the read meta.
type readLine struct {
	Number *int    `json:"number"`
	Text   *string `json:"text"`
}

// readMetaView decodes the read meta into a read card.
func readMetaView(meta json.RawMessage) (cards.ResultView, error) {
	var m struct {
		Path       *string     `json:"path"`
		Offset     *int        `json:"offset"`
		Lines      *[]readLine `json:"lines"`
		TotalLines *int        `json:"totalLines"`
		Lang       *string     `json:"lang"`
	}
	if err := producers.DecodeJSON(meta, &m); err != nil {
		return nil, err
	}
	v := cards.ReadResult{Lang: toolkit.ValueOr(m.Lang, "")}
	var err error
	if v.Path, err = toolkit.NonEmpty("path", m.Path); err != nil {
		return nil, err
	}
	if v.Offset, err = toolkit.Required("offset", m.Offset); err != nil {
		return nil, err
	}
	if err = toolkit.AtLeast("offset", m.Offset, 1); err != nil {
		return nil, err
	}
	if v.TotalLines, err = toolkit.Required("totalLines", m.TotalLines); err != nil {
		return nil, err
	}
	lines, err := toolkit.Required("lines", m.Lines)
	if err != nil {
		return nil, err
	}
	v.Lines, err = readWindow(lines, v.Offset, v.TotalLines)
	return v, err
}

// readWindow converts the lines of a read, which must be the contiguous
// window that starts at offset and ends by line totalLines.
func readWindow(lines []readLine, offset, totalLines int) ([]cards.ReadLine, error) {
	var window []cards.ReadLine
	for i, l := range lines {
		number, err := toolkit.Required("number", l.Number)
		if err == nil && number != offset+i {
			err = fmt.Errorf("is %d, want %d (the lines follow the offset)", number, offset+i)
		}
		if err == nil && number > totalLines {
			err = fmt.Errorf("is %d, past totalLines %d", number, totalLines)
		}
		line, textErr := toolkit.Required("text", l.Text)
		if err = errors.Join(err, textErr); err != nil {
			return nil, fmt.Errorf("lines[%d]: %w", i, err)
		}
		window = append(window, cards.ReadLine{Number: number, Text: line})
	}
	return window, nil
}

// created reports whether a write's result says it created the file
// ("Created file"; an overwrite says "Updated file"), which makes the
// whole-file diff a new file rather than a text with no before-image.
func created(r producers.Result) bool {
	body, _ := toolkit.TextOf(r.Content)
	for _, line := range strings.Split(body, "\n") {
		if strings.TrimSpace(line) == "Created file" {
			return true
		}
	}
	return false
}

// presentWriteResult shows the applied hunks of the meta {diffs}; a create
// (or a write whose diff the harness did not keep) has none and shows the
// call's whole-file diff.
func presentWriteResult(args json.RawMessage, r producers.Result) (cards.ResultView, error) {
	a, err := producers.ParseWriteArgs(args)
	if err != nil {
		return nil, err
	}
	return appliedResult("Write "+a.Path, r, func() []cards.FileDiff {
		diffs := a.WholeFile()
		if created(r) {
			diffs[0].NewStart = 1
		}
		return diffs
	})
}

// presentEditResult shows the applied hunks of the meta {diffs}, one per
// edited site (replace_all edits several); without them the content is
// shown as it is.
func presentEditResult(args json.RawMessage, r producers.Result) (cards.ResultView, error) {
	a, err := producers.ParseEditArgs(args)
	if err != nil {
		return nil, err
	}
	return appliedResult("Edit "+a.Path, r, func() []cards.FileDiff { return nil })
}

// appliedResult is the result of a write or an edit, titled title: the
// applied hunks of the meta {diffs}, else those none gives; the content
// as it is when it failed or has neither.
func appliedResult(title string, r producers.Result, none func() []cards.FileDiff) (cards.ResultView, error) {
	if r.IsError {
		return producers.GenericResult(r), nil
	}
	diffs, err := metaDiffs(r)
	if err != nil {
		return nil, toolkit.Within("meta", err)
	}
	if len(diffs) == 0 {
		diffs = none()
	}
	if len(diffs) == 0 {
		return producers.GenericResult(r), nil
	}
	return cards.DiffResult{Title: title, Diffs: diffs}, nil
}

// metaDiff is one applied hunk of the write and edit meta.
type metaDiff struct {
	Path     *string         `json:"path"`
	OldText  json.RawMessage `json:"oldText"`
	NewText  *string         `json:"newText"`
	OldStart *int            `json:"oldStart"`
	NewStart *int            `json:"newStart"`
}

// metaDiffs decodes the applied hunks of a write or edit from the meta
// {diffs: [{path, oldText: string|null, newText, oldStart?, newStart?}]};
// none when the result has no meta.
func metaDiffs(r producers.Result) ([]cards.FileDiff, error) {
	if !producers.HasMeta(r) {
		return nil, nil
	}
	var m struct {
		Diffs *[]metaDiff `json:"diffs"`
	}
	if err := producers.DecodeJSON(r.Meta, &m); err != nil {
		return nil, err
	}
	items, err := toolkit.Required("diffs", m.Diffs)
	if err != nil {
		return nil, err
	}
	var diffs []cards.FileDiff
	for i, item := range items {
		d, err := item.fileDiff()
		if err != nil {
			return nil, fmt.Errorf("diffs[%d]: %w", i, err)
		}
		diffs = append(diffs, d)
	}
	return diffs, nil
}

// fileDiff checks the hunk and converts it.
func (item metaDiff) fileDiff() (cards.FileDiff, error) {
	d := cards.FileDiff{OldStart: toolkit.ValueOr(item.OldStart, 0), NewStart: toolkit.ValueOr(item.NewStart, 0)}
	var err error
	if d.Path, err = toolkit.NonEmpty("path", item.Path); err != nil {
		return d, err
	}
	if d.OldText, err = oldText(item.OldText); err != nil {
		return d, err
	}
	if d.NewText, err = toolkit.Required("newText", item.NewText); err != nil {
		return d, err
	}
	return d, errors.Join(toolkit.AtLeast("oldStart", item.OldStart, 1), toolkit.AtLeast("newStart", item.NewStart, 1))
}

// oldText reads a hunk's before-text, which must be present: a string, or
// null for a pure insertion.
func oldText(raw json.RawMessage) (*string, error) {
	if len(raw) == 0 {
		return nil, errors.New(`missing field "oldText"`)
	}
	if string(raw) == "null" {
		return nil, nil
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return nil, fmt.Errorf(`field "oldText": want a string or null, found %s`, cards.ValidJSONType(raw))
	}
	return &s, nil
}
