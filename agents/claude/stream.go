package claude

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/toolkit"
	"github.com/cardtui/cardtui/replay"
)

// What `claude -p --output-format stream-json --verbose` writes besides
// user and assistant lines, and how it is shown:
//
//	line                                   shown as
//	user/assistant with parent_tool_use_id nested under that Agent card (a sub-agent's)
//	system, init                           notice: the model, folder and permission mode
//	system, task_notification              notice; a report (summary_is_report) is the Agent card's answer
//	system, task_started                   skipped: an agent's description names it in its notice
//	system, permission_denied              skipped: the denied call's card says so
//	system, task_progress,                 skipped: the live status of background tasks
//	  task_updated, background_tasks_changed,
//	  thinking_tokens
//	result                                 notice: how the run ended, its turns, time,
//	                                         cost and the calls denied

// streamFields are the fields of the stream's system and result lines.
type streamFields struct {
	ToolUseID         string          `json:"tool_use_id"`
	TaskID            string          `json:"task_id"`
	Status            string          `json:"status"`
	SummaryIsReport   bool            `json:"summary_is_report"`
	Description       string          `json:"description"`
	TaskType          string          `json:"task_type"`
	TaskUsage         json.RawMessage `json:"usage"`
	Model             string          `json:"model"`
	Cwd               string          `json:"cwd"`
	IsError           bool            `json:"is_error"`
	NumTurns          *int            `json:"num_turns"`
	DurationMs        *int            `json:"duration_ms"`
	TotalCostUSD      *float64        `json:"total_cost_usd"`
	PermissionDenials []struct {
		ToolName string `json:"tool_name"`
	} `json:"permission_denials"`
}

// withoutStringMessage drops the "message" of a stream system line, a
// string (a permission denial's words) where other lines have an object;
// ok is false for any other line.
func withoutStringMessage(data []byte, err error) ([]byte, bool) {
	var typeErr *json.UnmarshalTypeError
	if !errors.As(err, &typeErr) || typeErr.Field != "message" || typeErr.Value != "string" {
		return nil, false
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(data, &m) != nil || string(m["type"]) != `"system"` {
		return nil, false
	}
	delete(m, "message")
	out, err := json.Marshal(m)
	return out, err == nil
}

// streamSystem applies a stream system line; it reports whether the
// subtype is one of the stream's.
func (d *claudeCode) streamSystem(t *replay.Transcript, rec *claudeRecord) bool {
	s := rec.stream
	switch rec.subtype {
	case "init":
		t.AddNotice(initNotice(s, rec.permissionMode))
	case "task_notification":
		d.streamTaskNotification(t, rec)
	case "task_started":
		if s.TaskType == "local_agent" && s.Description != "" {
			d.taskNames[s.TaskID] = s.Description
		}
		t.AddSkipped("system/" + rec.subtype)
	case "permission_denied", "task_progress", "task_updated", "background_tasks_changed", "thinking_tokens":
		t.AddSkipped("system/" + rec.subtype)
	default:
		return false
	}
	return true
}

// initNotice words the stream's first line: "Session started ·
// claude-sonnet-4-6 · /p · permission mode acceptEdits".
func initNotice(s streamFields, mode string) string {
	parts := []string{"Session started"}
	for _, p := range []string{s.Model, s.Cwd} {
		if p != "" {
			parts = append(parts, p)
		}
	}
	if mode != "" {
		parts = append(parts, "permission mode "+mode)
	}
	return strings.Join(parts, " · ")
}

// streamTaskNotification shows a background task's end as Claude Code
// words it, "Agent "Survey TODOs" completed · 1.8s"; an agent's report
// becomes its Agent card's answer.
func (d *claudeCode) streamTaskNotification(t *replay.Transcript, rec *claudeRecord) {
	s := rec.stream
	summary := strings.TrimSpace(rec.summary)
	var notice string
	switch name, ok := d.taskNames[s.TaskID]; {
	case ok:
		notice = "Agent " + strconv.Quote(name) + " " + s.Status
	case !s.SummaryIsReport && summary != "":
		notice = summary
	default:
		notice = "Background task " + s.TaskID + " " + s.Status
	}
	var usage struct {
		DurationMs *int `json:"duration_ms"`
	}
	if json.Unmarshal(s.TaskUsage, &usage) == nil && usage.DurationMs != nil {
		notice += " · " + taskDuration(*usage.DurationMs)
	}
	t.AddNotice(notice)
	if !s.SummaryIsReport {
		return
	}
	path, ok := t.LastCard(s.ToolUseID)
	if !ok {
		return
	}
	outcome := cards.OutcomeDone
	if s.Status == "failed" || s.Status == "killed" {
		outcome = cards.OutcomeFailed
	}
	content := toolkit.AsMarkdown(toolkit.Text(rec.summary))
	d.giveAnswer(t, path, s.ToolUseID, cards.GenericResult{Content: content}, outcome)
}

// streamResult shows the stream's result line: "Finished: success · 3
// turns · 8.5s · $0.0234", and the calls the permissions denied.
func streamResult(t *replay.Transcript, rec *claudeRecord) {
	s := rec.stream
	parts := []string{"Finished: " + rec.subtype}
	if s.IsError && rec.subtype == "success" {
		parts[0] = "Finished with an error"
	}
	if s.NumTurns != nil {
		parts = append(parts, plural(*s.NumTurns, "turn", "turns"))
	}
	if s.DurationMs != nil {
		parts = append(parts, taskDuration(*s.DurationMs))
	}
	if s.TotalCostUSD != nil {
		parts = append(parts, fmt.Sprintf("$%.4f", *s.TotalCostUSD))
	}
	t.AddNotice(strings.Join(parts, " · "))
	if len(s.PermissionDenials) > 0 {
		names := make([]string, len(s.PermissionDenials))
		for i, p := range s.PermissionDenials {
			names[i] = p.ToolName
		}
		t.AddNotice("Denied by the permissions: " + strings.Join(names, ", "))
	}
}

// streamSubagent applies a stream line of a sub-agent (its
// parent_tool_use_id names the Agent call) under that call's card; it
// reports whether the line was one.
func (d *claudeCode) streamSubagent(t *replay.Transcript, rec *claudeRecord) bool {
	if rec.parentToolUse == "" || (rec.typ != "user" && rec.typ != "assistant") {
		return false
	}
	agent, ok := d.nested.byCall[rec.parentToolUse]
	switch {
	case !ok:
		return false
	case agent.fromFile:
		t.AddSkipped("sub-agent line also in its transcript")
	default:
		agent.streamed = true
		d.applyNested(t, agent, rec)
	}
	return true
}
