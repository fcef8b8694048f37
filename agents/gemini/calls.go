package gemini

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/toolkit"
	"github.com/cardtui/cardtui/producers"
	"github.com/cardtui/cardtui/replay"
)

// toolCall is a ToolCallRecord: the call, and once it ran its status,
// the result the model got and the resultDisplay the UI showed.
type toolCall struct {
	ID            string          `json:"id"`
	Name          string          `json:"name"`
	Args          json.RawMessage `json:"args"`
	Result        json.RawMessage `json:"result"`
	Status        string          `json:"status"`
	DisplayName   string          `json:"displayName"`
	Description   string          `json:"description"`
	ResultDisplay json.RawMessage `json:"resultDisplay"`
}

// finished are the statuses of a call that ended (the scheduler's
// others — validating, scheduled, awaiting_approval, executing — are of
// a call still running).
var finished = map[string]cards.Outcome{
	"success":   cards.OutcomeDone,
	"error":     cards.OutcomeFailed,
	"cancelled": cards.OutcomeInterrupted,
}

// calls shows the calls of a model message not shown yet, and the
// results of those that ended.
func (d *decoder) calls(t *replay.Transcript, m *message, calls []toolCall) error {
	for i, c := range calls {
		if c.ID == "" || c.Name == "" {
			return fmt.Errorf("toolCalls[%d]: missing id or name", i)
		}
		args := replay.ToolArguments(c.Args)
		if !m.calls[c.ID] {
			m.calls[c.ID] = true
			view, problem := d.tools.Present(c.Name, args)
			t.PutCall(c.ID, c.Name, titled(view, c))
			t.ArgumentsProblem(c.Name, problem)
		}
		outcome, ended := finished[c.Status]
		if _, waiting := t.AwaitingResult(c.ID); !ended || !waiting {
			continue
		}
		r := result(c, outcome)
		t.PutResultAs(c.ID, d.tools.Result(c.Name, args, r), r.Outcome)
	}
	return nil
}

// titled titles a generic call as Gemini CLI's tool line does: the
// tool's display name and its invocation's description, which the
// record keeps — unless the record keeps the tool's own description, as
// some versions do, which the producer's title from the arguments
// replaces (the display name alone for a tool without a producer).
func titled(view cards.CallView, c toolCall) cards.CallView {
	g, ok := view.(cards.GenericCall)
	switch {
	case !ok || c.DisplayName == "" || c.Description == "":
		return view
	case isToolDescription(c.Description):
		if g.Title == c.Name { // the fallback's: the display name says more
			g.Title = c.DisplayName
		}
		return g
	}
	g.Title = c.DisplayName + " " + strings.Join(strings.Fields(c.Description), " ")
	return g
}

// isToolDescription reports whether a call's description is prose that
// tells the model what the tool does ("Reads and returns the content of
// a specified file. …"): sentences of toolDescriptionWords words or more
// ending with a period. An invocation's description is a path, a pattern
// or a short line.
func isToolDescription(description string) bool {
	d := strings.TrimSpace(description)
	return strings.HasSuffix(d, ".") && len(strings.Fields(d)) >= toolDescriptionWords
}

// toolDescriptionWords is the fewest words isToolDescription takes for a
// tool's own description.
const toolDescriptionWords = 8

// result is what a call returned: the output or error of its function
// response, its resultDisplay as the meta.
func result(c toolCall, outcome cards.Outcome) producers.Result {
	text := responseText(c.Result)
	r := producers.Result{Content: toolkit.Text(text), IsError: outcome == cards.OutcomeFailed, Outcome: outcome}
	if len(c.ResultDisplay) > 0 && string(c.ResultDisplay) != "null" {
		r.Meta = c.ResultDisplay
	}
	if r.IsError {
		r.Error = text
	}
	if m := exitLine().FindStringSubmatch(text); m != nil && m[1] != "0" && outcome == cards.OutcomeDone {
		r.Outcome = cards.OutcomeFailed
	}
	return r
}

// responseText is the output (or error) of the function responses of a
// result, and its text parts.
func responseText(raw json.RawMessage) string {
	var parts []struct {
		Text             *string `json:"text"`
		FunctionResponse *struct {
			Response map[string]json.RawMessage `json:"response"`
		} `json:"functionResponse"`
	}
	if json.Unmarshal(raw, &parts) != nil {
		text, _ := partsText(raw)
		return text
	}
	var out []string
	for _, p := range parts {
		switch {
		case p.Text != nil:
			out = append(out, *p.Text)
		case p.FunctionResponse != nil:
			out = append(out, responseField(p.FunctionResponse.Response))
		}
	}
	return strings.Join(out, "\n")
}

// responseField is the output or error of a function response, else the
// response as JSON.
func responseField(resp map[string]json.RawMessage) string {
	for _, k := range []string{"output", "error"} {
		var s string
		if json.Unmarshal(resp[k], &s) == nil {
			return s
		}
	}
	if len(resp) == 0 {
		return ""
	}
	b, _ := json.Marshal(resp)
	return string(b)
}
