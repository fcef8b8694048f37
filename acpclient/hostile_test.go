package acpclient

import (
	"context"
	"regexp"
	"testing"

	"github.com/charmbracelet/colorprofile"
	sdk "github.com/coder/acp-go-sdk"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/acptest"
	"github.com/cardtui/cardtui/render"
)

// evil holds what a hostile agent may put in any string: a title change,
// a screen clear, a cursor move, a hyperlink to a bad target, a bell,
// C1 controls, a bidi override and a fake SGR that must stay harmless.
const evil = "a\x1b]0;pwned\x07b\x1b[2J\x1b[Hc\x1b]8;;javascript:alert(1)\x1b\\link\x1b]8;;\x1b\\\x07\u009b31m\u202eevil\x1b[31mred\x1b[0m\rover"

// hostileTurn sends evil in every field of every update kind.
func hostileTurn(ctx context.Context, a *acptest.Agent, sid sdk.SessionId) error {
	term, err := a.Conn.CreateTerminal(ctx, sdk.CreateTerminalRequest{SessionId: sid, Command: "printf", Args: []string{"%s", evil}})
	if err != nil {
		return err
	}
	if _, err := a.Conn.WaitForTerminalExit(ctx, sdk.WaitForTerminalExitRequest{SessionId: sid, TerminalId: term.TerminalId}); err != nil {
		return err
	}
	old := evil
	for _, u := range []sdk.SessionUpdate{
		sdk.UpdateUserMessageText(evil),
		sdk.UpdateAgentThoughtText(evil),
		sdk.UpdateAgentMessageText(evil),
		sdk.StartToolCall("g", evil, sdk.WithStartKind(sdk.ToolKind(evil)),
			sdk.WithStartLocations([]sdk.ToolCallLocation{{Path: evil}}), sdk.WithStartRawInput(map[string]any{evil: evil}),
			sdk.WithStartContent([]sdk.ToolCallContent{sdk.ToolContent(sdk.TextBlock(evil)), sdk.ToolContent(sdk.ResourceLinkBlock(evil, evil))})),
		sdk.UpdateToolCall("g", sdk.WithUpdateStatus(sdk.ToolCallStatusCompleted), sdk.WithUpdateRawOutput(evil)),
		sdk.StartToolCall("d", evil, sdk.WithStartContent([]sdk.ToolCallContent{sdk.ToolDiffContent(evil, evil+"\n"+evil, old)})),
		sdk.StartToolCall("t", evil, sdk.WithStartContent([]sdk.ToolCallContent{sdk.ToolTerminalRef(term.TerminalId)})),
		sdk.UpdatePlan(sdk.PlanEntry{Content: evil, Status: sdk.PlanEntryStatus(evil), Priority: sdk.PlanEntryPriorityHigh}),
		{AvailableCommandsUpdate: &sdk.SessionAvailableCommandsUpdate{AvailableCommands: []sdk.AvailableCommand{{Name: evil, Description: evil}}}},
		{CurrentModeUpdate: &sdk.SessionCurrentModeUpdate{CurrentModeId: sdk.SessionModeId(evil)}},
	} {
		if err := a.Update(ctx, sid, u); err != nil {
			return err
		}
	}
	if _, err := a.Out.Write([]byte(evil + "\n")); err != nil {
		return err
	}
	_, err = a.Conn.RequestPermission(ctx, sdk.RequestPermissionRequest{
		SessionId: sid, ToolCall: sdk.ToolCallUpdate{ToolCallId: "g"},
		Options: []sdk.PermissionOption{{Kind: sdk.PermissionOptionKind(evil), Name: evil, OptionId: sdk.PermissionOptionId(evil)}},
	})
	return err
}

var (
	sgr      = regexp.MustCompile(`\x1b\[[0-9;:]*m`)
	osc8     = regexp.MustCompile(`\x1b\]8;[^\x07\x1b]*;[^\x07\x1b]*\x1b\\`)
	controls = regexp.MustCompile(`[\x00-\x09\x0b-\x1f\x7f\x{80}-\x{9f}\x{202a}-\x{202e}\x{2066}-\x{2069}]`)
)

func TestHostileAgentOutputIsSanitised(t *testing.T) {
	s := startScripted(t, t.TempDir(), false, hostileTurn)
	s.prompt("go")
	waitFor(t, func() bool { return s.State().Asks })
	require.True(t, s.Choose(0))
	waitFor(t, func() bool { return !s.State().Busy })
	entries := s.entries()
	assert.GreaterOrEqual(t, len(ofType[cards.ToolCard](entries)), 4)
	for _, profile := range []colorprofile.Profile{colorprofile.TrueColor, colorprofile.NoTTY} {
		for _, expanded := range []bool{false, true} {
			o := render.DefaultOptions()
			o.Width, o.Profile, o.Terminal, o.Hyperlinks, o.Expanded = 80, profile, true, true, expanded
			for i, e := range entries {
				drawn := render.Entry(e, o)
				for _, link := range osc8.FindAllString(drawn, -1) {
					assert.NotContains(t, link, "javascript:", "entry %d: an unsafe link target", i)
				}
				out := osc8.ReplaceAllString(sgr.ReplaceAllString(drawn, ""), "")
				assert.NotContains(t, out, "\x1b", "entry %d (%T), profile %v: an escape sequence other than SGR and OSC 8", i, e, profile)
				assert.False(t, controls.MatchString(out), "entry %d (%T): a control character reached the terminal: %q", i, e, controls.FindString(out))
			}
		}
	}
}
