// Package fakemodel is a scripted model server for recording real agents
// offline: it impersonates the Anthropic Messages, OpenAI Responses,
// OpenAI Chat Completions and Gemini APIs on a loopback address and
// answers each request from a scenario file.
//
// A scenario is a list of conversations. A request belongs to the first
// conversation whose Match is a substring of the request's first user
// turn (and whose System, if set, is a substring of its system prompt);
// the step it is served is the number of assistant turns already in the
// request's history. When no conversation matches, or its steps have
// run out, the reply is the scenario's Default text.
package fakemodel

import (
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"

	"github.com/cardtui/cardtui/internal/lazyregexp"
)

// Scenario is what the server answers: conversations tried in order, and
// the plain text for every request none of them serves.
type Scenario struct {
	// Default is the reply to a request no conversation serves (a title
	// generator's request, a conversation past its last step).
	Default       string         `json:"default,omitempty"`
	Conversations []Conversation `json:"conversations"`
}

// Conversation is one scripted thread: the substrings that pick it out
// and its replies, one per assistant turn.
type Conversation struct {
	// Name labels the conversation in the request log.
	Name string `json:"name"`
	// Match must be a substring of the request's first user turn.
	Match string `json:"match"`
	// System, when set, must also be a substring of the system prompt.
	System string `json:"system,omitempty"`
	Steps  []Step `json:"steps"`
}

// Step is one assistant reply: optional thinking, text (Markdown is
// fine) and tool calls, in that order.
type Step struct {
	Thinking string `json:"thinking,omitempty"`
	Text     string `json:"text,omitempty"`
	Calls    []Call `json:"calls,omitempty"`
}

// Call is one tool call of a step. Args is a JSON object for function
// tools; Input is the freeform text of a custom tool (Codex's
// apply_patch). Exactly one of them is set; Raw, when set instead,
// is sent as the arguments verbatim, even when it is not valid JSON.
//
// A string value of Args written "{{re:REGEXP}}" is replaced by the first
// group of the last match of REGEXP in the request's body (a number
// unquoted), so a call can name what an earlier result returned, such
// as a process id the agent chose.
type Call struct {
	Name  string          `json:"name"`
	Args  json.RawMessage `json:"args,omitempty"`
	Input *string         `json:"input,omitempty"`
	Raw   *string         `json:"raw,omitempty"`
}

// Freeform reports whether the call is a custom (freeform) tool call.
func (c Call) Freeform() bool { return c.Input != nil }

// Arguments is the call's arguments as sent on the wire: Raw verbatim,
// else Args, else an empty object.
func (c Call) Arguments() string {
	switch {
	case c.Raw != nil:
		return *c.Raw
	case len(c.Args) > 0:
		return string(c.Args)
	}
	return "{}"
}

// Load reads and checks a scenario file.
func Load(path string) (*Scenario, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	s, err := Parse(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return s, nil
}

// Parse decodes and checks a scenario.
func Parse(data []byte) (*Scenario, error) {
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.DisallowUnknownFields()
	var s Scenario
	if err := dec.Decode(&s); err != nil {
		return nil, err
	}
	for i, c := range s.Conversations {
		if c.Match == "" && c.System == "" {
			return nil, fmt.Errorf("conversation %d (%s): match or system is required", i, c.Name)
		}
		for j, st := range c.Steps {
			for k, call := range st.Calls {
				if err := checkCall(call); err != nil {
					return nil, fmt.Errorf("conversation %s step %d call %d: %w", c.Name, j, k, err)
				}
			}
		}
	}
	if s.Default == "" {
		s.Default = "OK"
	}
	return &s, nil
}

func checkCall(c Call) error {
	if c.Name == "" {
		return fmt.Errorf("name is required")
	}
	set := 0
	for _, b := range []bool{len(c.Args) > 0, c.Input != nil, c.Raw != nil} {
		if b {
			set++
		}
	}
	if set > 1 {
		return fmt.Errorf("%s: args, input and raw are exclusive", c.Name)
	}
	if len(c.Args) > 0 {
		var obj map[string]any
		if err := json.Unmarshal(c.Args, &obj); err != nil {
			return fmt.Errorf("%s: args must be a JSON object: %w", c.Name, err)
		}
	}
	return nil
}

// Request is what the server needs of any wire shape's request.
type Request struct {
	// FirstUser is the text of the first user turn.
	FirstUser string
	// System is the system prompt's text.
	System string
	// AssistantTurns counts the assistant turns in the history.
	AssistantTurns int
	// Tools are the names of the tools offered, for the log.
	Tools []string
	// Body is the request's raw body, for the {{re:…}} placeholders.
	Body []byte
}

// Reply is what a request is served: the step, and which conversation
// and step index it came from (for the log).
type Reply struct {
	Conversation string
	Step         int
	Served       Step
}

// Answer picks the reply for a request.
func (s *Scenario) Answer(r Request) Reply {
	for _, c := range s.Conversations {
		if !strings.Contains(r.FirstUser, c.Match) || !strings.Contains(r.System, c.System) {
			continue
		}
		if r.AssistantTurns < len(c.Steps) {
			return Reply{Conversation: c.Name, Step: r.AssistantTurns, Served: c.Steps[r.AssistantTurns].fill(r.Body)}
		}
		return Reply{Conversation: c.Name, Step: r.AssistantTurns, Served: Step{Text: s.Default}}
	}
	return Reply{Step: r.AssistantTurns, Served: Step{Text: s.Default}}
}

// placeholder is a "{{re:REGEXP}}" string in a call's JSON arguments.
var placeholder = lazyregexp.New(`"\{\{re:((?:[^"\\]|\\.)*)\}\}"`)

// fill returns the step with its calls' placeholders replaced from body.
func (st Step) fill(body []byte) Step {
	calls := make([]Call, len(st.Calls))
	for i, c := range st.Calls {
		if len(c.Args) > 0 {
			c.Args = placeholder().ReplaceAllFunc(c.Args, func(m []byte) []byte {
				return []byte(capture(string(placeholder().FindSubmatch(m)[1]), body))
			})
		}
		calls[i] = c
	}
	st.Calls = calls
	return st
}

// capture is the JSON value of the first group of the last match of a
// JSON-quoted regular expression in body: a number as is, else a
// string; null when there is no match.
func capture(quoted string, body []byte) string {
	var expr string
	if json.Unmarshal([]byte(`"`+quoted+`"`), &expr) != nil {
		return "null"
	}
	re, err := regexp.Compile(expr)
	if err != nil {
		return "null"
	}
	all := re.FindAllSubmatch(body, -1)
	if len(all) == 0 || len(all[len(all)-1]) < 2 {
		return "null"
	}
	v := string(all[len(all)-1][1])
	if _, err := strconv.ParseFloat(v, 64); err == nil {
		return v
	}
	return strconv.Quote(v)
}
