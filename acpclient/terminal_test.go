package acpclient

import (
	"cmp"
	"context"
	"fmt"
	"strings"
	"testing"

	sdk "github.com/coder/acp-go-sdk"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/acptest"
)

// terminalResult is the terminal result of the card of tool call id, if
// it has one.
func (s *scripted) terminalResult(id string) (cards.TerminalResult, bool) {
	for _, c := range ofType[cards.ToolCard](s.entries()) {
		if c.ID == id {
			r, ok := c.Result.(cards.TerminalResult)
			return r, ok
		}
	}
	return cards.TerminalResult{}, false
}

func TestTerminalCardIsLive(t *testing.T) {
	release := make(chan struct{})
	s := startScripted(t, t.TempDir(), false, func(ctx context.Context, a *acptest.Agent, sid sdk.SessionId) error {
		term, err := a.Conn.CreateTerminal(ctx, sdk.CreateTerminalRequest{
			SessionId: sid, Command: "sh",
			Args: []string{"-c", "echo first; sleep 30; echo second"},
		})
		if err != nil {
			return err
		}
		if err := a.Update(ctx, sid, sdk.StartToolCall("run", "Run it", sdk.WithStartStatus(sdk.ToolCallStatusInProgress),
			sdk.WithStartContent([]sdk.ToolCallContent{sdk.ToolTerminalRef(term.TerminalId)}))); err != nil {
			return err
		}
		<-release
		if _, err := a.Conn.KillTerminal(ctx, sdk.KillTerminalRequest{SessionId: sid, TerminalId: term.TerminalId}); err != nil {
			return err
		}
		exit, err := a.Conn.WaitForTerminalExit(ctx, sdk.WaitForTerminalExitRequest{SessionId: sid, TerminalId: term.TerminalId})
		if err != nil || exit.Signal == nil || *exit.Signal != "SIGKILL" {
			return fmt.Errorf("wait_for_exit: %+v, %v", exit, err)
		}
		out, err := a.Conn.TerminalOutput(ctx, sdk.TerminalOutputRequest{SessionId: sid, TerminalId: term.TerminalId})
		if err != nil || out.ExitStatus == nil || out.Output != "first\n" {
			return fmt.Errorf("terminal/output: %+v, %v", out, err)
		}
		return a.Update(ctx, sid, sdk.UpdateToolCall("run", sdk.WithUpdateStatus(sdk.ToolCallStatusCompleted)))
	})
	s.prompt("run")
	waitFor(t, func() bool {
		r, ok := s.terminalResult("run")
		return ok && r.Output == "first\n"
	})
	r, _ := s.terminalResult("run")
	assert.True(t, r.Running, "the card shows the output while the command runs")
	assert.Equal(t, cards.StateRunning, s.toolCard(t, "run").State())
	assert.Equal(t, cards.TerminalCall{Title: "sh -c echo first; sleep 30; echo second", Description: "Run it"}, s.toolCard(t, "run").Call)
	close(release)
	waitFor(t, func() bool { return !s.State().Busy })
	r, _ = s.terminalResult("run")
	assert.Equal(t, cards.TerminalResult{Output: "first\n", Signal: "SIGKILL"}, r)
	assert.Empty(t, ofType[cards.Problem](s.entries()))
	assert.Contains(t, string(s.recording()), `"terminal":{"id":"term_1","output":"first\n","exited":true,"signal":"SIGKILL"}`,
		"the final output is recorded for replay")
}

func TestTerminalOutputLimit(t *testing.T) {
	outputs := make(chan sdk.TerminalOutputResponse, 1)
	s := startScripted(t, t.TempDir(), false, func(ctx context.Context, a *acptest.Agent, sid sdk.SessionId) error {
		term, err := a.Conn.CreateTerminal(ctx, sdk.CreateTerminalRequest{
			SessionId: sid, Command: "printf",
			Args: []string{"%s", "0123456789ééé"}, OutputByteLimit: sdk.Ptr(5),
		})
		if err != nil {
			return err
		}
		if _, err := a.Conn.WaitForTerminalExit(ctx, sdk.WaitForTerminalExitRequest{SessionId: sid, TerminalId: term.TerminalId}); err != nil {
			return err
		}
		out, err := a.Conn.TerminalOutput(ctx, sdk.TerminalOutputRequest{SessionId: sid, TerminalId: term.TerminalId})
		outputs <- out
		return err
	})
	s.turn(t, "print")
	out := <-outputs
	assert.True(t, out.Truncated)
	assert.Equal(t, "éé", out.Output, "the start is cut, at a character boundary, to at most the limit")
	require.NotNil(t, out.ExitStatus)
	assert.Equal(t, 0, *out.ExitStatus.ExitCode)
}

func TestUnknownTerminal(t *testing.T) {
	errs := make(chan error, 1)
	s := startScripted(t, t.TempDir(), false, func(ctx context.Context, a *acptest.Agent, sid sdk.SessionId) error {
		_, err := a.Conn.TerminalOutput(ctx, sdk.TerminalOutputRequest{SessionId: sid, TerminalId: "term_99"})
		errs <- err
		return a.Update(ctx, sid, sdk.StartToolCall("x", "Made up", sdk.WithStartContent([]sdk.ToolCallContent{sdk.ToolTerminalRef("term_99")})))
	})
	s.turn(t, "go")
	assert.ErrorContains(t, <-errs, `no terminal \"term_99\"`)
	assert.Equal(t, cards.TerminalCall{Title: "Made up"}, s.toolCard(t, "x").Call, "a terminal never created still gets its card")
	var refused bool
	for _, n := range ofType[cards.Notice](s.entries()) {
		refused = refused || strings.Contains(n.Text, `refused the agent's terminal/output: Resource not found: no terminal "term_99"`)
	}
	assert.True(t, refused)
}

// TestTerminalsBoundedInTotal: the terminals of a session hold at most
// maxTotalOutput bytes of output between them — a running one its whole
// byte limit, one that exited what it kept — and a terminal past that is
// refused with an error the agent sees; a terminal that exits gives back
// what it did not use.
func TestTerminalsBoundedInTotal(t *testing.T) {
	type outcome struct {
		created int
		refused error
		after   error
	}
	done := make(chan outcome, 1)
	s := startScripted(t, t.TempDir(), false, func(ctx context.Context, a *acptest.Agent, sid sdk.SessionId) error {
		var o outcome
		var first string
		for range maxTotalOutput/maxOutputLimit + 1 {
			term, err := a.Conn.CreateTerminal(ctx, sdk.CreateTerminalRequest{
				SessionId: sid, Command: "sleep", Args: []string{"60"}, OutputByteLimit: sdk.Ptr(maxOutputLimit),
			})
			if err != nil {
				o.refused = err
				break
			}
			first = cmp.Or(first, term.TerminalId)
			o.created++
		}
		if _, err := a.Conn.KillTerminal(ctx, sdk.KillTerminalRequest{SessionId: sid, TerminalId: first}); err != nil {
			return err
		}
		if _, err := a.Conn.WaitForTerminalExit(ctx, sdk.WaitForTerminalExitRequest{SessionId: sid, TerminalId: first}); err != nil {
			return err
		}
		_, o.after = a.Conn.CreateTerminal(ctx, sdk.CreateTerminalRequest{
			SessionId: sid, Command: "sleep", Args: []string{"60"}, OutputByteLimit: sdk.Ptr(maxOutputLimit),
		})
		done <- o
		return nil
	})
	s.turn(t, "run many")
	o := <-done
	assert.Equal(t, maxTotalOutput/maxOutputLimit, o.created)
	require.Error(t, o.refused, "past the total, a terminal is refused")
	assert.Contains(t, o.refused.Error(), "MiB of terminal output")
	assert.NoError(t, o.after, "a terminal that exited gives back what it did not use")
}
