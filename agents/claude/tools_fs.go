package claude

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/toolkit"
	"github.com/cardtui/cardtui/producers"
)

// Claude Code's file tools: Read, Write, Edit, MultiEdit and NotebookEdit.
var (
	claudeReadProducer         = producers.Producer{PresentCall: presentClaudeReadCall, PresentResult: presentClaudeReadResult}
	claudeWriteProducer        = producers.Producer{PresentCall: presentClaudeWriteCall, PresentResult: presentClaudeWriteResult}
	claudeEditProducer         = producers.Producer{PresentCall: presentClaudeEditCall, PresentResult: presentClaudeEditResult}
	claudeMultiEditProducer    = producers.Producer{PresentCall: presentClaudeMultiEditCall, PresentResult: presentClaudeMultiEditResult}
	claudeNotebookEditProducer = producers.Producer{PresentCall: presentClaudeNotebookEditCall, PresentResult: presentClaudeNotebookEditResult}
)

// claudeReadArgs are the arguments of Read: the file, the 1-based line to
// start from (0 or less reads from the start, as Claude Code does) and a
// line count.
type claudeReadArgs struct {
	path   string
	offset int
	limit  int
}

func parseClaudeReadArgs(args json.RawMessage) (claudeReadArgs, error) {
	var raw struct {
		FilePath *string `json:"file_path"`
		Offset   *int    `json:"offset"`
		Limit    *int    `json:"limit"`
	}
	var a claudeReadArgs
	err := producers.DecodeCheckedArgs(args, &raw)
	if err == nil {
		a.path, err = toolkit.NonEmpty("file_path", raw.FilePath)
	}
	a.offset, a.limit = toolkit.ValueOr(raw.Offset, 0), toolkit.ValueOr(raw.Limit, 0)
	return a, toolkit.Within("arguments", err)
}

// presentClaudeReadCall titles the card like the adapter: "Read a.go
// (5 - 8)" for offset 5 and limit 4, "Read a.go (from line 5)" for an
// offset alone.
func presentClaudeReadCall(args json.RawMessage) (cards.CallView, error) {
	a, err := parseClaudeReadArgs(args)
	if err != nil {
		return nil, err
	}
	first := max(a.offset, 1)
	title := "Read " + a.path
	switch {
	case a.limit > 0:
		title += fmt.Sprintf(" (%d - %d)", first, first+a.limit-1)
	case a.offset > 0:
		title += fmt.Sprintf(" (from line %d)", first)
	}
	return cards.GenericCall{
		Title:     title,
		Kind:      cards.KindRead,
		Locations: []cards.FileLocation{{Path: a.path, Line: first}},
	}, nil
}

// presentClaudeReadResult draws a text read from toolUseResult.file: the
// lines of file.content numbered from file.startLine. Images, notebooks
// and other kinds of read keep their content blocks; a read without
// toolUseResult shows its text preformatted.
func presentClaudeReadResult(args json.RawMessage, r producers.Result) (cards.ResultView, error) {
	a, err := parseClaudeReadArgs(args)
	if err != nil {
		return nil, err
	}
	if r.IsError {
		return claudeErrorResult(r), nil
	}
	var m struct {
		Type *string `json:"type"`
		File *struct {
			FilePath   *string `json:"filePath"`
			Content    *string `json:"content"`
			StartLine  *int    `json:"startLine"`
			TotalLines *int    `json:"totalLines"`
		} `json:"file"`
	}
	ok, err := claudeMeta(r, &m)
	switch {
	case err != nil:
		return nil, err
	case !ok:
		return numberedRead(a, r), nil
	case toolkit.ValueOr(m.Type, "") != "text" || m.File == nil:
		return producers.GenericResult(r), nil
	}
	path, err := toolkit.NonEmpty("filePath", m.File.FilePath)
	if err != nil {
		return nil, toolkit.Within("toolUseResult: file", err)
	}
	content, err := toolkit.Required("content", m.File.Content)
	if err == nil {
		err = toolkit.AtLeast("startLine", m.File.StartLine, 1)
	}
	start, startErr := toolkit.Required("startLine", m.File.StartLine)
	if err = errors.Join(err, startErr); err != nil {
		return nil, toolkit.Within("toolUseResult: file", err)
	}
	lines := numberedLines(content, start)
	total := max(toolkit.ValueOr(m.File.TotalLines, 0), start+len(lines)-1)
	return cards.ReadResult{Path: path, Offset: start, Lines: lines, TotalLines: total}, nil
}

// numberedRead is a read of a whole file without toolUseResult (as a
// sub-agent's transcript records it): the lines of its text, numbered as
// Claude Code gives them to the model ("     1→text", "1\ttext"). Any
// other text, or a part of a file, is shown preformatted.
func numberedRead(a claudeReadArgs, r producers.Result) cards.ResultView {
	text, others := toolkit.TextOf(r.Content)
	if a.offset > 0 || a.limit > 0 || len(others) > 0 {
		return fencedText(r)
	}
	rows := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	lines := make([]cards.ReadLine, 0, len(rows))
	for i, row := range rows {
		num, rest, ok := strings.Cut(strings.TrimLeft(row, " "), "→")
		if !ok {
			num, rest, ok = strings.Cut(strings.TrimLeft(row, " "), "\t")
		}
		n, err := strconv.Atoi(num)
		if !ok || err != nil || n != i+1 {
			return fencedText(r)
		}
		lines = append(lines, cards.ReadLine{Number: n, Text: rest})
	}
	return cards.ReadResult{Path: a.path, Offset: 1, Lines: lines, TotalLines: len(lines)}
}

// numberedLines splits the text of a read window into lines numbered from
// start. Claude Code counts the empty line after a final line ending as a
// line of the file (a 3-line file "a\nb\nc\n" has 4), and so do these.
func numberedLines(content string, start int) []cards.ReadLine {
	if content == "" {
		return nil
	}
	parts := strings.Split(content, "\n")
	lines := make([]cards.ReadLine, len(parts))
	for i, p := range parts {
		lines[i] = cards.ReadLine{Number: start + i, Text: p}
	}
	return lines
}

// presentClaudeWriteCall shows the whole new file, as the adapter does.
func presentClaudeWriteCall(args json.RawMessage) (cards.CallView, error) {
	return producers.PresentWriteCall(args)
}

// presentClaudeWriteResult shows what the write did: the hunks of its
// structuredPatch when it has them, else the whole new file of a create
// (numbered from line 1) or, for an overwrite that recorded the earlier
// file, the diff of the two.
func presentClaudeWriteResult(args json.RawMessage, r producers.Result) (cards.ResultView, error) {
	a, err := producers.ParseWriteArgs(args)
	if err != nil {
		return nil, err
	}
	if r.IsError {
		return claudeErrorResult(r), nil
	}
	var m struct {
		Type            *string       `json:"type"`
		FilePath        *string       `json:"filePath"`
		Content         *string       `json:"content"`
		OriginalFile    *string       `json:"originalFile"`
		StructuredPatch *[]claudeHunk `json:"structuredPatch"`
	}
	ok, err := claudeMeta(r, &m)
	if err != nil || !ok {
		return producers.GenericResult(r), err
	}
	path := toolkit.ValueOr(m.FilePath, a.Path)
	diffs, err := patchDiffs(path, m.StructuredPatch)
	if err != nil || len(diffs) > 0 {
		return cards.DiffResult{Title: "Write " + a.Path, Diffs: diffs}, err
	}
	content := toolkit.ValueOr(m.Content, a.Content)
	switch {
	case toolkit.ValueOr(m.Type, "") == "create":
		diffs = []cards.FileDiff{{Path: path, NewText: content, NewStart: 1}}
	case m.OriginalFile != nil:
		diffs = []cards.FileDiff{{Path: path, OldText: m.OriginalFile, NewText: content, OldStart: 1, NewStart: 1}}
	default:
		return cards.GenericResult{Content: toolkit.Text("Overwrote " + path +
			"; the session does not record its earlier content, so the card shows its whole new text.")}, nil
	}
	return cards.DiffResult{Title: "Write " + a.Path, Diffs: diffs}, nil
}

// presentClaudeEditCall shows the requested replacement, old_string ->
// new_string (no before-text when old_string is empty).
func presentClaudeEditCall(args json.RawMessage) (cards.CallView, error) {
	return producers.PresentEditCall(args)
}

// presentClaudeEditResult shows the hunks the edit applied, from its
// structuredPatch, with their line numbers.
func presentClaudeEditResult(args json.RawMessage, r producers.Result) (cards.ResultView, error) {
	a, err := producers.ParseEditArgs(args)
	if err != nil {
		return nil, err
	}
	return appliedHunks("Edit "+a.Path, a.Path, r)
}

// appliedHunks is the result of an edit: the hunks of toolUseResult's
// structuredPatch, or the content as it is when there are none.
func appliedHunks(title, path string, r producers.Result) (cards.ResultView, error) {
	if r.IsError {
		return claudeErrorResult(r), nil
	}
	var m struct {
		FilePath        *string       `json:"filePath"`
		StructuredPatch *[]claudeHunk `json:"structuredPatch"`
	}
	ok, err := claudeMeta(r, &m)
	if err != nil || !ok {
		return producers.GenericResult(r), err
	}
	diffs, err := patchDiffs(toolkit.ValueOr(m.FilePath, path), m.StructuredPatch)
	if err != nil || len(diffs) == 0 {
		return producers.GenericResult(r), err
	}
	return cards.DiffResult{Title: title, Diffs: diffs}, nil
}

// multiEditArgs are the arguments of MultiEdit: the file and its edits in
// order.
type multiEditArgs struct {
	path  string
	edits []cards.FileDiff
}

func parseMultiEditArgs(args json.RawMessage) (multiEditArgs, error) {
	var raw struct {
		FilePath *string `json:"file_path"`
		Edits    *[]struct {
			OldString *string `json:"old_string"`
			NewString *string `json:"new_string"`
		} `json:"edits"`
	}
	var a multiEditArgs
	err := producers.DecodeCheckedArgs(args, &raw)
	if err == nil {
		a.path, err = toolkit.NonEmpty("file_path", raw.FilePath)
	}
	var edits []struct {
		OldString *string `json:"old_string"`
		NewString *string `json:"new_string"`
	}
	if err == nil {
		edits, err = toolkit.Required("edits", raw.Edits)
	}
	for i := 0; err == nil && i < len(edits); i++ {
		var d cards.FileDiff
		d, err = replacement(a.path, edits[i].OldString, edits[i].NewString)
		err = toolkit.Within(fmt.Sprintf("edits[%d]", i), err)
		a.edits = append(a.edits, d)
	}
	return a, toolkit.Within("arguments", err)
}

// replacement is the diff of replacing old with new in path; an empty old
// string has no before-text.
func replacement(path string, old, new *string) (cards.FileDiff, error) {
	o, err := toolkit.Required("old_string", old)
	if err != nil {
		return cards.FileDiff{}, err
	}
	n, err := toolkit.Required("new_string", new)
	d := cards.FileDiff{Path: path, NewText: n}
	if o != "" {
		d.OldText = &o
	}
	return d, err
}

// presentClaudeMultiEditCall shows every requested replacement of the
// file, in order: "Edit a.go (3 edits)".
func presentClaudeMultiEditCall(args json.RawMessage) (cards.CallView, error) {
	a, err := parseMultiEditArgs(args)
	if err != nil {
		return nil, err
	}
	return cards.DiffCall{
		Title:     "Edit " + a.path + " (" + plural(len(a.edits), "edit", "edits") + ")",
		Diffs:     a.edits,
		Locations: []cards.FileLocation{{Path: a.path}},
	}, nil
}

func presentClaudeMultiEditResult(args json.RawMessage, r producers.Result) (cards.ResultView, error) {
	a, err := parseMultiEditArgs(args)
	if err != nil {
		return nil, err
	}
	return appliedHunks("Edit "+a.path, a.path, r)
}

// plural is "1 edit", "3 edits".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// claudeHunk is one hunk of a structuredPatch, as the diff library Claude
// Code uses writes it: 1-based starts, line counts and the hunk's lines,
// each prefixed with " ", "-" or "+" ("\" for a missing final newline).
type claudeHunk struct {
	OldStart *int      `json:"oldStart"`
	OldLines *int      `json:"oldLines"`
	NewStart *int      `json:"newStart"`
	NewLines *int      `json:"newLines"`
	Lines    *[]string `json:"lines"`
}

// patchDiffs converts the hunks of a structuredPatch into one FileDiff per
// hunk, with its real line numbers and its lines as recorded; none when
// there is no patch.
func patchDiffs(path string, hunks *[]claudeHunk) ([]cards.FileDiff, error) {
	if hunks == nil {
		return nil, nil
	}
	var diffs []cards.FileDiff
	for i, h := range *hunks {
		d, err := h.fileDiff(path)
		if err != nil {
			return nil, toolkit.Within(fmt.Sprintf("toolUseResult: structuredPatch[%d]", i), err)
		}
		diffs = append(diffs, d)
	}
	return diffs, nil
}

func (h claudeHunk) fileDiff(path string) (cards.FileDiff, error) {
	lines, err := toolkit.Required("lines", h.Lines)
	if err != nil {
		return cards.FileDiff{}, err
	}
	old, new := toolkit.SideCounts(lines)
	if err := errors.Join(toolkit.AtLeast("oldStart", h.OldStart, 0), toolkit.AtLeast("newStart", h.NewStart, 0),
		toolkit.CheckCount("oldLines", h.OldLines, old), toolkit.CheckCount("newLines", h.NewLines, new)); err != nil {
		return cards.FileDiff{}, err
	}
	return toolkit.RecordedHunk(path, lines, toolkit.ValueOr(h.OldStart, 0), toolkit.ValueOr(h.NewStart, 0))
}

// notebookEditArgs are the arguments of NotebookEdit.
type notebookEditArgs struct {
	path, source, cellType, mode, cellID string
}

func parseNotebookEditArgs(args json.RawMessage) (notebookEditArgs, error) {
	var raw struct {
		NotebookPath *string `json:"notebook_path"`
		NewSource    *string `json:"new_source"`
		CellType     *string `json:"cell_type"`
		EditMode     *string `json:"edit_mode"`
		CellID       *string `json:"cell_id"`
	}
	var a notebookEditArgs
	err := producers.DecodeCheckedArgs(args, &raw)
	if err == nil {
		a.path, err = toolkit.NonEmpty("notebook_path", raw.NotebookPath)
	}
	a.source, a.cellType = toolkit.ValueOr(raw.NewSource, ""), toolkit.ValueOr(raw.CellType, "")
	a.mode, a.cellID = toolkit.ValueOr(raw.EditMode, "replace"), toolkit.ValueOr(raw.CellID, "")
	return a, toolkit.Within("arguments", err)
}

// presentClaudeNotebookEditCall shows the new source of the cell: "Edit
// Notebook a.ipynb", or what is deleted.
func presentClaudeNotebookEditCall(args json.RawMessage) (cards.CallView, error) {
	a, err := parseNotebookEditArgs(args)
	if err != nil {
		return nil, err
	}
	var content []cards.ContentBlock
	switch {
	case a.mode == "delete":
		content = toolkit.Text(strings.TrimSpace("Delete cell " + a.cellID))
	case a.source != "":
		info := ""
		if a.cellType == "markdown" {
			info = "markdown"
		}
		content = toolkit.Code(info, a.source)
	}
	return cards.GenericCall{
		Title:     "Edit Notebook " + a.path,
		Kind:      cards.KindEdit,
		Content:   content,
		Locations: []cards.FileLocation{{Path: a.path}},
	}, nil
}

func presentClaudeNotebookEditResult(args json.RawMessage, r producers.Result) (cards.ResultView, error) {
	if _, err := parseNotebookEditArgs(args); err != nil {
		return nil, err
	}
	if r.IsError {
		return claudeErrorResult(r), nil
	}
	return fencedText(r), nil
}
