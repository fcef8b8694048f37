// Package applypatch reads the patch format of Codex's apply_patch, which
// opencode's apply_patch and the patch tool of Crush and the Go opencode
// take too:
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
// The patch has no line numbers: its diffs have none.
package applypatch

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/toolkit"
)

// File is one file a patch touches.
type File struct {
	// Op is "add", "update" or "delete".
	Op string
	// Path is the file's path; MoveTo where an update moves it, if it does.
	Path, MoveTo string
	// Diffs are the file's changes: its content for an added file, a
	// chunk without line numbers each for an update, none for a deletion.
	Diffs []cards.FileDiff
}

// Target is where the file ends up.
func (f File) Target() string {
	if f.MoveTo != "" {
		return f.MoveTo
	}
	return f.Path
}

// The markers of the patch format.
const (
	beginPatch = "*** Begin Patch"
	endPatch   = "*** End Patch"
	addFile    = "*** Add File: "
	deleteFile = "*** Delete File: "
	updateFile = "*** Update File: "
	moveTo     = "*** Move to: "
	endOfFile  = "*** End of File"
)

// Parse reads a patch. What stands before "*** Begin Patch" (a
// heredoc line) is ignored; a missing "*** End Patch" is tolerated.
func Parse(body string) ([]File, error) {
	lines := strings.Split(strings.ReplaceAll(body, "\r\n", "\n"), "\n")
	start := slices.IndexFunc(lines, func(l string) bool { return strings.TrimSpace(l) == beginPatch })
	if start < 0 {
		return nil, errors.New(`the patch has no "` + beginPatch + `" line`)
	}
	p := patchParser{lines: lines, at: start + 1}
	for p.at < len(p.lines) {
		line := p.lines[p.at]
		p.at++
		var err error
		switch {
		case strings.TrimSpace(line) == endPatch:
			return p.files, p.checkFiles()
		case strings.HasPrefix(line, addFile):
			err = p.add(strings.TrimPrefix(line, addFile))
		case strings.HasPrefix(line, deleteFile):
			p.files = append(p.files, File{Op: "delete", Path: strings.TrimPrefix(line, deleteFile)})
		case strings.HasPrefix(line, updateFile):
			err = p.update(strings.TrimPrefix(line, updateFile))
		case strings.TrimSpace(line) == "":
		default:
			err = fmt.Errorf("line %d: %q is not a patch line", p.at, line)
		}
		if err != nil {
			return nil, err
		}
	}
	return p.files, p.checkFiles()
}

// patchParser walks the lines of a patch.
type patchParser struct {
	lines []string
	at    int
	files []File
}

func (p *patchParser) checkFiles() error {
	if len(p.files) == 0 {
		return errors.New("the patch changes no file")
	}
	for _, f := range p.files {
		if strings.TrimSpace(f.Path) == "" {
			return errors.New("the patch names a file with an empty path")
		}
	}
	return nil
}

// body returns the lines up to the next "*** " marker.
func (p *patchParser) body() []string {
	first := p.at
	for p.at < len(p.lines) && !strings.HasPrefix(p.lines[p.at], "*** ") {
		p.at++
	}
	return p.lines[first:p.at]
}

// add reads the "+" lines of a new file.
func (p *patchParser) add(path string) error {
	var content []string
	for _, line := range p.body() {
		body, ok := strings.CutPrefix(line, "+")
		if !ok {
			if line == "" {
				continue
			}
			return fmt.Errorf("%s: %q is not a line of the new file", path, line)
		}
		content = append(content, body)
	}
	newText := toolkit.JoinLines(content)
	p.files = append(p.files, File{
		Op: "add", Path: path,
		Diffs: []cards.FileDiff{{Path: path, NewText: newText, NewStart: 1}},
	})
	return nil
}

// update reads an optional "*** Move to:" line and the chunks of an
// update, each starting with "@@" (the first may omit it).
func (p *patchParser) update(path string) error {
	f := File{Op: "update", Path: path}
	if p.at < len(p.lines) && strings.HasPrefix(p.lines[p.at], moveTo) {
		f.MoveTo = strings.TrimPrefix(p.lines[p.at], moveTo)
		p.at++
	}
	for {
		var chunk []string
		for _, line := range p.body() {
			if strings.HasPrefix(line, "@@") {
				if err := f.addChunk(chunk); err != nil {
					return err
				}
				chunk = nil
				continue
			}
			chunk = append(chunk, line)
		}
		if err := f.addChunk(chunk); err != nil {
			return err
		}
		if p.at >= len(p.lines) || p.lines[p.at] != endOfFile {
			break
		}
		p.at++
	}
	p.files = append(p.files, f)
	return nil
}

// addChunk adds the diff of one chunk's " ", "-" and "+" lines; an empty
// line is an empty context line, as Codex reads it.
func (f *File) addChunk(chunk []string) error {
	for len(chunk) > 0 && chunk[len(chunk)-1] == "" {
		chunk = chunk[:len(chunk)-1]
	}
	if len(chunk) == 0 {
		return nil
	}
	d, err := toolkit.RecordedHunk(f.Target(), chunk, 0, 0)
	if err != nil {
		return fmt.Errorf("%s: %w", f.Path, err)
	}
	f.Diffs = append(f.Diffs, d)
	return nil
}
