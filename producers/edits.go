package producers

import (
	"encoding/json"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/toolkit"
)

// WriteArgs are the arguments of a whole-file write: the harness's write
// and Claude Code's Write share them (file_path, content).
type WriteArgs struct {
	// Path is the file written.
	Path string
	// Content is the file's whole new text.
	Content string
}

// ParseWriteArgs reads and checks WriteArgs: file_path present and not
// empty, content present.
func ParseWriteArgs(args json.RawMessage) (WriteArgs, error) {
	var raw struct {
		FilePath *string `json:"file_path"`
		Content  *string `json:"content"`
	}
	var a WriteArgs
	err := DecodeCheckedArgs(args, &raw)
	if err == nil {
		a.Path, err = toolkit.NonEmpty("file_path", raw.FilePath)
	}
	if err == nil {
		a.Content, err = toolkit.Required("content", raw.Content)
	}
	return a, toolkit.Within("arguments", err)
}

// WholeFile is the diff of writing content to path with no before-image.
func (a WriteArgs) WholeFile() []cards.FileDiff {
	return []cards.FileDiff{{Path: a.Path, NewText: a.Content}}
}

// PresentWriteCall is the call view of a whole-file write (WriteArgs):
// the new text as a diff with no before-image, titled "Write <path>".
func PresentWriteCall(args json.RawMessage) (cards.CallView, error) {
	a, err := ParseWriteArgs(args)
	if err != nil {
		return nil, err
	}
	return cards.DiffCall{
		Title:     "Write " + a.Path,
		Diffs:     a.WholeFile(),
		Locations: []cards.FileLocation{{Path: a.Path}},
	}, nil
}

// EditArgs are the arguments of a string replacement: the harness's edit
// and Claude Code's Edit share them (file_path, old_string, new_string);
// replace_all does not change the views (the meta has one hunk per
// replaced site either way).
type EditArgs struct {
	// Path is the file edited.
	Path string
	// OldString is the text replaced, "" for an insertion into a new or
	// empty file.
	OldString string
	// NewString is the text put in its place.
	NewString string
}

// ParseEditArgs reads and checks EditArgs: file_path present and not
// empty, old_string and new_string present.
func ParseEditArgs(args json.RawMessage) (EditArgs, error) {
	var raw struct {
		FilePath  *string `json:"file_path"`
		OldString *string `json:"old_string"`
		NewString *string `json:"new_string"`
	}
	var a EditArgs
	err := DecodeCheckedArgs(args, &raw)
	if err == nil {
		a.Path, err = toolkit.NonEmpty("file_path", raw.FilePath)
	}
	if err == nil {
		a.OldString, err = toolkit.Required("old_string", raw.OldString)
	}
	if err == nil {
		a.NewString, err = toolkit.Required("new_string", raw.NewString)
	}
	return a, toolkit.Within("arguments", err)
}

// PresentEditCall shows the requested replacement; an empty old_string
// (an insertion into a new or empty file) has no before-text.
func PresentEditCall(args json.RawMessage) (cards.CallView, error) {
	a, err := ParseEditArgs(args)
	if err != nil {
		return nil, err
	}
	diff := cards.FileDiff{Path: a.Path, NewText: a.NewString}
	if a.OldString != "" {
		diff.OldText = &a.OldString
	}
	return cards.DiffCall{
		Title:     "Edit " + a.Path,
		Diffs:     []cards.FileDiff{diff},
		Locations: []cards.FileLocation{{Path: a.Path}},
	}, nil
}
