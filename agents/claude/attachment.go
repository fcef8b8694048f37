package claude

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/cardtui/cardtui/internal/fastjson"

	"github.com/cardtui/cardtui/agents/internal/claudenotes"
	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/toolkit"
	"github.com/cardtui/cardtui/replay"
)

// The Claude Code lines beside the conversation that the decoder shows:
//
//   - attachment, type queued_command: a message given to Claude while it
//     was busy, which Claude Code writes as no user line of its own. A
//     prompt (commandMode "prompt") the user typed (origin human, or
//     none) is the user's, where it was queued; one another sender wrote
//     (origin peer, auto-continuation, or isMeta) is collapsed context;
//     a "bash" one is the user's "! command"; a task-notification one is
//     a Notice. Every other attachment type (hook output, reminders,
//     tool listings…) is counted in Stats.Skipped as attachment/TYPE.
//   - a user line whose origin is a task-notification, or whose text is a
//     <task-notification> element: a Notice naming the task and its
//     status, never the user.
//   - permission-mode: a Notice when the mode changes.
//   - custom-title: the session's title (a summary no longer replaces
//     it), and a Notice.

// claudeOrigin is the origin of a line.
type claudeOrigin struct {
	Kind string `json:"kind"`
}

// claudeAttachment is the part of an attachment line's attachment shown.
type claudeAttachment struct {
	Type        string          `json:"type"`
	CommandMode string          `json:"commandMode"`
	Prompt      json.RawMessage `json:"prompt"`
	Origin      *claudeOrigin   `json:"origin"`
	IsMeta      bool            `json:"isMeta"`
}

// decodeAttachment reads an attachment line's attachment; a queued
// command's prompt must be a string or an array of blocks.
func (rec *claudeRecord) decodeAttachment(raw json.RawMessage) error {
	if trimmed := bytes.TrimSpace(raw); len(trimmed) == 0 || trimmed[0] != '{' {
		return nil
	}
	var a claudeAttachment
	if err := fastjson.Unmarshal(raw, &a); err != nil {
		return fmt.Errorf(`field "attachment": %w`, replay.FieldError(err))
	}
	if a.Type == "queued_command" {
		if _, err := promptText(a.Prompt); err != nil {
			return err
		}
	}
	rec.attachment = &a
	return nil
}

// promptText is the text of a queued command's prompt: a string, or the
// text (and placeholders) of an array of blocks.
func promptText(raw json.RawMessage) (string, error) {
	trimmed := bytes.TrimSpace(raw)
	switch {
	case len(trimmed) == 0 || string(trimmed) == "null":
		return "", nil
	case trimmed[0] == '"':
		var s string
		err := fastjson.Unmarshal(trimmed, &s)
		return s, err
	}
	var blocks []claudeBlock
	if err := fastjson.Unmarshal(trimmed, &blocks); err != nil {
		return "", fmt.Errorf(`field "attachment.prompt": want a string or an array of blocks, found %s`, replay.JSONType(trimmed))
	}
	texts := make([]string, 0, len(blocks))
	for _, b := range blocks {
		texts = append(texts, blockText(b))
	}
	return strings.Join(texts, "\n\n"), nil
}

// attachment applies an attachment line: see the list above.
func (d *claudeCode) attachment(t *replay.Transcript, rec *claudeRecord) {
	a := rec.attachment
	switch {
	case a == nil:
		t.AddSkipped("attachment")
		return
	case a.Type != "queued_command":
		t.AddSkipped("attachment/" + a.Type)
		return
	}
	text, _ := promptText(a.Prompt) // checked when the line was decoded
	switch {
	case isBlank(text):
		t.AddSkipped("attachment/queued_command")
	case a.CommandMode == "task-notification" || isTaskNotification(text):
		t.AddNotice(taskNotice(text))
		d.agentAnswer(t, text)
	case !queuedByUser(rec, a):
		t.PutMessage(cards.RoleContext, text)
	case a.CommandMode == "bash":
		t.PutMessage(cards.RoleUser, "! "+strings.TrimSpace(text))
	case a.CommandMode == "prompt" || a.CommandMode == "":
		d.commandOrPrompt(t, text)
	default:
		t.PutMessage(cards.RoleContext, text)
	}
}

// queuedByUser reports whether a queued command is one the user typed:
// its origin is human (or not recorded), and neither it nor its line is
// meta or a sub-agent's.
func queuedByUser(rec *claudeRecord, a *claudeAttachment) bool {
	human := a.Origin == nil || a.Origin.Kind == "" || a.Origin.Kind == "human"
	return human && !a.IsMeta && !rec.meta && !rec.sidechain
}

// taskNotificationTag is the element Claude Code reports a background
// task's end in.
const taskNotificationTag = "task-notification"

// isTaskNotification reports whether text is a <task-notification>.
func isTaskNotification(text string) bool {
	return strings.HasPrefix(strings.TrimSpace(text), "<"+taskNotificationTag+">")
}

// taskNotice words a task notification as Claude Code does: its summary
// and how long the task ran, "Agent "Survey TODOs" finished · 1.8s" or
// "Background command "npm test" completed (exit code 0)"; the task's id
// and status only when it has no summary.
func taskNotice(text string) string {
	body, ok := claudenotes.Tagged(text, taskNotificationTag)
	if !ok {
		body = text
	}
	notice, _ := claudenotes.Tagged(body, "summary")
	if notice == "" {
		notice = "Background task"
		if id, _ := claudenotes.Tagged(body, "task-id"); id != "" {
			notice += " " + id
		}
		status, hasTags := claudenotes.Tagged(body, "status")
		switch {
		case status != "":
			notice += " " + status
		case !hasTags:
			notice += ": " + strings.TrimSpace(body)
		}
	}
	usage, _ := claudenotes.Tagged(body, "usage")
	if ms, err := strconv.Atoi(first(claudenotes.Tagged(usage, "duration_ms"))); err == nil {
		notice += " · " + taskDuration(ms)
	}
	return notice
}

// taskDuration words how long a task ran, to a tenth of a second.
func taskDuration(ms int) string {
	return (time.Duration(ms) * time.Millisecond).Round(100 * time.Millisecond).String()
}

// agentAnswer gives the answer of an agent that ran in the background,
// the <result> of its task notification, to its Agent card, whose result
// until then only said that it was launched, and nests what the agent
// did under the card, now that its transcript is complete.
func (d *claudeCode) agentAnswer(t *replay.Transcript, text string) {
	body, _ := claudenotes.Tagged(text, taskNotificationTag)
	id, _ := claudenotes.Tagged(body, "tool-use-id")
	d.nestAgent(t, id)
	answer, ok := claudenotes.Tagged(body, "result")
	if id == "" || !ok {
		return
	}
	path, ok := t.LastCard(id)
	if !ok {
		return
	}
	status, _ := claudenotes.Tagged(body, "status")
	outcome := cards.OutcomeDone
	if status == "failed" || status == "killed" {
		outcome = cards.OutcomeFailed
	}
	content := toolkit.AsMarkdown(toolkit.Text(answer))
	if stats := agentUsage(body); stats != "" {
		content = append(content, cards.TextBlock{Text: "_" + stats + "_", Markdown: true})
	}
	d.giveAnswer(t, path, id, cards.GenericResult{Content: content}, outcome)
}

// giveAnswer makes the answer of the Agent call id, that ran in the
// background, the result of its card at path: titled so, as Claude Code
// says it, and without the sub-agent's last reply when that is the
// answer.
func (d *claudeCode) giveAnswer(t *replay.Transcript, path replay.CardPath, id string, r cards.GenericResult, outcome cards.Outcome) {
	if d.nested.backgrounded(id) {
		r.Title = launchedText
	}
	t.UpdateCard(path, func(c cards.ToolCard) cards.ToolCard {
		if c.Tool == "Agent" || c.Tool == "Task" {
			c.Result, c.Outcome = r, outcome
		}
		return c
	})
	dropEchoedAnswer(t, id)
}

// agentUsage words the <usage> of a task notification as the Agent card
// words a foreground agent's: "1 tool use · 400ms · 102 tokens".
func agentUsage(body string) string {
	usage, _ := claudenotes.Tagged(body, "usage")
	var stats []string
	if n, err := strconv.Atoi(first(claudenotes.Tagged(usage, "tool_uses"))); err == nil {
		stats = append(stats, plural(n, "tool use", "tool uses"))
	}
	if ms, err := strconv.Atoi(first(claudenotes.Tagged(usage, "duration_ms"))); err == nil {
		stats = append(stats, taskDuration(ms))
	}
	tokens, _ := claudenotes.Tagged(usage, "total_tokens")
	if tokens == "" {
		tokens, _ = claudenotes.Tagged(usage, "subagent_tokens")
	}
	if n, err := strconv.Atoi(tokens); err == nil {
		stats = append(stats, thousands(n)+" tokens")
	}
	return strings.Join(stats, " · ")
}

// first is the first of two results.
func first[A, B any](a A, _ B) A { return a }

// permissionModes word Claude Code's permission modes.
var permissionModes = map[string]string{
	"default":           "default (ask before each edit and command)",
	"acceptEdits":       "accept edits",
	"plan":              "plan (read only, no edits)",
	"bypassPermissions": "bypass permissions (ask for nothing)",
	"dontAsk":           "don't ask (deny what is not allowed)",
}

// permissionMode applies a permission-mode line: a Notice when the mode
// is not the one shown last.
func (d *claudeCode) permissionMode(t *replay.Transcript, rec *claudeRecord) {
	mode := strings.TrimSpace(rec.permissionMode)
	if mode == "" || mode == d.mode {
		t.AddSkipped("permission-mode")
		return
	}
	d.mode = mode
	worded, ok := permissionModes[mode]
	if !ok {
		worded = mode
	}
	t.AddNotice("Permission mode: " + worded)
}

// customTitle applies a custom-title line: the name the user gave the
// session (/rename).
func (d *claudeCode) customTitle(t *replay.Transcript, rec *claudeRecord) {
	title := strings.TrimSpace(rec.customTitle)
	if title == "" {
		t.AddSkipped("custom-title")
		return
	}
	t.Title, d.titled = title, true
	t.AddNotice("Title: " + title)
}

// aiTitle applies an ai-title line: the title Claude Code wrote for the
// session, the latest one winning, unless the user named it.
func (d *claudeCode) aiTitle(t *replay.Transcript, rec *claudeRecord) {
	title := strings.TrimSpace(rec.aiTitle)
	if title == "" {
		t.AddSkipped("ai-title")
		return
	}
	d.aiTitled = true
	if !d.titled {
		t.Title = title
	}
}
