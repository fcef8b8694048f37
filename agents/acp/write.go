package acp

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/cardtui/cardtui/cards"
)

// What an agent writes must be what it showed. Every fs/write_text_file
// is drawn as the diff it really makes — the file on disk before it, as
// the client recorded it (a FileWrite record), to the content written —
// on the card of the tool call it belongs to (the latest call still
// running whose diff names the file) or, when none does, on a card of its
// own. The client decides before writing, with CheckWrite: a write that
// belongs to a card is refused when the user rejected that card's edit or
// has not answered its permission yet, or when the content is not what
// the card's diff makes of the file on disk.

// FileWrite is what the client found before it answered an
// fs/write_text_file: the file on disk then, and its verdict. It is
// recorded before the write happens, so that the diff drawn — live and in
// a replay — is the one the write made.
type FileWrite struct {
	// Request is the JSON-RPC id of the agent's request, compacted.
	Request string `json:"request"`
	// Before is the file's text on disk, nil when there was no file.
	Before *string `json:"before,omitempty"`
	// Refused says why the client refused the write, "" when it wrote it.
	Refused string `json:"refused,omitempty"`
}

// fileWrite is one fs/write_text_file request and what became of it.
type fileWrite struct {
	id, path, content string
	// checked is set once the client's FileWrite came: before and refused
	// are known and the write has a card.
	checked bool
	before  *string
	refused string
	// answered is set once the client answered; failure is its error.
	answered bool
	failure  string
	// owner is the tool call whose card shows the write, nil for a card
	// of its own at index.
	owner *toolCall
	index int
}

// writeRequested notes an fs/write_text_file request as it is sent.
func (t *Traffic) writeRequested(id string, params json.RawMessage) {
	var p sdk.WriteTextFileRequest
	if json.Unmarshal(params, &p) != nil {
		return // the client refuses it as invalid; its error is shown
	}
	t.writes = append(t.writes, &fileWrite{id: id, path: p.Path, content: p.Content, index: -1})
}

// WriteRequest returns the id of the oldest write request not yet checked
// that writes content to path: the request a client's handler, which is
// given the parameters but not the id, is answering.
func (t *Traffic) WriteRequest(path, content string) (string, bool) {
	for _, w := range t.writes {
		if !w.checked && w.path == path && w.content == content {
			return w.id, true
		}
	}
	return "", false
}

// write returns the write request with id.
func (t *Traffic) write(id string) *fileWrite {
	for _, w := range t.writes {
		if w.id == id {
			return w
		}
	}
	return nil
}

// CheckWrite is the client's verdict on write request id, given the
// file's text on disk (nil: no file): "" to write it, else why it is
// refused.
func (t *Traffic) CheckWrite(id string, before *string) string {
	w := t.write(id)
	if w == nil {
		return "no such write request"
	}
	c := t.writeOwner(w.path)
	if c == nil {
		return ""
	}
	if p := c.permission; p != nil {
		switch {
		case !p.answered:
			return "its card's permission request has not been answered"
		case p.refused():
			return "you rejected the edit on its card"
		}
	}
	if !diffsMake(c.diffsFor(t, w.path), before, w.content) {
		if c.permission != nil {
			return "the content is not what the edit you approved on its card makes of the file"
		}
		return "the content is not what the edit shown on its card makes of the file"
	}
	return ""
}

// fileWritten applies a client's FileWrite: the write gets its card.
func (t *Traffic) fileWritten(fw FileWrite) {
	w := t.write(fw.Request)
	if w == nil || w.checked {
		t.problem("a file write record for request " + fw.Request + ", which is not a write waiting for its answer")
		return
	}
	w.checked, w.before, w.refused = true, fw.Before, fw.Refused
	if c := t.writeOwner(w.path); c != nil {
		w.owner = c
		c.writes = append(c.writes, w)
		t.touch(c.index)
		return
	}
	w.index = t.add(w.card(t.dir))
	t.writeAt[w.index] = w
}

// writeAnswered applies the client's answer to write request id; it
// reports whether the write has a card, which then shows the answer.
func (t *Traffic) writeAnswered(id string, e *sdk.RequestError) bool {
	w := t.write(id)
	if w == nil {
		return false
	}
	t.writes = slices.DeleteFunc(t.writes, func(x *fileWrite) bool { return x == w })
	if !w.checked {
		return false
	}
	w.answered = true
	if e != nil {
		w.failure = e.Message
	}
	if w.owner != nil {
		t.touch(w.owner.index)
	} else {
		t.touch(w.index)
	}
	return true
}

// writeOwner is the tool call a write to path belongs to: the latest one
// not completed or failed whose content has a diff of that file.
func (t *Traffic) writeOwner(path string) *toolCall {
	for i := len(t.entries) - 1; i >= 0; i-- {
		c, ok := t.toolAt[i]
		if ok && c.status != sdk.ToolCallStatusCompleted && c.status != sdk.ToolCallStatusFailed && len(c.diffsFor(t, path)) > 0 {
			return c
		}
	}
	return nil
}

// diffsFor are the call's diffs of the file at path.
func (c *toolCall) diffsFor(t *Traffic, path string) []sdk.ToolCallContentDiff {
	var out []sdk.ToolCallContentDiff
	for _, content := range c.content {
		if d := content.Diff; d != nil && t.samePath(d.Path, path) {
			out = append(out, *d)
		}
	}
	return out
}

// samePath reports whether two paths of the agent's name the same file,
// a relative one taken from the session directory.
func (t *Traffic) samePath(a, b string) bool {
	abs := func(p string) string {
		if !filepath.IsAbs(p) {
			p = filepath.Join(t.dir, p)
		}
		return filepath.Clean(p)
	}
	return abs(a) == abs(b)
}

// diffsMake reports whether content is what the diffs make of the file's
// text before: one of them, or all of them in their order, each applied
// as an edit (its old text replaced, once or everywhere, by its new text)
// or as the whole file. Writing the file as it is changes nothing and is
// always what they make.
func diffsMake(diffs []sdk.ToolCallContentDiff, before *string, content string) bool {
	text := ""
	if before != nil {
		text = *before
	}
	if content == text {
		return true
	}
	first, all := text, text
	firstOK, allOK := true, true
	for _, d := range diffs {
		for _, every := range []bool{false, true} {
			if got, ok := applyDiff(text, d, every); ok && got == content {
				return true
			}
		}
		first, firstOK = chain(first, firstOK, d, false)
		all, allOK = chain(all, allOK, d, true)
	}
	return firstOK && first == content || allOK && all == content
}

// chain applies d to text when the diffs before it applied.
func chain(text string, ok bool, d sdk.ToolCallContentDiff, every bool) (string, bool) {
	if !ok {
		return "", false
	}
	return applyDiff(text, d, every)
}

// applyDiff applies a diff to a file's text: a diff without an old text,
// or whose old text is the whole file, gives its new text; else its old
// text, which must be in the file, is replaced once or everywhere.
func applyDiff(text string, d sdk.ToolCallContentDiff, every bool) (string, bool) {
	old := ""
	if d.OldText != nil {
		old = *d.OldText
	}
	switch {
	case old == "" || old == text:
		return d.NewText, true
	case !strings.Contains(text, old):
		return "", false
	case every:
		return strings.ReplaceAll(text, old, d.NewText), true
	}
	return strings.Replace(text, old, d.NewText, 1), true
}

// card draws a write as the diff it makes, titled by its path (relative
// to the session directory dir when inside it), with its state: writing,
// written, refused (and why) or failed.
func (w *fileWrite) card(dir string) cards.ToolCard {
	path := relPath(w.path, dir)
	call := cards.DiffCall{
		Title: "Write " + oneLine(path),
		Diffs: []cards.FileDiff{{Path: path, OldText: w.before, NewText: w.content}},
	}
	card := cards.ToolCard{ID: "write " + w.id, Tool: "fs/write_text_file", Call: call}
	switch {
	case w.refused != "":
		card.Result = cards.GenericResult{Title: "cardtui refused this write: " + w.refused}
		card.Outcome = cards.OutcomeDenied
	case w.answered && w.failure != "":
		card.Result = cards.GenericResult{Title: "The write failed: " + w.failure}
		card.Outcome = cards.OutcomeFailed
	case w.answered:
		card.Result = cards.GenericResult{Title: "Written: the diff above is what the file became"}
	}
	return card
}

// writeCards are the cards of the writes a tool call's card shows.
func (c *toolCall) writeCards(dir string) []cards.Entry {
	var out []cards.Entry
	for _, w := range c.writes {
		out = append(out, w.card(dir))
	}
	return out
}
