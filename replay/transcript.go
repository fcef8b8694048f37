package replay

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/cardtui/cardtui/cards"
)

// ExcerptBytes is how much of a bad line a Problem quotes.
const ExcerptBytes = 120

// Stats counts what a session held; `cardtui validate` prints them.
type Stats struct {
	// Lines is the number of input lines read, blank ones included.
	Lines int
	// Events is the number of lines that were understood.
	Events int
	// ToolCards counts the calls the agent's model made: its tool cards,
	// orphan results included, less the cards a decoder makes of what the
	// model did not call (a group gathering calls, the calls a script
	// made), plus the calls it draws as a line of another card.
	ToolCards int
	// Problems is the number of Problem entries.
	Problems int
	// Skipped counts the events of each type that are not displayed.
	Skipped map[string]int
}

// Transcript is a session as a list of entries: messages, tool cards
// (a call and its result, matched by call id), problems and notices.
// Every mutating method returns the index in Entries of the entry it
// added or changed, so that a live viewer can redraw just that entry.
type Transcript struct {
	// Source names the input; it becomes Problem.Source.
	Source string
	// Format is the format the input is read as: the one Options.Format
	// forces, else the one detected (Auto until a line tells it).
	Format string
	// Title is the session's latest title ("" until the session names
	// itself), for a viewer's status line.
	Title string
	// InputNotices are the texts of the Notices about the input itself
	// rather than the session — a torn last line, a torn zstd frame — in
	// input order; `cardtui validate` lists them.
	InputNotices []string
	// Entries are in input order; a result updates its call's card.
	Entries []cards.Entry
	// Stats counts what was read.
	Stats Stats

	// cardsByID lists, per call id, the indexes of its cards in input
	// order (more than one when a call id was reused).
	cardsByID map[string][]int
	// current is the line being decoded, for the problems the methods
	// find themselves (such as a duplicate call id).
	current Line
	// changed holds the indexes below sent whose entries changed since
	// Stream last sent its changes; nil when changes are not tracked
	// (Load). The entries from sent on are new and all change.
	changed map[int]struct{}
	sent    int
	// ahead is the pipeline that decodes lines ahead of the transcript, if
	// any: an entry added by anything else first has it apply the lines
	// it holds, so that the entries stay in input order (the Problem of a
	// line too long to read is added as the line is read).
	ahead *Pipeline
}

// forgetCalls starts a new session in the same transcript: the call ids
// seen so far no longer match results, and no decoder runs ahead.
func (t *Transcript) forgetCalls() {
	if t.ahead != nil {
		t.ahead.Drain(t)
		t.ahead = nil
	}
	t.cardsByID = map[string][]int{}
}

// NewTranscript returns an empty transcript of the named source.
func NewTranscript(source string) *Transcript {
	return &Transcript{Source: source, Stats: Stats{Skipped: map[string]int{}}, cardsByID: map[string][]int{}}
}

// startLine records that l is being decoded. A line too long to be read
// is a Problem: the line itself is empty, and decoded as a blank one.
func (t *Transcript) startLine(l Line) {
	t.current = l
	t.Stats.Lines++
	if l.skipped > 0 {
		t.AddProblem(l.Number, fmt.Sprintf("the line is %d bytes long, more than the %d bytes cardtui reads of a line: it was skipped",
			l.skipped, maxLineBytes), l.start)
	}
}

// trackChanges starts recording which entries change, for Stream.
func (t *Transcript) trackChanges() { t.changed = map[int]struct{}{} }

// touch records that the entry at index i changed. An entry not sent yet
// needs no record: it goes out whole with the new ones.
func (t *Transcript) touch(i int) {
	if t.changed != nil && i < t.sent {
		t.changed[i] = struct{}{}
	}
}

// Add appends an entry as it is, counting nothing (see Stats), and
// returns its index: for a decoder that counts its entries itself.
func (t *Transcript) Add(e cards.Entry) int {
	return t.add(e)
}

// Set replaces the entry at index i, counting nothing, and records the
// change for Stream.
func (t *Transcript) Set(i int, e cards.Entry) {
	t.Entries[i] = e
	t.touch(i)
}

// AddTornNotice says that the input's last line, l, was torn (see
// Line.Torn) and was not read.
func (t *Transcript) AddTornNotice(l Line) {
	t.addInputNotice(tornNoticeText(l))
}

// tornNoticeText is what the Notice of a torn line says.
func tornNoticeText(l Line) string {
	return fmt.Sprintf("line %d is torn: the input ends in the middle of it (%d bytes without a newline), so it was not read",
		l.Number, len(l.Data))
}

// add appends an entry and returns its index.
func (t *Transcript) add(e cards.Entry) int {
	if t.ahead != nil {
		t.ahead.catchUp(t)
	}
	t.Entries = append(t.Entries, e)
	return len(t.Entries) - 1
}

// AddMessage appends a conversation message; it counts as one event.
func (t *Transcript) AddMessage(role cards.Role, text string) int {
	t.Stats.Events++
	return t.add(cards.Message{Role: role, Text: text})
}

// MarkInternal marks the message or tool card at index i as the agent's
// own business, which its UI does not show (cards.IsInternal).
func (t *Transcript) MarkInternal(i int) {
	switch e := t.Entries[i].(type) {
	case cards.Message:
		e.Internal = true
		t.Set(i, e)
	case cards.ToolCard:
		e.Internal = true
		t.Set(i, e)
	case cards.Problem, cards.Notice:
	}
}

// SetTurn gives the prompt at index i the facts of its turn, when they
// changed.
func (t *Transcript) SetTurn(i int, turn cards.Turn) {
	if m, ok := t.Entries[i].(cards.Message); ok && m.Turn != turn {
		m.Turn = turn
		t.Set(i, m)
	}
}

// SetReplies gives r, what the log says of a reply, to the agent's
// replies from index from on that have none: the replies a line added.
func (t *Transcript) SetReplies(from int, r cards.Reply) {
	if r == (cards.Reply{}) {
		return
	}
	for i := from; i < len(t.Entries); i++ {
		if m, ok := t.Entries[i].(cards.Message); ok && m.Role == cards.RoleAssistant && m.Reply == (cards.Reply{}) {
			m.Reply = r
			t.Set(i, m)
		}
	}
}

// PutMessage is AddMessage without counting an event: for a decoder whose
// lines count as events themselves (see Pipeline).
func (t *Transcript) PutMessage(role cards.Role, text string) int {
	return t.add(cards.Message{Role: role, Text: text})
}

// AddCall appends a tool card for a call; it counts as one event. A call
// id seen before still gets its own card (nothing is dropped), followed by
// a Problem saying that the id is a duplicate; the returned index is the
// card's. The call of a result that came first completes the result's
// card instead, followed by a Problem saying so.
func (t *Transcript) AddCall(id, tool string, view cards.CallView) int {
	t.Stats.Events++
	return t.PutCall(id, tool, view)
}

// PutCall is AddCall without counting an event: the decoders of formats
// whose lines hold several entries count their lines themselves. A call
// whose result came first joins the result's card, and a Problem says
// that they came in the wrong order.
func (t *Transcript) PutCall(id, tool string, view cards.CallView) int {
	if i, ok := t.awaitingCall(id); ok {
		t.SetCall(i, tool, view)
		t.AddLineProblem(fmt.Sprintf("call id %q came after its result: the call is shown on the result's card", id))
		return i
	}
	t.Stats.ToolCards++
	i := t.add(cards.ToolCard{ID: id, Tool: tool, Call: view})
	if previous := t.cardsByID[id]; len(previous) > 0 {
		t.AddLineProblem(fmt.Sprintf("duplicate call id %q: this call gets a card of its own", id))
	}
	t.cardsByID[id] = append(t.cardsByID[id], i)
	return i
}

// ArgumentsProblem adds the Problem of a call's arguments, if there is
// one (see producers.Registry.Present), after the call's card.
func (t *Transcript) ArgumentsProblem(tool string, problem error) {
	if problem != nil {
		t.AddLineProblem(fmt.Sprintf("the %q call: %v; the card shows them as they are", tool, problem))
	}
}

// SetCall replaces the call view and tool name of the card at index i.
func (t *Transcript) SetCall(i int, tool string, view cards.CallView) {
	card := t.Entries[i].(cards.ToolCard)
	card.Tool, card.Call = tool, view
	t.Entries[i] = card
	t.touch(i)
}

// AddResult gives the result to the first card with call id that has none
// yet; it counts as one event. A result whose call was never seen gets a
// card of its own with a nil Call; a result for a call that already has
// one becomes a Problem and the card keeps its first result.
func (t *Transcript) AddResult(id string, view cards.ResultView) int {
	t.Stats.Events++
	return t.PutResult(id, view)
}

// AddResultAs is AddResult for a result whose outcome the session
// records: a failure, a rejection, a denial or an interruption.
func (t *Transcript) AddResultAs(id string, view cards.ResultView, outcome cards.Outcome) int {
	t.Stats.Events++
	return t.PutResultAs(id, view, outcome)
}

// PutResult is AddResult without counting an event (see PutCall).
func (t *Transcript) PutResult(id string, view cards.ResultView) int {
	return t.PutResultAs(id, view, cards.OutcomeDone)
}

// PutResultAs is AddResultAs without counting an event (see PutCall).
func (t *Transcript) PutResultAs(id string, view cards.ResultView, outcome cards.Outcome) int {
	if len(t.cardsByID[id]) == 0 {
		t.Stats.ToolCards++
		i := t.add(cards.ToolCard{ID: id, Result: view, Outcome: outcome})
		t.cardsByID[id] = []int{i}
		return i
	}
	if i, ok := t.AwaitingResult(id); ok {
		t.SetResult(i, view, outcome)
		return i
	}
	return t.AddLineProblem(fmt.Sprintf("second result for call id %q: the card keeps the first", id))
}

// SetResult gives the card at index i its result and outcome, replacing
// any it had.
func (t *Transcript) SetResult(i int, view cards.ResultView, outcome cards.Outcome) {
	card := t.Entries[i].(cards.ToolCard)
	card.Result, card.Outcome = view, outcome
	t.Entries[i] = card
	t.touch(i)
}

// InterruptPending marks every card still waiting for its result as
// interrupted: the turn that made the calls was aborted.
func (t *Transcript) InterruptPending() {
	for i, e := range t.Entries {
		if card, ok := e.(cards.ToolCard); ok && card.Result == nil && !card.Ended && card.Outcome == cards.OutcomeDone {
			card.Outcome = cards.OutcomeInterrupted
			t.Entries[i] = card
			t.touch(i)
		}
	}
}

// AwaitingResult returns the index of the first card with call id that
// has no result yet, the one the next result for id goes to.
func (t *Transcript) AwaitingResult(id string) (int, bool) {
	for _, i := range t.cardsByID[id] {
		if t.Entries[i].(cards.ToolCard).Result == nil {
			return i, true
		}
	}
	return 0, false
}

// awaitingCall returns the index of the card with call id that holds a
// result whose call was not seen, if there is one.
func (t *Transcript) awaitingCall(id string) (int, bool) {
	for _, i := range t.cardsByID[id] {
		if t.Entries[i].(cards.ToolCard).Call == nil {
			return i, true
		}
	}
	return 0, false
}

// HasCard reports whether a card with call id exists.
func (t *Transcript) HasCard(id string) bool { return len(t.cardsByID[id]) > 0 }

// AddProblem appends a Problem for a bad input line (line 0 when it is not
// tied to one), quoting the start of the line in the excerpt.
func (t *Transcript) AddProblem(line int, reason string, excerpt []byte) int {
	t.Stats.Problems++
	return t.add(cards.Problem{Source: t.Source, Line: line, Reason: reason, Excerpt: excerptOf(excerpt)})
}

// SetLine makes the line numbered number, quoted by excerpt, the line
// being decoded, the one AddLineProblem names: for a decoder that applies
// a line after it got others (Claude Code's puts them in conversation
// order).
func (t *Transcript) SetLine(number int, excerpt []byte) {
	t.current = Line{Number: number, Data: excerpt, terminated: true}
}

// LineNumber is the number of the line being decoded.
func (t *Transcript) LineNumber() int { return t.current.Number }

// AddLineProblem is AddProblem for the line being decoded, quoting it.
func (t *Transcript) AddLineProblem(reason string) int {
	return t.AddProblem(t.current.Number, reason, t.current.Data)
}

// AddNotice appends an informational note about the input.
func (t *Transcript) AddNotice(text string) int {
	return t.add(cards.Notice{Text: text})
}

// addInputNotice appends a Notice about the input itself.
func (t *Transcript) addInputNotice(text string) {
	t.InputNotices = append(t.InputNotices, text)
	t.AddNotice(text)
}

// AddSkipped counts an event of type eventType that is not displayed.
func (t *Transcript) AddSkipped(eventType string) {
	t.Stats.Skipped[eventType]++
}

// Finish marks every card still without a result as ended ("no result"
// rather than "running"), the cards nested under others too, and returns
// the indexes it changed.
func (t *Transcript) Finish() []int {
	var changed []int
	for i, e := range t.Entries {
		card, ok := e.(cards.ToolCard)
		if !ok {
			continue
		}
		card, nested := endNested(card)
		if card.Result == nil && !card.Ended || nested {
			card.Ended = card.Ended || card.Result == nil
			t.Entries[i] = card
			t.touch(i)
			changed = append(changed, i)
		}
	}
	return changed
}

// excerptOf is the start of a line as valid UTF-8, with "…" when cut.
func excerptOf(b []byte) string {
	if len(b) <= ExcerptBytes {
		return strings.ToValidUTF8(string(b), "\uFFFD")
	}
	return strings.ToValidUTF8(string(withoutPartialRune(b[:ExcerptBytes])), "\uFFFD") + "…"
}

// withoutPartialRune drops a character that the end of b cuts in two.
func withoutPartialRune(b []byte) []byte {
	for i := len(b) - 1; i >= 0 && i >= len(b)-utf8.UTFMax; i-- {
		if utf8.RuneStart(b[i]) {
			if utf8.FullRune(b[i:]) {
				return b
			}
			return b[:i]
		}
	}
	return b
}
