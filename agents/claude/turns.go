package claude

import (
	"encoding/json"
	"time"

	"github.com/cardtui/cardtui/internal/fastjson"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/replay"
)

// claudeTurnLine are the fields of a line that say where the session ran
// and when and how long a turn went: every line's timestamp, version, cwd
// and gitBranch, a system turn_duration line's durationMs, and the
// total_cost_usd of the result line of a stream-json run (its duration_ms
// is the last run's, after a background task's notification only a part
// of the turn). Embedded in
// claudeLine, they are decoded with it; numbers are kept raw, so that a
// field of an unexpected shape costs only the fact it gives.
type claudeTurnLine struct {
	Timestamp  string          `json:"timestamp"`
	Version    string          `json:"version"`
	GitBranch  string          `json:"gitBranch"`
	TurnMillis json.RawMessage `json:"durationMs"`
}

// claudeTurnMessage are the fields of an assistant message that say which
// model answered and the tokens of its request: embedded in the messages
// of claudeLine. The lines of one response repeat its id and usage.
type claudeTurnMessage struct {
	ID    string          `json:"id"`
	Model string          `json:"model"`
	Usage json.RawMessage `json:"usage"`
}

// claudeUsage is the Anthropic API's usage of a request.
type claudeUsage struct {
	InputTokens              int `json:"input_tokens"`
	CacheCreationInputTokens int `json:"cache_creation_input_tokens"`
	CacheReadInputTokens     int `json:"cache_read_input_tokens"`
	OutputTokens             int `json:"output_tokens"`
}

// claudeFacts are the facts of one line, decoded.
type claudeFacts struct {
	time                    time.Time
	version, cwd, branch    string
	duration                time.Duration
	messageID, model        string
	usage                   cards.Usage
	hasUsage, hasDurationMs bool
	// cost is a stream's result line's: what the session cost so far.
	cost float64
}

// factsOf reads the facts of a decoded line.
func factsOf[M contentPointer](l claudeLine[M]) claudeFacts {
	f := claudeFacts{version: l.Version, cwd: l.streamFields.Cwd, branch: l.GitBranch}
	f.time, _ = time.Parse(time.RFC3339Nano, l.Timestamp)
	var ms float64
	if len(l.TurnMillis) > 0 && fastjson.Unmarshal(l.TurnMillis, &ms) == nil && ms > 0 {
		f.duration, f.hasDurationMs = time.Duration(ms*float64(time.Millisecond)), true
	}
	if l.TotalCostUSD != nil {
		f.cost = *l.TotalCostUSD
	}
	if l.Message == nil {
		return f
	}
	var m claudeTurnMessage
	switch msg := any(*l.Message).(type) {
	case claudeMessage:
		m = msg.claudeTurnMessage
	case claudeTextMessage:
		m = msg.claudeTurnMessage
	}
	f.messageID, f.model = m.ID, m.Model
	var u claudeUsage
	if len(m.Usage) > 0 && string(m.Usage) != "null" && fastjson.Unmarshal(m.Usage, &u) == nil {
		cached := u.CacheReadInputTokens
		f.usage = cards.Usage{Input: u.InputTokens + u.CacheCreationInputTokens + cached, Cached: cached, Output: u.OutputTokens}
		f.hasUsage = true
	}
	return f
}

// claudeTurns follows the turns of the main conversation (a sub-agent's
// lines are the Agent card's): each user prompt starts one, and its
// Message's Turn gathers the time it was sent, the model, the tokens of
// every response (once each, however many lines repeat them) and the
// duration (Claude Code's turn_duration line, else the time to the turn's
// last line). It also writes the session's header, as Codex's says where
// it ran.
type claudeTurns struct {
	headed bool
	// prompt is the index of the turn's prompt, -1 before the first.
	prompt   int
	turn     cards.Turn
	last     time.Time
	measured bool
	// usage is the usage of each response of the turn, by message id.
	usage map[string]cards.Usage
	// costBefore is the session's cost when the turn began, as the last
	// result line said it; cost what the latest says.
	costBefore, cost float64
}

func newClaudeTurns() claudeTurns { return claudeTurns{prompt: -1} }

// header adds the session's header before the first line that says where
// it ran, "Claude Code 2.1.83 session in /path (branch main)"; it
// returns the number of entries before the line's own, for observe.
func (ts *claudeTurns) header(t *replay.Transcript, rec *claudeRecord) int {
	if f := rec.facts; !ts.headed && !rec.sidechain && f.version != "" {
		ts.headed = true
		text := "Claude Code " + f.version + " session"
		if f.cwd != "" {
			text += " in " + f.cwd
		}
		if f.branch != "" && f.branch != "HEAD" {
			text += " (branch " + f.branch + ")"
		}
		t.AddNotice(text)
	}
	return len(t.Entries)
}

// observe takes the facts of a line applied after the entries before:
// a user prompt it added starts a turn; the others add to the current one.
func (ts *claudeTurns) observe(t *replay.Transcript, rec *claudeRecord, before int) {
	if rec.sidechain {
		return
	}
	f := rec.facts
	if i, ok := newPrompt(t, before); ok && rec.typ == "user" {
		ts.prompt, ts.turn, ts.last, ts.measured = i, cards.Turn{Start: f.time}, f.time, false
		ts.costBefore = ts.cost
		ts.usage = map[string]cards.Usage{}
	}
	if ts.prompt < 0 {
		return
	}
	if rec.typ == "assistant" {
		t.SetReplies(before, f.reply())
	}
	ts.add(rec.typ == "system" && rec.subtype == "turn_duration", rec.typ, f)
	t.SetTurn(ts.prompt, ts.turn)
}

// add adds a line's facts to the current turn; turnEnd says the line is
// Claude Code's turn_duration.
func (ts *claudeTurns) add(turnEnd bool, typ string, f claudeFacts) {
	if f.time.After(ts.last) {
		ts.last = f.time
	}
	if typ == "assistant" && f.model != "" && f.model != "<synthetic>" {
		ts.turn.Model = f.model
	}
	if typ == "assistant" && f.hasUsage {
		ts.turn.Usage = ts.turn.Usage.Add(f.usage).Add(negative(ts.usage[f.messageID]))
		if f.messageID != "" {
			ts.usage[f.messageID] = f.usage
		}
	}
	if typ == "result" && f.cost > 0 {
		ts.cost = f.cost
		ts.turn.CostUSD = f.cost - ts.costBefore
	}
	switch {
	case turnEnd && f.hasDurationMs:
		ts.turn.Duration, ts.measured = f.duration, true
	case !ts.measured && !ts.turn.Start.IsZero():
		ts.turn.Duration = ts.last.Sub(ts.turn.Start)
	}
}

// reply is what an assistant line says of its replies: its time and
// model (not Claude Code's "<synthetic>" one).
func (f claudeFacts) reply() cards.Reply {
	r := cards.Reply{At: f.time, Model: f.model}
	if r.Model == "<synthetic>" {
		r.Model = ""
	}
	return r
}

// negative is -u, to take a response's earlier usage back.
func negative(u cards.Usage) cards.Usage {
	return cards.Usage{Input: -u.Input, Cached: -u.Cached, Output: -u.Output, Reasoning: -u.Reasoning}
}

// newPrompt finds a user prompt among the entries from before on.
func newPrompt(t *replay.Transcript, before int) (int, bool) {
	for i := before; i < len(t.Entries); i++ {
		if m, ok := t.Entries[i].(cards.Message); ok && m.Role == cards.RoleUser {
			return i, true
		}
	}
	return 0, false
}
