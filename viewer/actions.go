package viewer

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	exportmd "github.com/cardtui/cardtui/export/markdown"

	tea "charm.land/bubbletea/v2"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/render"
)

// noteMsg is the result of an action run in a command (copy, open): what
// the status line says about it.
type noteMsg string

// clipboardCapability is the terminfo capability of OSC 52 clipboard
// writes, which Init asks the terminal for (XTGETTCAP).
const clipboardCapability = "Ms"

// termcap is what the terminal said it supports.
type termcap struct {
	clipboard bool // OSC 52 writes
}

// take reads a capability reply.
func (t *termcap) take(msg tea.CapabilityMsg) {
	for _, cap := range strings.Split(msg.Content, ";") {
		name, _, _ := strings.Cut(cap, "=")
		if name == clipboardCapability {
			t.clipboard = true
		}
	}
}

// CardText is the text of an entry as the copy key copies it: the card's
// Markdown form (exportmd.Entry) — plain text without escape sequences,
// every line of it, the output of a command in a fenced block.
func CardText(e cards.Entry, o render.Options) string {
	o.Terminal, o.Expanded = false, true
	return strings.TrimRight(exportmd.Entry(e, o), "\n") + "\n"
}

// copyFocused copies the focused card's text: inside tmux as tmux takes
// it (copyInTmux), else to the clipboard with OSC 52 when the terminal
// said it takes it, else to a file whose name the status line shows.
func (m *Model) copyFocused() tea.Cmd {
	e := m.FocusedEntry()
	if e == nil {
		return nil
	}
	text := CardText(e, m.opts.Render)
	if m.tmux != nil {
		return copyInTmux(m.tmux, text)
	}
	if m.termcap.clipboard {
		m.note = "copied " + lineCount(text) + " to the clipboard"
		return tea.SetClipboard(text)
	}
	return func() tea.Msg {
		f, err := os.CreateTemp("", "cardtui-card-*.md")
		if err != nil {
			return noteMsg("copy failed: " + err.Error())
		}
		_, err = f.WriteString(text)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return noteMsg("copy failed: " + err.Error())
		}
		return noteMsg("copied to " + f.Name()) // the terminal has no OSC 52
	}
}

// openFocused opens the file of the focused card in $VISUAL or $EDITOR,
// at its line when the card knows it ("+N", which vi, vim, nano, emacs
// and most editors take).
func (m *Model) openFocused() tea.Cmd {
	e := m.FocusedEntry()
	if e == nil {
		return nil
	}
	loc, ok := Location(e)
	if !ok {
		m.note = "this card names no file"
		return nil
	}
	cmd := editorCommand(firstSet(os.Getenv("VISUAL"), os.Getenv("EDITOR")), loc)
	if cmd == nil {
		m.note = "set $EDITOR to open " + flatten(loc.Path)
		return nil
	}
	return tea.ExecProcess(cmd, func(err error) tea.Msg {
		if err != nil {
			return noteMsg(fmt.Sprintf("%s: %v", cmd.Args[0], err))
		}
		return noteMsg("")
	})
}

// editorCommand is the command that opens loc in editor (a command line
// such as "code -w"), nil when editor is empty.
func editorCommand(editor string, loc cards.FileLocation) *exec.Cmd {
	fields := strings.Fields(editor)
	if len(fields) == 0 {
		return nil
	}
	args := fields[1:]
	if loc.Line > 0 {
		args = append(args, "+"+strconv.Itoa(loc.Line))
	}
	return exec.Command(fields[0], append(args, asFileArg(loc.Path))...)
}

// asFileArg is a path from the input as an argument that an editor reads
// as a file name, never as an option (-…) or a command (vi's +…): a
// relative path starts with ./ .
func asFileArg(path string) string {
	if filepath.IsAbs(path) || strings.HasPrefix(path, "./") || strings.HasPrefix(path, "../") {
		return path
	}
	return "./" + path
}

func firstSet(values ...string) string {
	for _, v := range values {
		if v != "" {
			return v
		}
	}
	return ""
}

// Location is the file an entry is about and its line (0 when unknown):
// a call's first location or file, a read's file at its first line, a
// search's first match, a problem's line of the session. ok is false
// when the entry names no file.
func Location(e cards.Entry) (loc cards.FileLocation, ok bool) {
	switch e := e.(type) {
	case cards.ToolCard:
		if loc, ok := callLocation(e.Call); ok {
			return loc, true
		}
		return resultLocation(e.Result)
	case cards.Problem:
		return cards.FileLocation{Path: e.Source, Line: e.Line}, e.Source != "" && e.Source != "-"
	case cards.Message, cards.Notice:
	}
	return cards.FileLocation{}, false
}

func callLocation(v cards.CallView) (cards.FileLocation, bool) {
	switch v := v.(type) {
	case cards.GenericCall:
		return first(v.Locations)
	case cards.DiffCall:
		if loc, ok := first(v.Locations); ok {
			return loc, true
		}
		return diffLocation(v.Diffs)
	case cards.TerminalCall, nil:
	}
	return cards.FileLocation{}, false
}

func resultLocation(v cards.ResultView) (cards.FileLocation, bool) {
	switch v := v.(type) {
	case cards.DiffResult:
		return diffLocation(v.Diffs)
	case cards.ReadResult:
		line := max(v.Offset, 1)
		if len(v.Lines) > 0 {
			line = v.Lines[0].Number
		}
		return cards.FileLocation{Path: v.Path, Line: line}, v.Path != ""
	case cards.SearchMatches:
		for _, f := range v.Files {
			for _, mt := range f.Matches {
				return cards.FileLocation{Path: f.Path, Line: mt.LineNumber}, true
			}
		}
	case cards.SearchPaths:
		if len(v.Paths) > 0 {
			return cards.FileLocation{Path: v.Paths[0]}, true
		}
	case cards.GenericResult, cards.TerminalResult, cards.WebSearch, cards.WebFetch, nil:
	}
	return cards.FileLocation{}, false
}

func first(locs []cards.FileLocation) (cards.FileLocation, bool) {
	if len(locs) == 0 || locs[0].Path == "" {
		return cards.FileLocation{}, false
	}
	return locs[0], true
}

func diffLocation(diffs []cards.FileDiff) (cards.FileLocation, bool) {
	if len(diffs) == 0 {
		return cards.FileLocation{}, false
	}
	return cards.FileLocation{Path: diffs[0].Path, Line: diffs[0].NewStart}, diffs[0].Path != ""
}
