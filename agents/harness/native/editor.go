package native

import (
	"encoding/json"
	"fmt"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/toolkit"
	"github.com/cardtui/cardtui/producers"
)

// The other file tools: read_image (ported: "Read image <path>", a read
// of the file) and str_replace_editor, the text-editor tool of Anthropic's
// schema {command: view|create|str_replace|insert|undo_edit, path, …},
// whose edits are drawn as the diffs they make.
var (
	readImageProducer        = producers.Producer{PresentCall: presentReadImageCall, PresentResult: presentReplyResult}
	strReplaceEditorProducer = producers.Producer{PresentCall: presentEditorCall, PresentResult: presentEditorResult}
)

func presentReadImageCall(args json.RawMessage) (cards.CallView, error) {
	var raw struct {
		FilePath *string `json:"file_path"`
	}
	if err := producers.DecodeCheckedArgs(args, &raw); err != nil {
		return nil, err
	}
	path, err := toolkit.NonEmpty("file_path", raw.FilePath)
	if err != nil {
		return nil, toolkit.Within("arguments", err)
	}
	return cards.GenericCall{Title: "Read image " + path, Kind: cards.KindRead, Locations: []cards.FileLocation{{Path: path}}}, nil
}

// editorArgs are the arguments of str_replace_editor.
type editorArgs struct {
	Command    *string `json:"command"`
	Path       *string `json:"path"`
	FileText   string  `json:"file_text"`
	OldStr     string  `json:"old_str"`
	NewStr     string  `json:"new_str"`
	InsertLine int     `json:"insert_line"`
	ViewRange  []int   `json:"view_range"`
}

func parseEditorArgs(args json.RawMessage) (editorArgs, string, string, error) {
	var a editorArgs
	if err := producers.DecodeCheckedArgs(args, &a); err != nil {
		return a, "", "", err
	}
	command, err := toolkit.NonEmpty("command", a.Command)
	var path string
	if err == nil {
		path, err = toolkit.NonEmpty("path", a.Path)
	}
	return a, command, path, toolkit.Within("arguments", err)
}

func presentEditorCall(args json.RawMessage) (cards.CallView, error) {
	a, command, path, err := parseEditorArgs(args)
	if err != nil {
		return nil, err
	}
	switch command {
	case "view":
		title, line := "Read "+path, 1
		if len(a.ViewRange) == 2 {
			title += fmt.Sprintf(" (%d - %d)", a.ViewRange[0], a.ViewRange[1])
			line = max(a.ViewRange[0], 1)
		}
		return cards.GenericCall{Title: title, Kind: cards.KindRead, Locations: []cards.FileLocation{{Path: path, Line: line}}}, nil
	case "create":
		return cards.DiffCall{Title: "Write " + path, Diffs: []cards.FileDiff{{Path: path, NewText: a.FileText}}}, nil
	case "str_replace":
		old := a.OldStr
		return cards.DiffCall{Title: "Edit " + path, Diffs: []cards.FileDiff{{Path: path, OldText: &old, NewText: a.NewStr}}}, nil
	case "insert":
		empty := ""
		return cards.DiffCall{
			Title: fmt.Sprintf("Insert into %s after line %d", path, a.InsertLine),
			Diffs: []cards.FileDiff{{Path: path, OldText: &empty, NewText: a.NewStr, OldStart: a.InsertLine + 1, NewStart: a.InsertLine + 1}},
		}, nil
	case "undo_edit":
		return cards.GenericCall{Title: "Undo the last edit of " + path, Kind: cards.KindEdit, Locations: []cards.FileLocation{{Path: path}}}, nil
	}
	return nil, fmt.Errorf("arguments: unknown command %q", command)
}

// presentEditorResult keeps a view's numbered lines preformatted and
// shows the other commands' messages as they are.
func presentEditorResult(args json.RawMessage, r producers.Result) (cards.ResultView, error) {
	_, command, _, err := parseEditorArgs(args)
	switch {
	case err != nil:
		return nil, err
	case command == "view" && !r.IsError:
		return producers.FencedResult(r, "text"), nil
	}
	return producers.GenericResult(r), nil
}
