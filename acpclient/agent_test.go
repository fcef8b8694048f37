package acpclient

import (
	"context"
	"testing"
	"time"

	sdk "github.com/coder/acp-go-sdk"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/acptest"
)

// scripted is a session with an in-process agent that runs turn for each
// prompt; its recording is in rec.
type scripted struct {
	*Session
	agent *acptest.Agent
	rec   *acptest.Buffer
}

// startScripted connects a session in dir to a scripted agent.
func startScripted(t *testing.T, dir string, readOnly bool, turn func(context.Context, *acptest.Agent, sdk.SessionId) error) *scripted {
	t.Helper()
	a, toAgent, fromAgent := acptest.NewAgent(turn)
	rec := &acptest.Buffer{}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	s, err := Connect(ctx, Config{Command: []string{"scripted-agent"}, Dir: dir, ReadOnly: readOnly, Record: rec}, toAgent, fromAgent)
	require.NoError(t, err)
	t.Cleanup(func() {
		a.Hangup()
		_ = s.Close()
	})
	return &scripted{Session: s, agent: a, rec: rec}
}

// prompt sends text as a prompt in the background, as a front-end does
// off its UI loop; the turn shows in the transcript.
func (s *scripted) prompt(text string) { go func() { _ = s.Prompt(context.Background(), text) }() }

// recording is what was recorded so far.
func (s *scripted) recording() []byte { return s.rec.Bytes() }

// turn sends a prompt and waits for the turn to end.
func (s *scripted) turn(t *testing.T, prompt string) {
	t.Helper()
	before := s.prompts()
	s.prompt(prompt)
	require.Eventually(t, func() bool { return s.prompts() > before && !s.State().Busy }, 20*time.Second, 5*time.Millisecond,
		"the turn did not end")
}

// prompts counts the user messages in the transcript.
func (s *scripted) prompts() int {
	n := 0
	for _, e := range s.entries() {
		if m, ok := e.(cards.Message); ok && m.Role == cards.RoleUser {
			n++
		}
	}
	return n
}

// entries are the transcript's entries now.
func (s *scripted) entries() []cards.Entry {
	s.Changes()
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.tr.Entries()
}

// toolCard returns the card of a tool call id.
func (s *scripted) toolCard(t *testing.T, id string) cards.ToolCard {
	t.Helper()
	for _, e := range s.entries() {
		if c, ok := e.(cards.ToolCard); ok && c.ID == id {
			return c
		}
	}
	require.Failf(t, "no card", "no card for tool call %q", id)
	return cards.ToolCard{}
}

// ofType returns the entries of type E.
func ofType[E cards.Entry](entries []cards.Entry) []E {
	var out []E
	for _, e := range entries {
		if v, ok := e.(E); ok {
			out = append(out, v)
		}
	}
	return out
}

// waitFor waits for cond, failing the test after a while.
func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	require.Eventually(t, cond, 10*time.Second, 5*time.Millisecond)
}
