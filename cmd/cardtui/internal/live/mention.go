package live

import (
	"os"
	"path/filepath"
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"
)

// mentionListing bounds the directory entries a completion of "@path"
// reads.
const mentionListing = 500

// mentionMsg completes the "@path" the composer ends with: the text
// asked about and the path it becomes, "" when nothing matches.
type mentionMsg struct {
	asked, path string
}

// mentionAsked is the partial path of the "@path" the composer's text
// ends with; false when it ends with none.
func mentionAsked(text string) (string, bool) {
	i := strings.LastIndexAny(text, " \n\t")
	return strings.CutPrefix(text[i+1:], "@")
}

// completeMention lists, off the UI loop, the directory of the partial
// path asked under the session directory dir, and completes it to the
// first entry (in name order) it starts: a directory with its "/".
func completeMention(dir, asked string) tea.Cmd {
	return func() tea.Msg {
		return mentionMsg{asked: asked, path: firstMatch(dir, asked)}
	}
}

// firstMatch is asked completed from the bounded listing of its
// directory, "" when no entry starts it or the path leaves dir.
func firstMatch(dir, asked string) string {
	sub, prefix := filepath.Split(asked)
	if filepath.IsAbs(sub) || slices.Contains(strings.Split(filepath.ToSlash(sub), "/"), "..") {
		return ""
	}
	f, err := os.Open(filepath.Join(dir, sub))
	if err != nil {
		return ""
	}
	defer f.Close()
	entries, _ := f.ReadDir(mentionListing)
	slices.SortFunc(entries, func(a, b os.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), prefix) && (prefix != "" || !strings.HasPrefix(e.Name(), ".")) {
			if e.IsDir() {
				return sub + e.Name() + "/"
			}
			return sub + e.Name()
		}
	}
	return ""
}

// mentionCompleted puts the completed path in the composer when it still
// ends with what was asked.
func (m *Model) mentionCompleted(msg mentionMsg) {
	text := m.input.Value()
	if asked, ok := mentionAsked(text); msg.path == "" || !ok || asked != msg.asked {
		return
	}
	m.input.SetValue(strings.TrimSuffix(text, msg.asked) + msg.path)
	m.input.CursorEnd()
}

// mentioning reports whether the composer ends with an "@path" to
// complete.
func (m *Model) mentioning() bool {
	_, ok := mentionAsked(m.input.Value())
	return ok
}
