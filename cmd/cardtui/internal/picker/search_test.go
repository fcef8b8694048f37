package picker

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/cmd/cardtui/internal/listing"
	"github.com/cardtui/cardtui/internal/testkit/golden"
	"github.com/cardtui/cardtui/sessions"
	"github.com/cardtui/cardtui/viewer"
)

// now is the clock of the tests: the sessions were active hours before.
var now = time.Date(2026, 1, 5, 12, 0, 0, 0, time.UTC)

// fakeSessions are two sessions, the newer first; fakeLines are what
// happened in each, one line an entry.
var (
	fakeSessions = []sessions.Session{
		{Agent: "claude", Path: "/s/new.jsonl", Title: "Fix the flaky test", LastActivity: now.Add(-2 * time.Hour), Size: 1},
		{Agent: "codex", Path: "/s/old.jsonl", Title: "Add a --json flag", LastActivity: now.Add(-30 * time.Hour), Size: 1},
	}
	fakeLines = map[string][]string{
		"/s/new.jsonl": {"fix the flaky test", "$ go test ./...", "--- FAIL: TestZebra (0.01s)", "zebra crossing found"},
		"/s/old.jsonl": {"add a flag", "$ go build", "no zebra here", "ok"},
	}
)

// fakeSearch finds m in fakeLines, as sessions.Search does: newest
// session first, entry by entry; searched counts the lines taken.
func fakeSearch(searched *atomic.Int64) Searcher {
	return func(list []sessions.Session, m sessions.Matcher, hit func(sessions.Hit) bool) {
		for _, s := range list {
			for i, text := range fakeLines[s.Path] {
				start, end, ok := m.Find([]byte(text))
				if !ok {
					continue
				}
				if !hit(sessions.Hit{Session: s, Line: sessions.DocLine{Entry: i, Title: fmt.Sprintf("Card %d", i), Text: text}, Matches: [][2]int{{start, end}}}) {
					return
				}
				searched.Add(1)
			}
		}
	}
}

// opening is a session the fake opener opened.
type opening struct {
	path string
	feed chan cards.Change
}

// searchPicker is a picker of 80×24 on fakeSessions, searching with
// search; the sessions opened are sent on opened.
func searchPicker(t *testing.T, search Searcher, opened chan<- opening) Model {
	open := func(s sessions.Session, report func(tea.Msg)) (Opened, error) {
		feed := make(chan cards.Change, 64)
		opened <- opening{path: s.Path, feed: feed}
		o := viewer.DefaultOptions()
		o.Render.Profile, o.ThemeFixed, o.NoFollow, o.RenderWait = colorprofile.NoTTY, true, true, 0
		_, cancel := context.WithCancel(context.Background())
		return Opened{Viewer: viewer.New(o), Feed: feed, Cancel: cancel}, nil
	}
	p := New(Options{Sessions: fakeSessions, Dark: true, ThemeSet: true, Open: open, Send: func(tea.Msg) {}, Search: search})
	p.search.now = func() time.Time { return now }
	return update(t, p, tea.WindowSizeMsg{Width: 80, Height: 24})
}

// update hands msg to p, dropping the command it returns.
func update(t *testing.T, p Model, msg tea.Msg) Model {
	t.Helper()
	m, _ := p.Update(msg)
	return m.(Model)
}

// updateCmd hands msg to p and returns the command too.
func updateCmd(t *testing.T, p Model, msg tea.Msg) (Model, tea.Cmd) {
	t.Helper()
	m, cmd := p.Update(msg)
	return m.(Model), cmd
}

// press is the key press of a named key or a character.
func press(name string) tea.KeyPressMsg {
	switch name {
	case "enter":
		return tea.KeyPressMsg{Code: tea.KeyEnter}
	case "esc":
		return tea.KeyPressMsg{Code: tea.KeyEscape}
	case "down":
		return tea.KeyPressMsg{Code: tea.KeyDown}
	}
	return tea.KeyPressMsg{Code: rune(name[0]), Text: name}
}

// typed types text into p, a key at a time.
func typed(t *testing.T, p Model, text string) Model {
	for _, r := range text {
		p = update(t, p, press(string(r)))
	}
	return p
}

// searched is p once typing paused on its query and the search ran.
func searched(t *testing.T, p Model) Model {
	t.Helper()
	p, cmd := updateCmd(t, p, searchTickMsg{gen: p.search.gen})
	require.NotNil(t, cmd, "the search starts")
	return update(t, p, cmd())
}

// text is p's screen without styles.
func text(p Model) string { return ansi.Strip(p.View().Content) }

// TestSearchTypingFindsHits: s enters the search mode; typing waits for a
// pause, then the lines holding the query are listed newest session
// first as session · time · card title · line, the match highlighted; a
// pause on an earlier query starts nothing; esc goes back to the list.
func TestSearchTypingFindsHits(t *testing.T) {
	var n atomic.Int64
	p := searchPicker(t, fakeSearch(&n), make(chan opening, 1))
	assert.Contains(t, text(p), "s search text", "the help line names the key")
	p = update(t, p, press("s"))
	p = typed(t, p, "zeb")
	earlier := p.search.gen - 1
	p, cmd := updateCmd(t, p, press("r"))
	require.NotNil(t, cmd, "typing waits for a pause")
	p, cmd = updateCmd(t, p, searchTickMsg{gen: earlier})
	assert.Nil(t, cmd, "a pause on an earlier query starts nothing")
	assert.Contains(t, text(p), "searching…")

	p = typed(t, p, "a")
	p = searched(t, p)
	screen := text(p)
	assert.Contains(t, screen, "2 lines", "the case counts, as in cardtui search")
	rows := strings.Split(screen, "\n")
	assert.Equal(t, "▌ Fix the flaky t… · 2h ago · Card 3 · zebra crossing found", strings.TrimRight(rows[3], " "))
	assert.Equal(t, "  Add a --json fl… · 1d ago · Card 2 · no zebra here", strings.TrimRight(rows[4], " "))
	assert.Contains(t, p.searchView(), listing.Highlight("zebra"), "the match is highlighted")
	golden.Assert(t, "search-80x24.txt", screen)

	p = update(t, p, press("esc"))
	assert.Contains(t, text(p), "All sessions", "esc goes back to the list")
	p = update(t, p, press("s"))
	assert.Contains(t, text(p), "2 lines", "and s comes back to the same search")
}

// TestSearchDropsStaleResults: what the search of an earlier query found
// is dropped when it arrives after the query changed, and that search
// was told to stop.
func TestSearchDropsStaleResults(t *testing.T) {
	var n atomic.Int64
	p := searchPicker(t, fakeSearch(&n), make(chan opening, 1))
	p = typed(t, update(t, p, press("s")), "zebra")
	p, stale := updateCmd(t, p, searchTickMsg{gen: p.search.gen})
	require.NotNil(t, stale)
	p = typed(t, p, " crossing")
	msg := stale()
	assert.Zero(t, n.Load(), "the stale search stopped at once")
	p = update(t, p, msg)
	assert.Empty(t, p.search.hits, "its hits are dropped")
	assert.Contains(t, text(p), "searching…")

	p = searched(t, p)
	require.Len(t, p.search.hits, 1)
	assert.Equal(t, "zebra crossing found", p.search.hits[0].Line.Text)
}

// TestSearchBoundsTheHits: a query found on more than maxHits lines
// keeps maxHits of them, and says so.
func TestSearchBoundsTheHits(t *testing.T) {
	many := func(list []sessions.Session, m sessions.Matcher, hit func(sessions.Hit) bool) {
		for i := 0; i < 5000; i++ {
			if !hit(sessions.Hit{Session: list[0], Line: sessions.DocLine{Entry: i, Title: "Bash", Text: "ok"}, Matches: [][2]int{{0, 2}}}) {
				return
			}
		}
	}
	p := searchPicker(t, many, make(chan opening, 1))
	p = searched(t, typed(t, update(t, p, press("s")), "ok"))
	assert.Len(t, p.search.hits, maxHits)
	assert.Contains(t, text(p), "the first 1000 lines found; say more to find fewer")
}

// TestSearchRegexpPrefix: re: makes the query a regular expression, (?i)
// in it ignores case; one that is not a regular expression says why.
func TestSearchRegexpPrefix(t *testing.T) {
	var n atomic.Int64
	p := searchPicker(t, fakeSearch(&n), make(chan opening, 1))
	p = searched(t, typed(t, update(t, p, press("s")), `re:^\$ go (test|build)`))
	assert.Len(t, p.search.hits, 2)
	p = update(t, p, press("esc"))
	p.search.input.SetValue("")
	p = searched(t, typed(t, update(t, p, press("s")), `re:(?i)zebra`))
	assert.Len(t, p.search.hits, 3, "(?i) ignores case")
	p = typed(t, p, "(")
	p, cmd := updateCmd(t, p, searchTickMsg{gen: p.search.gen})
	assert.Nil(t, cmd)
	assert.Contains(t, text(p), "not a regular expression")
}

// TestSearchEnterOpensAtTheCard: enter on a hit opens its session with
// the hit's entry to focus; the entry is focused when it arrives; esc
// comes back to the search, its hits and selection as they were.
func TestSearchEnterOpensAtTheCard(t *testing.T) {
	var n atomic.Int64
	opened := make(chan opening, 1)
	p := searchPicker(t, fakeSearch(&n), opened)
	p = searched(t, typed(t, update(t, p, press("s")), "zebra"))
	p = update(t, p, press("down"))
	p, cmd := updateCmd(t, p, press("enter"))
	msg := findOpened(t, cmd)
	o := <-opened
	assert.Equal(t, "/s/old.jsonl", o.path, "the session of the hit selected")
	assert.Equal(t, 2, msg.at, "its entry")

	p = update(t, p, msg)
	v, viewing := p.Viewing()
	require.True(t, viewing)
	assert.Nil(t, v.FocusedEntry(), "nothing arrived yet")
	var updates []cards.Change
	for i, line := range fakeLines[o.path] {
		updates = append(updates, cards.Change{Index: i, Entry: cards.Message{Role: cards.RoleAssistant, Text: line}})
	}
	p = update(t, p, sessionMsg{gen: p.gen, msg: viewer.EntriesMsg{Updates: updates}})
	v, _ = p.Viewing()
	assert.Equal(t, cards.Message{Role: cards.RoleAssistant, Text: "no zebra here"}, v.FocusedEntry(), "the hit's card is focused")

	p = update(t, p, press("esc"))
	_, viewing = p.Viewing()
	assert.False(t, viewing)
	assert.Equal(t, 1, p.search.cursor)
	assert.Contains(t, text(p), "▌ Add a --json fl… · 1d ago · Card 2 · no zebra here", "back to the search as it was")
}

// findOpened runs cmd, and the commands of a batch, until one gives the
// session opened.
func findOpened(t *testing.T, cmd tea.Cmd) openedMsg {
	t.Helper()
	require.NotNil(t, cmd)
	switch msg := cmd().(type) {
	case openedMsg:
		return msg
	case tea.BatchMsg:
		for _, c := range msg {
			if c == nil {
				continue
			}
			if m, ok := c().(openedMsg); ok {
				return m
			}
		}
	}
	require.FailNow(t, "no session opened")
	return openedMsg{}
}

// TestSearchFollowsTheScope: the search looks in the sessions the list
// holds, this project's or all; back in the search after a changes the
// scope, the query is looked for again.
func TestSearchFollowsTheScope(t *testing.T) {
	var n atomic.Int64
	list := append([]sessions.Session(nil), fakeSessions...)
	list[0].Project = "/p"
	p := New(Options{Sessions: list, Project: sessions.Project{Dir: "/p"}, Dark: true, ThemeSet: true, Search: fakeSearch(&n)})
	p.search.now = func() time.Time { return now }
	p = update(t, p, tea.WindowSizeMsg{Width: 80, Height: 24})
	p = searched(t, typed(t, update(t, p, press("s")), "zebra"))
	assert.Contains(t, text(p), "Search what happened in the sessions of /p")
	assert.Len(t, p.search.hits, 1)

	p = update(t, update(t, p, press("esc")), press("a"))
	p, cmd := updateCmd(t, p, press("s"))
	require.NotNil(t, cmd)
	assert.Contains(t, text(p), "Search what happened in all sessions")
	assert.Contains(t, text(p), "searching…", "looked for again")
	p = searched(t, p)
	assert.Len(t, p.search.hits, 2)
}
