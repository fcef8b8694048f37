package acpclient

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	sdk "github.com/coder/acp-go-sdk"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit"
	"github.com/cardtui/cardtui/internal/testkit/acptest"
)

// everyKind is a turn that sends every kind of session/update, with a
// real client-side terminal.
func everyKind(ctx context.Context, a *acptest.Agent, sid sdk.SessionId) error {
	old := "a\nb\n"
	term, err := a.Conn.CreateTerminal(ctx, sdk.CreateTerminalRequest{SessionId: sid, Command: "sh", Args: []string{"-c", "printf 'one\\ntwo\\n'; exit 3"}})
	if err != nil {
		return err
	}
	if _, err := a.Conn.WaitForTerminalExit(ctx, sdk.WaitForTerminalExitRequest{SessionId: sid, TerminalId: term.TerminalId}); err != nil {
		return err
	}
	updates := []sdk.SessionUpdate{
		sdk.UpdateUserMessageText("echoed prompt"),
		sdk.UpdateAgentThoughtText("thinking "),
		sdk.UpdateAgentThoughtText("hard"),
		sdk.UpdateAgentMessageText("Hello, "),
		sdk.UpdateAgentMessageText("**world**"),
		sdk.StartToolCall("read_1", "Read README.md", sdk.WithStartKind(sdk.ToolKindRead),
			sdk.WithStartLocations([]sdk.ToolCallLocation{{Path: "/p/README.md", Line: sdk.Ptr(3)}}),
			sdk.WithStartRawInput(map[string]any{"path": "/p/README.md"})),
		sdk.UpdateToolCall("read_1", sdk.WithUpdateStatus(sdk.ToolCallStatusCompleted),
			sdk.WithUpdateContent([]sdk.ToolCallContent{sdk.ToolContent(sdk.TextBlock("# Title"))}),
			sdk.WithUpdateRawOutput(map[string]any{"lines": 1})),
		sdk.StartToolCall("edit_1", "Edit a.txt", sdk.WithStartKind(sdk.ToolKindEdit),
			sdk.WithStartContent([]sdk.ToolCallContent{sdk.ToolDiffContent("/p/a.txt", "a\nB\n", old)})),
		sdk.UpdateToolCall("edit_1", sdk.WithUpdateStatus(sdk.ToolCallStatusFailed)),
		sdk.StartToolCall("run_1", "Run a script", sdk.WithStartKind(sdk.ToolKindExecute),
			sdk.WithStartContent([]sdk.ToolCallContent{sdk.ToolTerminalRef(term.TerminalId)})),
		sdk.UpdateToolCall("run_1", sdk.WithUpdateStatus(sdk.ToolCallStatusCompleted)),
		sdk.UpdatePlan(sdk.PlanEntry{Content: "Read", Status: sdk.PlanEntryStatusInProgress, Priority: sdk.PlanEntryPriorityHigh},
			sdk.PlanEntry{Content: "Edit", Status: sdk.PlanEntryStatusPending, Priority: sdk.PlanEntryPriorityLow}),
		sdk.UpdatePlan(sdk.PlanEntry{Content: "Read", Status: sdk.PlanEntryStatusCompleted, Priority: sdk.PlanEntryPriorityHigh},
			sdk.PlanEntry{Content: "Edit", Status: sdk.PlanEntryStatusInProgress, Priority: sdk.PlanEntryPriorityLow}),
		{AvailableCommandsUpdate: &sdk.SessionAvailableCommandsUpdate{AvailableCommands: []sdk.AvailableCommand{
			{Name: "review", Description: "Review the diff"}, {Name: "test", Description: "Run the tests"},
		}}},
		{CurrentModeUpdate: &sdk.SessionCurrentModeUpdate{CurrentModeId: "code"}},
		{SessionInfoUpdate: &sdk.SessionSessionInfoUpdate{Title: sdk.Ptr("Fix the bug")}},
	}
	for _, u := range updates {
		if err := a.Update(ctx, sid, u); err != nil {
			return err
		}
	}
	_, err = a.Conn.ReleaseTerminal(ctx, sdk.ReleaseTerminalRequest{SessionId: sid, TerminalId: term.TerminalId})
	return err
}

func TestEveryUpdateKind(t *testing.T) {
	t.Parallel()
	s := startScripted(t, t.TempDir(), false, everyKind)
	s.turn(t, "do it")
	entries := s.entries()

	messages := ofType[cards.Message](entries)
	require.Len(t, messages, 4)
	assert.Equal(t, cards.Message{Role: cards.RoleUser, Text: "do it"}, messages[0])
	assert.Equal(t, cards.Message{Role: cards.RoleAgentAsUser, Text: "echoed prompt"}, messages[1], "a user_message_chunk during a turn is the agent's")
	assert.Equal(t, cards.Message{Role: cards.RoleReasoning, Text: "thinking hard"}, messages[2], "thought chunks are one Thinking message")
	assert.Equal(t, cards.Message{Role: cards.RoleAssistant, Text: "Hello, **world**"}, messages[3], "message chunks are one message")

	read := s.toolCard(t, "read_1")
	assert.Equal(t, cards.GenericCall{
		Title: "Read README.md", Kind: cards.KindRead,
		Content: []cards.ContentBlock{cards.TextBlock{Text: "# Title"}}, Locations: []cards.FileLocation{{Path: "/p/README.md", Line: 3}},
	}, read.Call,
		"the raw input is left out: the title and location say it")
	assert.Equal(t, cards.GenericResult{}, read.Result, "the raw output is left out: the content shows the result")

	edit := s.toolCard(t, "edit_1")
	old := "a\nb\n"
	assert.Equal(t, cards.DiffCall{Title: "Edit a.txt", Diffs: []cards.FileDiff{{Path: "/p/a.txt", OldText: &old, NewText: "a\nB\n"}}}, edit.Call)
	assert.Equal(t, cards.GenericResult{}, edit.Result)
	assert.Equal(t, cards.StateFailed, edit.State(), "the status failed is the card's state")
	assert.Equal(t, cards.StateDone, read.State())

	run := s.toolCard(t, "run_1")
	assert.Equal(t, cards.TerminalCall{Title: "sh -c printf 'one\\ntwo\\n'; exit 3", Description: "Run a script"}, run.Call)
	code := 3
	assert.Equal(t, cards.TerminalResult{Output: "one\ntwo\n", ExitCode: &code}, run.Result)
	assert.Equal(t, cards.StateFailed, run.State(), "the command exited 3")

	plan := s.toolCard(t, "plan")
	assert.Equal(t, cards.GenericCall{Title: "Plan", Kind: cards.KindThink, Content: []cards.ContentBlock{cards.TextBlock{Text: "- [x] Read (high priority)\n- [ ] **Edit** (in progress)", Markdown: true}}},
		plan.Call, "the second plan replaces the first on the same card")
	assert.Len(t, ofType[cards.ToolCard](entries), 4, "one card per tool call id and one plan card")

	notices := ofType[cards.Notice](entries)
	var texts []string
	for _, n := range notices {
		texts = append(texts, n.Text)
	}
	assert.Contains(t, texts, "The agent offers 2 commands: /review, /test")
	assert.Contains(t, texts, "Mode: code")
	assert.Empty(t, ofType[cards.Problem](entries))

	st := s.State()
	assert.Equal(t, "code", st.Mode)
	assert.Equal(t, "Fix the bug", st.Title)
	assert.Equal(t, []string{"review", "test"}, []string{st.Commands[0].Name, st.Commands[1].Name})
}

func TestOutOfOrderAndUnknownIDs(t *testing.T) {
	t.Parallel()
	s := startScripted(t, t.TempDir(), false, func(ctx context.Context, a *acptest.Agent, sid sdk.SessionId) error {
		for _, u := range []sdk.SessionUpdate{
			sdk.UpdateToolCall("late", sdk.WithUpdateStatus(sdk.ToolCallStatusInProgress), sdk.WithUpdateTitle("updated first")),
			sdk.StartToolCall("late", "started second", sdk.WithStartKind(sdk.ToolKindSearch)),
			sdk.UpdateToolCall("late", sdk.WithUpdateStatus(sdk.ToolCallStatusCompleted)),
		} {
			if err := a.Update(ctx, sid, u); err != nil {
				return err
			}
		}
		return a.Update(ctx, "someone-else", sdk.UpdateAgentMessageText("not for us"))
	})
	s.turn(t, "go")
	entries := s.entries()
	card := s.toolCard(t, "late")
	assert.Equal(t, cards.GenericCall{Title: "started second", Kind: cards.KindSearch}, card.Call)
	assert.NotNil(t, card.Result, "completed")
	assert.Len(t, ofType[cards.ToolCard](entries), 1, "the update and the call share one card")
	var reasons []string
	for _, p := range ofType[cards.Problem](entries) {
		reasons = append(reasons, p.Reason)
		assert.Positive(t, p.Line)
		assert.NotEmpty(t, p.Excerpt)
	}
	require.Len(t, reasons, 2, "a tool_call for a running id is an update, as Zed takes it")
	assert.Contains(t, reasons[0], `tool call "late", which was never started`)
	assert.Contains(t, reasons[1], `session "someone-else"`)
	for _, m := range ofType[cards.Message](entries) {
		assert.NotEqual(t, "not for us", m.Text)
	}
}

func TestNonJSONOutputAndAgentGone(t *testing.T) {
	t.Parallel()
	gone := make(chan struct{})
	s := startScripted(t, t.TempDir(), false, func(ctx context.Context, a *acptest.Agent, sid sdk.SessionId) error {
		if err := a.Update(ctx, sid, sdk.UpdateAgentMessageText("before")); err != nil {
			return err
		}
		_, err := a.Out.Write([]byte("Loading model… \x1b[31mdone\n"))
		close(gone)
		return err
	})
	s.prompt("hi")
	<-gone
	require.Eventually(t, func() bool { return len(ofType[cards.Problem](s.entries())) == 1 }, 5*time.Second, 5*time.Millisecond)
	p := ofType[cards.Problem](s.entries())[0]
	assert.Contains(t, p.Reason, "not JSON-RPC")
	assert.Contains(t, p.Excerpt, "Loading model")
	require.Eventually(t, func() bool { return !s.State().Busy }, 5*time.Second, 5*time.Millisecond,
		"the session goes on after a bad line")

	s.agent.Hangup()
	<-s.Done()
	entries := s.entries()
	assert.Equal(t, cards.Notice{Text: "The agent closed the connection."}, entries[len(entries)-1])
	assert.Contains(t, entries, cards.Message{Role: cards.RoleAssistant, Text: "before"}, "the transcript stays")
	assert.True(t, s.State().Ended)
}

// TestThousandUpdatesPerSecond: an agent sends an update each
// millisecond, a thousand of them (250 with -short), and every one
// arrives, coalesced into fewer changes.
func TestThousandUpdatesPerSecond(t *testing.T) {
	t.Parallel() // a second of ticks, waited beside the other tests
	n := testkit.Rounds(1000, 250)
	s := startScripted(t, t.TempDir(), false, func(ctx context.Context, a *acptest.Agent, sid sdk.SessionId) error {
		tick := time.NewTicker(time.Millisecond)
		defer tick.Stop()
		if err := a.Update(ctx, sid, sdk.StartToolCall("t", "busy tool")); err != nil {
			return err
		}
		for i := range n {
			<-tick.C
			u := sdk.UpdateAgentThoughtText(fmt.Sprintf("%d ", i))
			if i%2 == 1 {
				u = sdk.UpdateToolCall("t", sdk.WithUpdateTitle(fmt.Sprintf("busy tool %d", i)))
			}
			if err := a.Update(ctx, sid, u); err != nil {
				return err
			}
		}
		return nil
	})
	changes := 0
	done := make(chan struct{})
	go func() {
		defer close(done)
		for !s.State().Ended {
			select {
			case <-s.Changed():
				changes += len(s.Changes())
			case <-time.After(50 * time.Millisecond):
				if !s.State().Busy && changes > 0 {
					return
				}
			}
		}
	}()
	s.turn(t, "go")
	<-done
	entries := s.entries()
	assert.Empty(t, ofType[cards.Problem](entries))
	card := s.toolCard(t, "t")
	assert.Equal(t, fmt.Sprintf("busy tool %d", n-1), card.Call.(cards.GenericCall).Title)
	thoughts := ofType[cards.Message](entries)
	var all strings.Builder
	for _, m := range thoughts {
		if m.Role == cards.RoleReasoning {
			all.WriteString(m.Text)
		}
	}
	assert.Equal(t, n/2, strings.Count(all.String(), " "), "every chunk arrived")
	assert.Positive(t, changes)
}

func TestPermission(t *testing.T) {
	t.Parallel()
	answers := make(chan sdk.RequestPermissionOutcome, 3)
	s := startScripted(t, t.TempDir(), false, func(ctx context.Context, a *acptest.Agent, sid sdk.SessionId) error {
		if err := a.Update(ctx, sid, sdk.StartToolCall("w", "Write config", sdk.WithStartKind(sdk.ToolKindEdit))); err != nil {
			return err
		}
		resp, err := a.Conn.RequestPermission(ctx, sdk.RequestPermissionRequest{
			SessionId: sid,
			ToolCall:  sdk.ToolCallUpdate{ToolCallId: "w"},
			Options: []sdk.PermissionOption{
				{Kind: sdk.PermissionOptionKindAllowAlways, Name: "Always", OptionId: "always"},
				{Kind: sdk.PermissionOptionKindAllowOnce, Name: "Allow this change", OptionId: "allow"},
				{Kind: sdk.PermissionOptionKindRejectOnce, Name: "Skip this change", OptionId: "reject"},
			},
		})
		answers <- resp.Outcome
		return err
	})
	s.prompt("go")
	require.Eventually(t, func() bool { return s.State().Asks }, 5*time.Second, 5*time.Millisecond)
	st := s.State()
	assert.Equal(t, 1, st.Asking.AllowOnce())
	assert.Equal(t, 2, st.Asking.Reject())
	waiting := s.toolCard(t, "w").Result.(cards.GenericResult)
	assert.Equal(t, "Permission requested", waiting.Title)
	assert.Contains(t, waiting.Content[0].(cards.TextBlock).Text, "1. Always (allow always)\n2. Allow this change (allow once)\n3. Skip this change (reject once)")

	require.True(t, s.Choose(st.Asking.AllowOnce()))
	assert.False(t, s.Choose(0), "a request is answered once")
	outcome := <-answers
	require.NotNil(t, outcome.Selected)
	assert.Equal(t, sdk.PermissionOptionId("allow"), outcome.Selected.OptionId)
	require.Eventually(t, func() bool { return !s.State().Busy }, 5*time.Second, 5*time.Millisecond)
	assert.Equal(t, "Allowed: Allow this change (allow once)", s.toolCard(t, "w").Result.(cards.GenericResult).Title,
		"the choice stays on the card")

	s.prompt("again")
	require.Eventually(t, func() bool { return s.State().Asks }, 5*time.Second, 5*time.Millisecond)
	require.NoError(t, s.Cancel(context.Background()))
	<-answers // the SDK ends the agent's request with its turn
	require.Eventually(t, func() bool {
		r, _ := s.toolCard(t, "w").Result.(cards.GenericResult)
		return r.Title == "Permission request cancelled"
	}, 5*time.Second, 5*time.Millisecond)
	assert.Contains(t, s.entries(), cards.Entry(cards.Notice{Text: "You cancelled the turn."}))
}

func TestUnreportedPermission(t *testing.T) {
	t.Parallel()
	goOn := make(chan struct{})
	s := startScripted(t, t.TempDir(), false, func(ctx context.Context, a *acptest.Agent, sid sdk.SessionId) error {
		_, err := a.Conn.RequestPermission(ctx, sdk.RequestPermissionRequest{
			SessionId: sid,
			ToolCall:  sdk.ToolCallUpdate{ToolCallId: "call_9"},
			Options: []sdk.PermissionOption{
				{Kind: sdk.PermissionOptionKindAllowOnce, Name: "Allow once", OptionId: "allow-once"},
				{Kind: sdk.PermissionOptionKindRejectOnce, Name: "Reject", OptionId: "reject-once"},
			},
		})
		<-goOn
		return err
	})
	s.prompt("go")
	require.Eventually(t, func() bool { return s.State().Asks }, 5*time.Second, 5*time.Millisecond)
	require.True(t, s.Choose(s.State().Asking.AllowOnce()))
	require.Eventually(t, func() bool { return !s.toolCard(t, "call_9").Waiting }, 5*time.Second, 5*time.Millisecond)
	card := s.toolCard(t, "call_9")
	assert.Equal(t, cards.StateRunning, card.State(), "allowed, it runs out of sight: not done")
	assert.Equal(t, []cards.Entry{cards.Notice{Text: "Allowed: Allow once"}}, card.Children, "the answer stays on the card")
	close(goOn)
	require.Eventually(t, func() bool { return s.toolCard(t, "call_9").State() == cards.StateNoResult }, 5*time.Second, 5*time.Millisecond,
		"the turn ended without the call's result")
}

func TestTerminalForgottenIsKilledAtClose(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	pidFile := filepath.Join(dir, "pid")
	created := make(chan string, 1)
	s := startScripted(t, dir, false, func(ctx context.Context, a *acptest.Agent, sid sdk.SessionId) error {
		term, err := a.Conn.CreateTerminal(ctx, sdk.CreateTerminalRequest{
			SessionId: sid, Command: "sh",
			Args: []string{"-c", "sh -c 'read p _ < /proc/self/stat; echo $p > pid; exec sleep 300' & wait"},
		}) // its pid as cardtui sees it
		created <- term.TerminalId
		return err
	})
	s.turn(t, "start something")
	<-created
	var pid int
	require.Eventually(t, func() bool {
		b, err := os.ReadFile(pidFile)
		_, scanErr := fmt.Sscan(string(b), &pid)
		return err == nil && scanErr == nil
	}, 5*time.Second, 10*time.Millisecond)
	require.True(t, processAlive(pid), "the terminal's child runs")
	require.NoError(t, s.Close())
	assert.Eventually(t, func() bool { return !processAlive(pid) }, 5*time.Second, 10*time.Millisecond,
		"the child of a terminal the agent never released is killed with its group")
}

func TestReadOnly(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	errs := make(chan error, 2)
	s := startScripted(t, dir, true, func(ctx context.Context, a *acptest.Agent, sid sdk.SessionId) error {
		_, err := a.Conn.WriteTextFile(ctx, sdk.WriteTextFileRequest{SessionId: sid, Path: filepath.Join(dir, "x"), Content: "x"})
		errs <- err
		_, err = a.Conn.CreateTerminal(ctx, sdk.CreateTerminalRequest{SessionId: sid, Command: "true"})
		errs <- err
		return nil
	})
	s.turn(t, "try")
	for range 2 {
		assert.ErrorContains(t, <-errs, "read-only")
	}
	assert.NoFileExists(t, filepath.Join(dir, "x"))
	initialize := strings.SplitN(string(s.recording()), "\n", 3)[1]
	assert.Contains(t, initialize, `"fs":{"readTextFile":true}}`, "initialize advertised reads only")
	assert.NotContains(t, initialize, `"terminal":true`)
	var refused int
	for _, n := range ofType[cards.Notice](s.entries()) {
		if strings.HasPrefix(n.Text, "cardtui refused the agent's") {
			refused++
		}
	}
	assert.Equal(t, 2, refused, "each refusal is visible")
}
