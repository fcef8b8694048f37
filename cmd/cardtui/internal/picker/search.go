package picker

import (
	"context"
	"fmt"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/cardtui/cardtui/cmd/cardtui/internal/listing"
	"github.com/cardtui/cardtui/sessions"
)

// Searcher looks for m in what happened in the sessions of list, as
// `cardtui search` does, and calls hit with each line matched, newest
// session first, until hit returns false. It runs off the UI loop.
type Searcher func(list []sessions.Session, m sessions.Matcher, hit func(sessions.Hit) bool)

// The search mode's bounds and pace.
const (
	// maxHits is the most hits a search keeps; the screen says when a
	// query found more.
	maxHits = 1000
	// searchDelay is how long typing must pause before the query is
	// looked for.
	searchDelay = 150 * time.Millisecond
	// regexpPrefix starts a query that is a regular expression.
	regexpPrefix = "re:"
)

// search is the picker's search mode: a query typed, looked for in what
// happened in the sessions (prompts, replies, commands, paths, diffs,
// output), and the lines found, one row each.
type search struct {
	on    bool
	input textinput.Model
	// gen numbers the queries typed: the wait and the search of an
	// earlier one are dropped.
	gen int
	// cancel stops the search running, nil when none is.
	cancel context.CancelFunc
	// query is what hits were found for; problem says why the query
	// typed cannot be looked for; note why the session of a hit could
	// not be opened, until the next key.
	query, problem, note string
	hits                 []sessions.Hit
	// capped says the query found more than maxHits lines.
	capped bool
	cursor int
	// inProject is the list's scope the last search looked in.
	inProject bool
	now       func() time.Time
}

// searchTickMsg says typing paused on the gen-th query.
type searchTickMsg struct{ gen int }

// searchDoneMsg is what the search of the gen-th query found.
type searchDoneMsg struct {
	gen    int
	query  string
	hits   []sessions.Hit
	capped bool
}

// newSearch is the search mode, off, its query empty.
func newSearch() search {
	in := textinput.New()
	in.Prompt = "> "
	in.Placeholder = "a command, a path, a word of an output… (" + regexpPrefix + " for a regular expression)"
	return search{input: in, now: time.Now}
}

// startSearch enters the search mode, with the query and hits it had;
// they are looked for again when the list's scope changed since.
func (p *Model) startSearch() tea.Cmd {
	p.search.on = true
	cmd := p.search.input.Focus()
	if p.search.inProject != p.inProject && strings.TrimSpace(p.search.input.Value()) != "" {
		cmd = tea.Batch(cmd, p.queryChanged())
	}
	return cmd
}

// updateSearch handles a key in the search mode: the cursor keys move
// among the hits, enter opens the session at the selected hit's card,
// esc goes back to the list, the rest edits the query.
func (p *Model) updateSearch(msg tea.Msg) tea.Cmd {
	s, keys := &p.search, p.KeyMap
	if k, ok := msg.(tea.KeyPressMsg); ok {
		s.note = ""
		switch {
		case key.Matches(k, keys.ForceQuit):
			return tea.Quit
		case key.Matches(k, keys.Back):
			s.on = false
			s.input.Blur()
			return nil
		case key.Matches(k, keys.Open):
			if s.cursor < len(s.hits) && !p.opening {
				h := s.hits[s.cursor]
				return p.openSession(h.Session, h.Line.Entry)
			}
			return nil
		case key.Matches(k, keys.HitUp):
			s.move(-1)
			return nil
		case key.Matches(k, keys.HitDown):
			s.move(1)
			return nil
		case key.Matches(k, keys.HitPageUp):
			s.move(-p.hitRows())
			return nil
		case key.Matches(k, keys.HitPageDown):
			s.move(p.hitRows())
			return nil
		}
	}
	before := s.input.Value()
	var cmd tea.Cmd
	s.input, cmd = s.input.Update(msg)
	if s.input.Value() == before {
		return cmd
	}
	return tea.Batch(cmd, p.queryChanged())
}

// move moves the selection by n hits, within the hits.
func (s *search) move(n int) {
	s.cursor = max(min(s.cursor+n, len(s.hits)-1), 0)
}

// queryChanged starts the wait for typing to pause on the new query (the
// hits shown until the search ends are the last query's); an empty one
// clears the hits at once.
func (p *Model) queryChanged() tea.Cmd {
	s := &p.search
	s.gen++
	s.stop()
	s.problem, s.query = "", ""
	if strings.TrimSpace(s.input.Value()) == "" {
		s.hits, s.capped, s.cursor = nil, false, 0
		return nil
	}
	gen := s.gen
	return tea.Tick(searchDelay, func(time.Time) tea.Msg { return searchTickMsg{gen} })
}

// stop stops the search running, if one is.
func (s *search) stop() {
	if s.cancel != nil {
		s.cancel()
		s.cancel = nil
	}
}

// searchTick starts the search of the query typed, when it is still the
// one typing paused on: in a command, off the UI loop, over the sessions
// of the list's scope.
func (p *Model) searchTick(msg searchTickMsg) tea.Cmd {
	s := &p.search
	if msg.gen != s.gen || p.searchIn == nil {
		return nil
	}
	query := s.input.Value()
	m, err := matcherOf(query)
	if err != nil {
		s.problem = listing.OneLine("not a regular expression: " + err.Error())
		return nil
	}
	ctx, cancel := context.WithCancel(context.Background())
	s.cancel, s.inProject = cancel, p.inProject
	list, searchIn := p.scoped(), p.searchIn
	return func() tea.Msg {
		done := searchDoneMsg{gen: msg.gen, query: query}
		searchIn(list, m, func(h sessions.Hit) bool {
			if ctx.Err() != nil {
				return false
			}
			if len(done.hits) == maxHits {
				done.capped = true
				return false
			}
			done.hits = append(done.hits, h)
			return true
		})
		return done
	}
}

// matcherOf is what a query looks for: the text as it is, or after
// regexpPrefix a regular expression.
func matcherOf(query string) (sessions.Matcher, error) {
	if pattern, ok := strings.CutPrefix(query, regexpPrefix); ok {
		return listing.Matcher(pattern, true)
	}
	return listing.Matcher(query, false)
}

// searchDone shows what the search of the query typed found; what an
// earlier query found is dropped.
func (p *Model) searchDone(msg searchDoneMsg) {
	s := &p.search
	if msg.gen != s.gen {
		return
	}
	s.stop()
	s.query, s.hits, s.capped, s.cursor = msg.query, msg.hits, msg.capped, 0
}

// searching says the query typed is being waited on or looked for.
func (s search) searching() bool {
	return s.problem == "" && strings.TrimSpace(s.input.Value()) != "" && s.query != s.input.Value()
}

// scoped are the sessions of the list's scope: this project's, or all.
func (p Model) scoped() []sessions.Session {
	if p.inProject {
		return p.project.Filter(p.all)
	}
	return p.all
}

// The search mode's styles.
var (
	searchTitleStyle = lipgloss.NewStyle().Bold(true)
	faintStyle       = lipgloss.NewStyle().Faint(true)
)

// hitRows is the rows the hits have: the window less the title, the
// query, the count and the help line.
func (p Model) hitRows() int { return max(p.height-4, 1) }

// searchView is the search mode's screen: what is searched, the query,
// how many lines were found, the hits around the selected one, and the
// keys.
func (p Model) searchView() string {
	s := p.search
	title := "Search what happened in all sessions"
	if p.inProject {
		title = "Search what happened in the sessions of " + listing.ShortPath(p.project.Dir, p.home)
	}
	rows := []string{searchTitleStyle.Render(title), s.input.View(), faintStyle.Render(s.status())}
	n, f := p.hitRows(), p.hitFormat()
	selected := newRowDelegate(p.dark, p.home, false).selected.Render("▌ ")
	from := max(min(s.cursor-n/2, len(s.hits)-n), 0)
	for i := from; i < min(from+n, len(s.hits)); i++ {
		mark := "  "
		if i == s.cursor {
			mark = selected
		}
		rows = append(rows, mark+f.Line(s.hits[i]))
	}
	for len(rows) < n+3 {
		rows = append(rows, "")
	}
	k := p.KeyMap
	keys := keyName(k.HitUp) + "/" + keyName(k.HitDown) + " move · " + helpLine(withHelp(k.Open, "open at this card"), k.Back)
	rows = append(rows, faintStyle.Render(keys+" · "+regexpPrefix+" regexp"))
	return fitRows(strings.Join(rows, "\n"), p.width)
}

// status says where the search is: the count of hits, "searching…", or
// why the query cannot be looked for.
func (s search) status() string {
	switch {
	case s.note != "":
		return s.note
	case s.problem != "":
		return s.problem
	case strings.TrimSpace(s.input.Value()) == "":
		return "prompts, replies, commands, paths, diffs and output of every session"
	case s.searching():
		return "searching…"
	case s.capped:
		return fmt.Sprintf("the first %d lines found; say more to find fewer", maxHits)
	case len(s.hits) == 0:
		return "no line holds it"
	case len(s.hits) == 1:
		return "1 line"
	}
	return fmt.Sprintf("%d lines", len(s.hits))
}

// hitFormat writes a hit's row after its mark: the session's label in a fifth of the
// width and the card's title in a sixth, to leave room for the line, and
// the time as long ago.
func (p Model) hitFormat() listing.HitFormat {
	now := p.search.now()
	return listing.HitFormat{
		Label: max(p.width/5, 8), Title: max(p.width/6, 8), Mark: listing.Highlight, Width: max(p.width-2, 1),
		When: func(t time.Time) string { return listing.Ago(t, now) },
	}
}
