package opencode

import (
	"encoding/json"
	"fmt"

	"github.com/cardtui/cardtui/agents/internal/toolview"
	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/producers"
)

// patchedFile is a file apply_patch changed, as its metadata records it:
// the unified diff of the file (patch, diff in older releases) with its
// line numbers, and the lines added and removed.
type patchedFile struct {
	RelativePath string `json:"relativePath"`
	FilePath     string `json:"filePath"`
	Type         string `json:"type"`
	Patch        string `json:"patch"`
	Diff         string `json:"diff"`
	Additions    int    `json:"additions"`
	Deletions    int    `json:"deletions"`
}

// patchResult is each file the metadata says the patch changed, with its
// hunks and line numbers, as opencode's TUI draws them ("Patched path",
// "Created path", "Deleted path"); else what the model was told.
func patchResult(_ json.RawMessage, r producers.Result) (cards.ResultView, error) {
	var m struct {
		Files []patchedFile `json:"files"`
	}
	if r.IsError || json.Unmarshal(r.Meta, &m) != nil || len(m.Files) == 0 {
		return toolview.Plain(r), nil
	}
	var v cards.DiffResult
	added, removed := 0, 0
	for _, f := range m.Files {
		path := f.RelativePath
		if path == "" {
			path = f.FilePath
		}
		diffs := toolview.PatchHunks(path, f.Patch+f.Diff)
		if f.Type == "add" {
			for i := range diffs {
				diffs[i].OldText = nil
			}
		}
		v.Diffs = append(v.Diffs, diffs...)
		added, removed = added+f.Additions, removed+f.Deletions
	}
	v.Title = fmt.Sprintf("Patched %d files (+%d -%d)", len(m.Files), added, removed)
	if len(m.Files) == 1 {
		v.Title = fmt.Sprintf("%s %s (+%d -%d)", patchVerb(m.Files[0].Type), m.Files[0].RelativePath, added, removed)
	}
	return v, nil
}

// patchVerb is opencode's word for a change of type t.
func patchVerb(t string) string {
	switch t {
	case "add":
		return "Created"
	case "delete":
		return "Deleted"
	case "move":
		return "Moved"
	}
	return "Patched"
}
