package toolview

import (
	"fmt"

	"github.com/cardtui/cardtui/agents/internal/applypatch"
	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/toolkit"
)

// PatchCall is the view of a patch in the apply_patch format (opencode's
// apply_patch, the patch tool of Crush and the Go opencode): "Patch
// path", or "Patch N files", with each file's changes as a diff; a patch
// that does not read (the agent refuses it too) as the text it is.
func PatchCall(patch string) cards.CallView {
	files, err := applypatch.Parse(patch)
	if err != nil {
		return cards.GenericCall{Title: "Patch", Kind: cards.KindEdit, Content: toolkit.Code("diff", patch)}
	}
	v := cards.DiffCall{Title: fmt.Sprintf("Patch %d files", len(files))}
	if len(files) == 1 {
		v.Title = "Patch " + files[0].Target()
	}
	for _, f := range files {
		v.Diffs = append(v.Diffs, f.Diffs...)
		v.Locations = append(v.Locations, cards.FileLocation{Path: f.Target()})
	}
	return v
}

// PatchOn is the CallFunc of a call whose string argument key is a patch
// in the apply_patch format, drawn by PatchCall.
func PatchOn(key string) CallFunc {
	return On(key, func(_ Args, patch string) cards.CallView { return PatchCall(patch) })
}
