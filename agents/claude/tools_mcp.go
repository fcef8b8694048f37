package claude

import (
	"encoding/json"
	"strings"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/toolkit"
	"github.com/cardtui/cardtui/producers"
)

// claudeSkillProducer draws a Skill call as Claude Code does: "Skill
// name", its arguments below, and what loading it said.
var claudeSkillProducer = producers.Producer{PresentCall: presentClaudeSkillCall, PresentResult: presentClaudeSkillResult}

// presentClaudeSkillCall is "Skill name", with the skill's arguments.
func presentClaudeSkillCall(args json.RawMessage) (cards.CallView, error) {
	var in struct {
		Skill *string `json:"skill"`
		Args  string  `json:"args"`
	}
	if err := json.Unmarshal(args, &in); err != nil {
		return nil, toolkit.Within("arguments", err)
	}
	skill, err := toolkit.Required("skill", in.Skill)
	if err != nil {
		return nil, toolkit.Within("arguments", err)
	}
	return cards.GenericCall{Title: "Skill " + oneLineText(skill), Kind: cards.KindOther, Content: toolkit.Text(in.Args)}, nil
}

// presentClaudeSkillResult is the text the skill's loading returned.
func presentClaudeSkillResult(_ json.RawMessage, r producers.Result) (cards.ResultView, error) {
	return producers.GenericResult(r), nil
}

// presentCall is the view of a call of tool: an MCP tool the registry
// does not know (mcp__server__tool) titled as Claude Code titles it,
// "server - tool (MCP)", with its arguments as key: value; any other
// through the registry.
func presentCall(reg producers.Registry, tool string, args json.RawMessage) (cards.CallView, error) {
	server, name, ok := mcpTool(tool)
	if _, known := reg[tool]; known || !ok {
		return reg.Present(tool, args)
	}
	view := producers.FallbackCall(server+" - "+name+" (MCP)", args, nil)
	if string(view.RawInput) == "{}" {
		view.RawInput = nil
	}
	return view, nil
}

// mcpTool splits an MCP tool's name, "mcp__server__tool", at its last
// "__": a server's name may hold "_" and "__" itself.
func mcpTool(tool string) (server, name string, ok bool) {
	rest, ok := strings.CutPrefix(tool, "mcp__")
	i := strings.LastIndex(rest, "__")
	if !ok || i <= 0 || i+2 == len(rest) {
		return "", "", false
	}
	return rest[:i], rest[i+2:], true
}
