package codex

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/cardtui/cardtui/agents/internal/applypatch"
	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/toolkit"
	"github.com/cardtui/cardtui/producers"
)

// Codex's apply_patch tool edits files with a patch in its own format:
//
//	*** Begin Patch
//	*** Add File: hello.txt
//	+Hello
//	*** Update File: src/app.py
//	*** Move to: src/main.py
//	@@ def greet():
//	-    print("hi")
//	+    print("hello")
//	*** Delete File: obsolete.txt
//	*** End Patch
//
// The patch has no line numbers: the call's diffs have none. The
// patch_apply_begin and patch_apply_end events describe the same changes
// per file, an update as a unified diff with real line numbers.

// parsePatch reads a patch (see applypatch.Parse).
func parsePatch(body string) ([]applypatch.File, error) {
	files, err := applypatch.Parse(body)
	return rewrites(files), err
}

// rewrites makes a file a patch deletes and then adds again one file
// rewritten: its new text written over a content the patch does not
// give (the deletion's, when it does), not a new file.
func rewrites(files []applypatch.File) []applypatch.File {
	var out []applypatch.File
	for _, f := range files {
		i := slices.IndexFunc(out, func(g applypatch.File) bool { return g.Op == "delete" && g.Path == f.Path })
		if f.Op != "add" || i < 0 || len(f.Diffs) != 1 {
			out = append(out, f)
			continue
		}
		d := f.Diffs[0]
		d.NewStart = 0
		if len(out[i].Diffs) == 1 {
			d.OldText, d.OldStart, d.NewStart = out[i].Diffs[0].OldText, 1, 1
		}
		out[i] = applypatch.File{Op: "update", Path: f.Path, Diffs: []cards.FileDiff{d}}
	}
	return out
}

// patchTitle names what a patch does: "Add a.txt", "Edit b.go", "Move
// b.go → c.go", "Delete d.txt", or "Edit 3 files".
func patchTitle(files []applypatch.File) string {
	if len(files) > 1 {
		return fmt.Sprintf("Edit %d files", len(files))
	}
	f := files[0]
	switch {
	case f.Op == "add":
		return "Add " + f.Path
	case f.Op == "delete":
		return "Delete " + f.Path
	case f.MoveTo != "":
		return "Move " + f.Path + " → " + f.MoveTo
	}
	return "Edit " + f.Path
}

// patchView is the diff call of a patch's files; a deleted file, whose
// content the patch does not give, is named by the title and locations
// only.
func patchView(files []applypatch.File) cards.DiffCall {
	v := cards.DiffCall{Title: patchTitle(files)}
	for _, f := range files {
		v.Diffs = append(v.Diffs, f.Diffs...)
		v.Locations = append(v.Locations, cards.FileLocation{Path: f.Target()})
	}
	return v
}

// patchCall is the call view of a patch text.
func patchCall(body string) (cards.CallView, error) {
	files, err := parsePatch(body)
	if err != nil {
		return nil, err
	}
	return patchView(files), nil
}

// codexPatchArgs are the arguments of apply_patch: the patch text
// (input), or — for a card made from a patch_apply_begin event — the
// event's changes.
type codexPatchArgs struct {
	Input   *string         `json:"input"`
	Changes json.RawMessage `json:"changes"`
}

func presentCodexPatchCall(args json.RawMessage) (cards.CallView, error) {
	var a codexPatchArgs
	if err := producers.DecodeCheckedArgs(args, &a); err != nil {
		return nil, err
	}
	if a.Input != nil {
		view, err := patchCall(*a.Input)
		return view, toolkit.Within("arguments: input", err)
	}
	files, err := changedFiles(a.Changes)
	if err == nil && len(files) == 0 {
		err = errors.New("no patch and no changes")
	}
	if err != nil {
		return nil, toolkit.Within("arguments", err)
	}
	return patchView(files), nil
}

// codexPatchEnd is the part of a patch_apply_end event (with the changes
// of its patch_apply_begin when it has none), or of a FileChange item
// (whose status says whether it applied), that a result shows.
type codexPatchEnd struct {
	Success *bool           `json:"success"`
	Status  *string         `json:"status"`
	Stdout  *string         `json:"stdout"`
	Stderr  *string         `json:"stderr"`
	Changes json.RawMessage `json:"changes"`
}

// presentCodexPatchResult shows the changes the patch applied, with their
// line numbers, from the patch_apply_end event in the meta; without it
// the tool's output, which a failed patch shows under "Error".
func presentCodexPatchResult(args json.RawMessage, r producers.Result) (cards.ResultView, error) {
	if _, err := presentCodexPatchCall(args); err != nil {
		return nil, err
	}
	output, _ := toolkit.TextOf(r.Content)
	exec := parseExecOutput(output)
	failed := r.IsError || (exec.exitCode != nil && *exec.exitCode != 0) || Outcome(r) == cards.OutcomeFailed
	if !producers.HasMeta(r) {
		return patchOutput(exec.output, failed, r), nil
	}
	var end codexPatchEnd
	if err := producers.DecodeJSON(r.Meta, &end); err != nil {
		return nil, toolkit.Within("meta", err)
	}
	if end.Success == nil && end.Status != nil {
		end.Success = ptrTo(*end.Status == "completed")
	}
	if !toolkit.ValueOr(end.Success, !failed) {
		return patchOutput(strings.TrimSpace(toolkit.ValueOr(end.Stderr, "")+"\n"+toolkit.ValueOr(end.Stdout, "")), true, r), nil
	}
	files, err := changedFiles(end.Changes)
	if err != nil || len(files) == 0 {
		return patchOutput(toolkit.ValueOr(end.Stdout, exec.output), false, r), toolkit.Within("meta: changes", err)
	}
	var diffs []cards.FileDiff
	for _, f := range files {
		diffs = append(diffs, f.Diffs...)
	}
	return cards.DiffResult{Title: patchTitle(files), Diffs: diffs}, nil
}

// patchOutput shows what apply_patch printed, under "Error" when it
// failed.
func patchOutput(output string, failed bool, r producers.Result) cards.GenericResult {
	var content []cards.ContentBlock
	if strings.TrimSpace(output) != "" {
		content = toolkit.Code("", output)
	}
	if failed {
		return cards.GenericResult{Title: "Error", Content: producers.WithError(content, producers.Result{IsError: true, Error: r.Error})}
	}
	return cards.GenericResult{Content: producers.WithError(content, r)}
}

// changedFiles reads the changes of a patch event, a map from path to
// {"add": {content}}, {"delete": {content}} or {"update": {unified_diff,
// move_path}} (or the same with a "type" field), in path order. None when
// there are no changes.
func changedFiles(raw json.RawMessage) ([]applypatch.File, error) {
	if !producers.HasMeta(producers.Result{Meta: raw}) {
		return nil, nil
	}
	var changes map[string]json.RawMessage
	if err := producers.DecodeJSON(raw, &changes); err != nil {
		return nil, err
	}
	paths := make([]string, 0, len(changes))
	for path := range changes {
		paths = append(paths, path)
	}
	slices.Sort(paths)
	var files []applypatch.File
	for _, path := range paths {
		f, err := changedFile(path, changes[path])
		if err != nil {
			return nil, fmt.Errorf("%q: %w", path, err)
		}
		files = append(files, f)
	}
	return files, nil
}

// fileChange is one change of a patch event, in either form.
type fileChange struct {
	Type        *string     `json:"type"`
	Content     *string     `json:"content"`
	UnifiedDiff *string     `json:"unified_diff"`
	MovePath    *string     `json:"move_path"`
	Add         *fileChange `json:"add"`
	Delete      *fileChange `json:"delete"`
	Update      *fileChange `json:"update"`
}

// kind returns the change's operation and its fields.
func (c fileChange) kind() (string, fileChange, error) {
	switch {
	case c.Add != nil:
		return "add", *c.Add, nil
	case c.Delete != nil:
		return "delete", *c.Delete, nil
	case c.Update != nil:
		return "update", *c.Update, nil
	case c.Type != nil:
		return *c.Type, c, nil
	}
	return "", c, errors.New(`want one of "add", "delete", "update"`)
}

func changedFile(path string, raw json.RawMessage) (applypatch.File, error) {
	var c fileChange
	if err := producers.DecodeJSON(raw, &c); err != nil {
		return applypatch.File{}, err
	}
	op, fields, err := c.kind()
	if err != nil {
		return applypatch.File{}, err
	}
	f := applypatch.File{Op: op, Path: path, MoveTo: toolkit.ValueOr(fields.MovePath, "")}
	switch op {
	case "add":
		f.Diffs = []cards.FileDiff{{Path: path, NewText: toolkit.ValueOr(fields.Content, ""), NewStart: 1}}
	case "delete":
		if fields.Content != nil {
			f.Diffs = []cards.FileDiff{{Path: path, OldText: fields.Content, OldStart: 1}}
		}
	case "update":
		diff, err := toolkit.Required("unified_diff", fields.UnifiedDiff)
		if err == nil {
			f.Diffs, err = unifiedDiffs(f.Target(), diff)
		}
		if err != nil {
			return applypatch.File{}, err
		}
	default:
		return applypatch.File{}, fmt.Errorf("unknown change %q", op)
	}
	return f, nil
}

// unifiedDiffs reads the hunks of a unified diff into one FileDiff each,
// numbered from their "@@ -a,b +c,d @@" headers, its lines as recorded.
func unifiedDiffs(path, diff string) ([]cards.FileDiff, error) {
	lines := strings.Split(strings.TrimSuffix(diff, "\n"), "\n")
	var diffs []cards.FileDiff
	for i := 0; i < len(lines); {
		if !strings.HasPrefix(lines[i], "@@ ") {
			i++ // a "---"/"+++" header or other text outside the hunks
			continue
		}
		h, err := parseHunkHeader(lines[i])
		if err != nil {
			return nil, err
		}
		i++
		first := i
		for oldLeft, newLeft := h.oldCount, h.newCount; i < len(lines) && !strings.HasPrefix(lines[i], "@@ ") &&
			(oldLeft > 0 || newLeft > 0 || strings.HasPrefix(lines[i], `\`)); i++ {
			switch toolkit.LinePrefix(lines[i]) {
			case ' ':
				oldLeft, newLeft = oldLeft-1, newLeft-1
			case '-':
				oldLeft--
			case '+':
				newLeft--
			}
		}
		d, err := toolkit.RecordedHunk(path, lines[first:i], h.oldStart, h.newStart)
		if err != nil {
			return nil, err
		}
		diffs = append(diffs, d)
	}
	return diffs, nil
}

// hunkHeader is what "@@ -a,b +c,d @@" says: where each side of the hunk
// starts (1-based, where a side's text would start when it is empty) and
// how many lines it has.
type hunkHeader struct {
	oldStart, oldCount, newStart, newCount int
}

func parseHunkHeader(line string) (hunkHeader, error) {
	fields := strings.Fields(line)
	var h hunkHeader
	if len(fields) < 4 || fields[3] != "@@" {
		return h, fmt.Errorf("%q is not a hunk header", line)
	}
	var err error
	if h.oldStart, h.oldCount, err = hunkRange(fields[1], "-"); err != nil {
		return h, fmt.Errorf("%q: %w", line, err)
	}
	if h.newStart, h.newCount, err = hunkRange(fields[2], "+"); err != nil {
		return h, fmt.Errorf("%q: %w", line, err)
	}
	return h, nil
}

// hunkRange reads "-a,b" (b is 1 when left out); an empty range names the
// line before it, so its text would start one line later.
func hunkRange(field, sign string) (start, count int, err error) {
	spec, ok := strings.CutPrefix(field, sign)
	if !ok {
		return 0, 0, fmt.Errorf("%q does not start with %q", field, sign)
	}
	startText, countText, hasCount := strings.Cut(spec, ",")
	count = 1
	if hasCount {
		count, err = strconv.Atoi(countText)
	}
	if err == nil {
		start, err = strconv.Atoi(startText)
	}
	switch {
	case err != nil || start < 0 || count < 0:
		return 0, 0, fmt.Errorf("%q is not a line range", field)
	case count == 0:
		start++
	}
	return start, count, nil
}

// ptrTo is a pointer to v.
func ptrTo[T any](v T) *T { return &v }
