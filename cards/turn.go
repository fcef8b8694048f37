package cards

import (
	"slices"
	"time"
)

// Usage counts the tokens of a model's requests. Input counts every input
// token, the cached ones too (Cached of them were read from the prompt
// cache); Output counts the generated tokens, the reasoning ones too
// (Reasoning of them).
type Usage struct {
	Input, Cached, Output, Reasoning int
}

// Total is every token the requests processed, input and output.
func (u Usage) Total() int { return u.Input + u.Output }

// Add returns the sum of two usages.
func (u Usage) Add(v Usage) Usage {
	return Usage{
		Input: u.Input + v.Input, Cached: u.Cached + v.Cached,
		Output: u.Output + v.Output, Reasoning: u.Reasoning + v.Reasoning,
	}
}

// Turn is what an agent's log says of one turn, the user's prompt and all
// the agent did for it: it is the header of the prompt's Message. Each
// field is the zero value when the log does not say.
type Turn struct {
	// Start is when the user sent the prompt.
	Start time.Time
	// Model is the model that answered, as the log names it
	// ("claude-sonnet-4-6", "gpt-5.4").
	Model string
	// Duration is how long the agent worked on the turn.
	Duration time.Duration
	// Usage counts the tokens of the turn's requests.
	Usage Usage
	// CostUSD is what the turn cost, in US dollars, when the log says.
	CostUSD float64
}

// IsZero reports whether the log said nothing of the turn.
func (t Turn) IsZero() bool { return t == Turn{} }

// Reply is what an agent's log says of one of its replies, drawn beside
// it as the turn's facts are beside the prompt. It is no turn:
// SessionTotals does not count it. Each field is the zero value when the
// log does not say.
type Reply struct {
	// At is when the reply was written.
	At time.Time
	// Model is the model that wrote it, as the log names it.
	Model string
}

// Totals are the facts of a whole session, the sum of its turns.
type Totals struct {
	// Turns counts the turns the log says something of.
	Turns int
	// Duration is the agent's working time, the sum of the turns'.
	Duration time.Duration
	Usage    Usage
	CostUSD  float64
	// Models are the models that answered, in the order they first did.
	Models []string
}

// IsZero reports whether no turn said anything.
func (t Totals) IsZero() bool { return t.Turns == 0 }

// SessionTotals sums the turns of entries (the Turn of each Message).
func SessionTotals(entries []Entry) Totals {
	var s Totals
	for _, e := range entries {
		m, ok := e.(Message)
		if !ok || m.Turn.IsZero() {
			continue
		}
		s.Turns++
		s.Duration += m.Turn.Duration
		s.Usage = s.Usage.Add(m.Turn.Usage)
		s.CostUSD += m.Turn.CostUSD
		if m.Turn.Model != "" && !slices.Contains(s.Models, m.Turn.Model) {
			s.Models = append(s.Models, m.Turn.Model)
		}
	}
	return s
}
