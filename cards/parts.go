package cards

import (
	"encoding/json"
	"slices"
)

// ToolCallKind says what sort of work a call does; the renderer picks the
// card's glyph from it.
type ToolCallKind string

// The closed set of call kinds.
const (
	KindRead       ToolCallKind = "read"
	KindEdit       ToolCallKind = "edit"
	KindDelete     ToolCallKind = "delete"
	KindMove       ToolCallKind = "move"
	KindSearch     ToolCallKind = "search"
	KindExecute    ToolCallKind = "execute"
	KindThink      ToolCallKind = "think"
	KindFetch      ToolCallKind = "fetch"
	KindSwitchMode ToolCallKind = "switch_mode"
	KindOther      ToolCallKind = "other"
)

// Kinds lists every valid ToolCallKind.
var Kinds = []ToolCallKind{
	KindRead, KindEdit, KindDelete, KindMove, KindSearch,
	KindExecute, KindThink, KindFetch, KindSwitchMode, KindOther,
}

// Valid reports whether k is one of Kinds.
func (k ToolCallKind) Valid() bool { return slices.Contains(Kinds, k) }

// FileLocation points at a file and, when Line is not 0, a 1-based line.
type FileLocation struct {
	Path string `json:"path"`
	Line int    `json:"line,omitempty"`
}

// DecodeFileLocation decodes one location strictly.
func DecodeFileLocation(data []byte) (FileLocation, error) {
	return decodeFields(data, "FileLocation", parseObject, fileLocationFields)
}

// fileLocationFields reads the fields of a FileLocation.
func fileLocationFields(o *object) (loc FileLocation, err error) {
	if loc.Path, err = o.nonEmptyStr("path"); err != nil {
		return loc, err
	}
	loc.Line, err = o.optionalInt("line", 1)
	return loc, err
}

// FileDiff is the before and after text of one file, or of one applied
// hunk of it. OldText nil marks a new file (or a file with no before-image).
// OldStart and NewStart, when not 0, are the 1-based lines where the texts
// start in the old and new file; sources that do not know leave them 0 and
// no line numbers are shown.
//
// What the file went through follows (see Created and Deleted): a null
// oldText whose newText starts at line 1 is a file the tool says it
// created; a null oldText without a newStart is only the text written (an
// overwrite whose before-image was not recorded, or a create the tool did
// not confirm); a before-image from line 1 with an empty newText and no
// newStart ("@@ -1,N +0,0 @@") is a deleted file.
//
// Lines, when not nil, is the hunk as the tool recorded it (see
// HunkSides): its kept, removed and added lines in the recorded order,
// whose two sides are exactly oldText and newText. The renderer draws a
// recorded hunk as it is and diffs the texts only when there is none.
type FileDiff struct {
	Path     string   `json:"path"`
	OldText  *string  `json:"oldText"`
	NewText  string   `json:"newText"`
	OldStart int      `json:"oldStart,omitempty"`
	NewStart int      `json:"newStart,omitempty"`
	Lines    []string `json:"lines,omitempty"`
}

// IsNewFile reports whether the diff has no before-image: a new file, or
// a write whose earlier content is not known (see Created).
func (d FileDiff) IsNewFile() bool { return d.OldText == nil }

// Created reports whether the diff is a file its tool created: no
// before-image, and the text numbered from line 1.
func (d FileDiff) Created() bool { return d.OldText == nil && d.NewStart == 1 }

// Deleted reports whether the diff removes its whole file: a before-image
// from line 1, nothing after.
func (d FileDiff) Deleted() bool {
	return d.OldText != nil && *d.OldText != "" && d.OldStart == 1 && d.NewText == "" && d.NewStart == 0
}

// DecodeFileDiff decodes one FileDiff strictly: path and newText are
// required, and oldText must be present (null is the new-file marker, an
// absent oldText is an error).
func DecodeFileDiff(data []byte) (FileDiff, error) {
	return decodeFields(data, "FileDiff", parseObject, fileDiffFields)
}

// fileDiffFields reads the fields of a FileDiff.
func fileDiffFields(o *object) (d FileDiff, err error) {
	if d.Path, err = o.nonEmptyStr("path"); err != nil {
		return d, err
	}
	if !o.has("oldText") {
		return d, o.fail("oldText", ErrMissingField, "use null for a new file")
	}
	if d.OldText, err = o.optionalStr("oldText"); err != nil {
		return d, err
	}
	if d.NewText, err = o.requiredStr("newText"); err != nil {
		return d, err
	}
	if d.OldStart, err = o.optionalInt("oldStart", 1); err != nil {
		return d, err
	}
	if d.NewStart, err = o.optionalInt("newStart", 1); err != nil {
		return d, err
	}
	d.Lines, err = decodeHunkLines(o, d)
	return d, err
}

// decodeHunkLines reads the optional recorded "lines" of the FileDiff d,
// which must be a hunk of its oldText and newText.
func decodeHunkLines(o *object, d FileDiff) ([]string, error) {
	items, present, err := o.array("lines")
	if err != nil || !present {
		return nil, err
	}
	if len(items) == 0 {
		return nil, o.fail("lines", ErrInvalidValue, "must not be empty (leave it out when no hunk is recorded)")
	}
	if d.Lines, err = decodeEach(o, "lines", items, decodeString); err != nil {
		return nil, err
	}
	if field, detail := d.checkHunk(); field != "" {
		return nil, o.fail(field, ErrInvalidValue, detail)
	}
	return d.Lines, nil
}

// decodeKind reads an optional "kind" field and checks it is a ToolCallKind.
func decodeKind(o *object) (ToolCallKind, error) {
	s, err := o.str("kind")
	if err != nil || s == "" {
		return "", err
	}
	if k := ToolCallKind(s); k.Valid() {
		return k, nil
	}
	return "", o.fail("kind", ErrInvalidValue, "unknown kind "+quote(s))
}

func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// decodeLocations reads an optional "locations" array.
func decodeLocations(o *object) ([]FileLocation, error) {
	items, _, err := o.array("locations")
	if err != nil {
		return nil, err
	}
	if items == nil {
		return nil, nil
	}
	return decodeEach(o, "locations", items, element("FileLocation", fileLocationFields))
}

// decodeDiffs reads the required "diffs" array.
func decodeDiffs(o *object) ([]FileDiff, error) {
	items, err := o.requiredArray("diffs")
	if err != nil {
		return nil, err
	}
	return decodeEach(o, "diffs", items, element("FileDiff", fileDiffFields))
}

func contains(list []string, s string) bool { return slices.Contains(list, s) }

func joinQuoted(list []string) string {
	out := ""
	for i, s := range list {
		if i > 0 {
			out += ", "
		}
		out += quote(s)
	}
	return out
}
