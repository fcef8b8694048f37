package claude

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/cardtui/cardtui/internal/fastjson"

	"github.com/cardtui/cardtui/agents/internal/claudenotes"
	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/toolkit"
	"github.com/cardtui/cardtui/producers"
)

// Tools returns the producers of Claude Code's tools, mapped the way the
// ACP adapter for Claude Code maps them to tool calls (its kinds, titles
// and locations, the views cardtui's cards declare): Read,
// Write, Edit, MultiEdit, NotebookEdit, Bash, BashOutput, KillShell (and
// its older name KillBash), TodoWrite, Glob, Grep, LS, WebFetch,
// WebSearch, Task (and its newer name Agent), ExitPlanMode, ToolSearch, the task list
// tools TaskCreate, TaskUpdate, TaskGet and TaskList, and AskUserQuestion.
//
// Titles are the adapter's, as plain text: the adapter writes Markdown
// titles, and the code spans it puts around paths and patterns are left
// out ("Edit a.go", "Find src **/*.go"). A Bash call is a terminal card
// whose title is the command itself. The results read the structured
// toolUseResult that Claude Code stores beside each tool_result (Result.Meta,
// see ToolResult): the lines of a read with their real numbers, the hunks
// an edit applied from its structuredPatch, the stdout and stderr of a
// command. Any other tool gets the Registry's fallback card: the tool's
// name and its input as JSON.
func Tools() producers.Registry {
	return producers.Registry{
		"Read":         claudeReadProducer,
		"Write":        claudeWriteProducer,
		"Edit":         claudeEditProducer,
		"MultiEdit":    claudeMultiEditProducer,
		"NotebookEdit": claudeNotebookEditProducer,
		"Bash":         claudeBashProducer,
		"BashOutput":   claudeBashOutputProducer,
		"KillShell":    claudeKillShellProducer,
		"KillBash":     claudeKillShellProducer,
		"TodoWrite":    claudeTodoWriteProducer,
		"Glob":         claudeGlobProducer,
		"Grep":         claudeGrepProducer,
		"LS":           claudeLSProducer,
		"WebFetch":     claudeWebFetchProducer,
		"WebSearch":    claudeWebSearchProducer,
		"Task":         claudeTaskProducer,
		"Agent":        claudeTaskProducer,
		"ExitPlanMode": claudeExitPlanModeProducer,
		"ToolSearch":   claudeToolSearchProducer,

		"TaskCreate":      claudeTaskCreateProducer,
		"TaskUpdate":      claudeTaskUpdateProducer,
		"TaskGet":         claudeTaskGetProducer,
		"TaskList":        claudeTaskListProducer,
		"AskUserQuestion": claudeAskQuestionProducer,
		"Skill":           claudeSkillProducer,
	}
}

// ToolResult builds a Result from a Claude Code tool_result block — its
// content (a string or an array of Anthropic content blocks) and is_error —
// and the toolUseResult stored beside it on the transcript line, which
// becomes Result.Meta. Text blocks lose the <tool_use_error> wrapper of an
// error and the <system-reminder> notes Claude Code appends for the model;
// image blocks keep their media type and base64 data. It never fails:
// content that cannot be decoded is kept as a note holding the raw JSON.
func ToolResult(content json.RawMessage, isError bool, toolUseResult json.RawMessage) producers.Result {
	blocks, err := decodeClaudeContent(content)
	if err != nil {
		blocks = producers.UndecodedContent(content, err)
	}
	r := producers.Result{Content: blocks, IsError: isError}
	if trimmed := bytes.TrimSpace(toolUseResult); len(trimmed) > 0 && string(trimmed) != "null" {
		r.Meta = toolUseResult
	}
	r.Outcome = producers.RefusalOutcome(r, claudeOutcomes)
	if r.Outcome == cards.OutcomeDone && claudeInterrupted(r.Meta) {
		r.Outcome = cards.OutcomeInterrupted
	}
	return r
}

// claudeInterrupted reports whether a toolUseResult says the user
// interrupted the tool ({"interrupted": true}, as Bash records it).
func claudeInterrupted(meta json.RawMessage) bool {
	var m struct {
		Interrupted bool `json:"interrupted"`
	}
	meta = bytes.TrimSpace(meta)
	return len(meta) > 0 && meta[0] == '{' && fastjson.Unmarshal(meta, &m) == nil && m.Interrupted
}

// decodeClaudeContent decodes tool_result content: absent or null is
// none, a string one text block, an array Anthropic blocks.
func decodeClaudeContent(raw json.RawMessage) ([]cards.ContentBlock, error) {
	trimmed := bytes.TrimSpace(raw)
	if len(trimmed) == 0 || string(trimmed) == "null" {
		return nil, nil
	}
	if trimmed[0] != '[' {
		var s string
		if err := fastjson.Unmarshal(trimmed, &s); err != nil {
			return nil, fmt.Errorf("want a string or an array of blocks, found %s", cards.ValidJSONType(trimmed))
		}
		return toolkit.Text(cleanClaudeText(s)), nil
	}
	var items []json.RawMessage
	if err := fastjson.Unmarshal(trimmed, &items); err != nil {
		return nil, err
	}
	var blocks []cards.ContentBlock
	for i, item := range items {
		b, err := decodeClaudeBlock(item)
		if err != nil {
			return nil, fmt.Errorf("block %d: %w", i, err)
		}
		if b != nil {
			blocks = append(blocks, b)
		}
	}
	return blocks, nil
}

// toolResultBlock is the part of an Anthropic content block the views use.
type toolResultBlock struct {
	Type     string  `json:"type"`
	Text     *string `json:"text"`
	ToolName string  `json:"tool_name"`
	Source   *struct {
		Type      string `json:"type"`
		MediaType string `json:"media_type"`
		Data      string `json:"data"`
		URL       string `json:"url"`
	} `json:"source"`
}

// decodeClaudeBlock decodes one block: text (nil when nothing is left of
// it once cleaned), an image from its source, or any other block as the
// cards codec keeps it.
func decodeClaudeBlock(raw json.RawMessage) (cards.ContentBlock, error) {
	var b toolResultBlock
	if err := producers.DecodeJSON(raw, &b); err != nil {
		return nil, err
	}
	switch {
	case b.Type == "text":
		s, err := toolkit.Required("text", b.Text)
		if err != nil {
			return nil, err
		}
		if s = cleanClaudeText(s); s == "" {
			return nil, nil
		}
		return cards.TextBlock{Text: s}, nil
	case b.Type == "tool_reference" && b.ToolName != "":
		// ToolSearch's answer: a tool now loaded, by name.
		return cards.TextBlock{Text: b.ToolName}, nil
	case b.Type == "image" && b.Source != nil:
		return cards.ImageBlock{MimeType: b.Source.MediaType, Data: b.Source.Data, URI: b.Source.URL}, nil
	}
	return producers.DecodeBlock(raw)
}

// cleanClaudeText removes what Claude Code wraps around text for the
// model: the <tool_use_error> tags of an error and <system-reminder>
// notes.
func cleanClaudeText(s string) string {
	s = claudenotes.WithoutTagged(s, "system-reminder")
	trimmed := strings.TrimSpace(s)
	if inner, ok := strings.CutPrefix(trimmed, "<tool_use_error>"); ok {
		if inner, ok = strings.CutSuffix(inner, "</tool_use_error>"); ok {
			return inner
		}
	}
	return s
}

// claudeErrorResult shows a failed tool's message as preformatted text
// under an "Error" title, as the ACP adapter fences error text ("Rejected",
// "Denied" or "Interrupted" for a call that did not run as asked).
func claudeErrorResult(r producers.Result) cards.GenericResult {
	body, others := toolkit.TextOf(r.Content)
	content := others
	if strings.TrimSpace(body) != "" {
		content = append(toolkit.Code("", body), others...)
	}
	return cards.GenericResult{Title: errorTitle(r), Content: producers.WithError(content, r)}
}

// errorTitle names what went wrong with a call: "Error", or how it was
// refused or cut off.
func errorTitle(r producers.Result) string {
	switch r.Outcome {
	case cards.OutcomeRejected:
		return "Rejected"
	case cards.OutcomeDenied:
		return "Denied"
	case cards.OutcomeInterrupted:
		return "Interrupted"
	}
	return "Error"
}

// fencedText shows a result's text as one preformatted block.
func fencedText(r producers.Result) cards.GenericResult { return producers.FencedResult(r, "text") }

// claudeMeta decodes the toolUseResult of a result into dst; ok is false
// when the result has none or it is not an object (an error result stores
// its message as a string).
func claudeMeta(r producers.Result, dst any) (ok bool, err error) {
	trimmed := bytes.TrimSpace(r.Meta)
	if len(trimmed) == 0 || trimmed[0] != '{' {
		return false, nil
	}
	return true, toolkit.Within("toolUseResult", producers.DecodeJSON(trimmed, dst))
}

// thousands writes n with comma separators: 13751 as "13,751".
func thousands(n int) string {
	s := strconv.Itoa(n)
	if n < 0 {
		return "-" + thousands(-n)
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// claudeOutcomes are the texts Claude Code writes for a call that did not
// run as asked (its REJECT_MESSAGE, INTERRUPT_MESSAGE_FOR_TOOL_USE and
// permission messages: a deny rule, a path outside the working
// directories, an approval print mode or a hook could not give), and the
// ACP adapter's words for a permission the user refused.
var claudeOutcomes = []producers.OutcomeRule{
	{Outcome: cards.OutcomeRejected, Text: "The user doesn't want to proceed with this tool use", Anywhere: false},
	{Outcome: cards.OutcomeRejected, Text: "The user doesn't want to take this action right now", Anywhere: false},
	{Outcome: cards.OutcomeRejected, Text: "User refused permission to run tool", Anywhere: false},
	{Outcome: cards.OutcomeDenied, Text: "File is in a directory that is denied by your permission settings", Anywhere: false},
	{Outcome: cards.OutcomeDenied, Text: "was blocked by a deny rule", Anywhere: true},
	{Outcome: cards.OutcomeDenied, Text: "was blocked. For security, Claude Code may only", Anywhere: true},
	{Outcome: cards.OutcomeDenied, Text: " needs approval", Anywhere: true},
	{Outcome: cards.OutcomeInterrupted, Text: "[Request interrupted by user", Anywhere: false},
	{Outcome: cards.OutcomeDenied, Text: "Permission to use ", Anywhere: false},
	{Outcome: cards.OutcomeDenied, Text: "Claude requested permissions to ", Anywhere: false},
	{Outcome: cards.OutcomeDenied, Text: "Operation not permitted", Anywhere: true},
}
