package acp

import (
	"encoding/json"
	"strings"
)

// toolMeta is what the agents put in a tool call's _meta that cardtui
// shows: the display-only terminals of the "terminal_output" client
// capability Zed offers (codex-acp and claude-agent-acp send a command's
// output and exit status so, instead of a terminal/create), and the call
// a Claude sub-agent's call belongs to.
type toolMeta struct {
	TerminalInfo *struct {
		TerminalID string `json:"terminal_id"`
		Cwd        string `json:"cwd"`
	} `json:"terminal_info"`
	TerminalOutput *struct {
		TerminalID string `json:"terminal_id"`
		Data       string `json:"data"`
	} `json:"terminal_output"`
	TerminalExit *struct {
		TerminalID string  `json:"terminal_id"`
		ExitCode   *int    `json:"exit_code"`
		Signal     *string `json:"signal"`
	} `json:"terminal_exit"`
	ClaudeCode *struct {
		ParentToolUseID string `json:"parentToolUseId"`
		ToolName        string `json:"toolName"`
	} `json:"claudeCode"`
}

// metaOf decodes the parts of a _meta that cardtui reads; what does not
// fit is left out.
func metaOf(m map[string]any) toolMeta {
	var out toolMeta
	if len(m) == 0 {
		return out
	}
	if raw, err := json.Marshal(m); err == nil {
		_ = json.Unmarshal(raw, &out)
	}
	return out
}

// parent is the id of the call a sub-agent's call belongs to, "" for
// none.
func (m toolMeta) parent() string {
	if m.ClaudeCode == nil {
		return ""
	}
	return m.ClaudeCode.ParentToolUseID
}

// claudeTool is the name of the Claude Code tool a call of the Claude
// adapter runs, "" for none.
func (m toolMeta) claudeTool() string {
	if m.ClaudeCode == nil {
		return ""
	}
	return m.ClaudeCode.ToolName
}

// metaOutputBytes bounds the output a display-only terminal keeps: its
// last bytes.
const metaOutputBytes = 1 << 20

// applyTerminalMeta records what a _meta says of display-only terminals:
// their working directory, output and exit status.
func (t *Traffic) applyTerminalMeta(m toolMeta) {
	if i := m.TerminalInfo; i != nil && i.TerminalID != "" {
		term := t.terminal(i.TerminalID)
		term.cwd = i.Cwd
		term.state.ID = i.TerminalID
		t.touchTerminal(i.TerminalID)
	}
	if o := m.TerminalOutput; o != nil && o.TerminalID != "" {
		s := &t.terminal(o.TerminalID).state
		s.ID = o.TerminalID
		s.Output += o.Data
		if over := len(s.Output) - metaOutputBytes; over > 0 {
			s.Output = strings.ToValidUTF8(s.Output[over:], "")
			s.Truncated = true
		}
		t.touchTerminal(o.TerminalID)
	}
	if e := m.TerminalExit; e != nil && e.TerminalID != "" {
		s := &t.terminal(e.TerminalID).state
		s.ID, s.Exited, s.ExitCode = e.TerminalID, true, e.ExitCode
		if e.Signal != nil {
			s.Signal, s.ExitCode = *e.Signal, nil
		}
		t.touchTerminal(e.TerminalID)
	}
}
