package acpclient

import (
	"context"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/cardtui/cardtui/agents/acp"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit"
	"github.com/cardtui/cardtui/internal/testkit/acptest"
)

// startExample runs the SDK's example agent as a child process.
func startExample(t *testing.T, rec *acptest.Buffer) *Session {
	t.Helper()
	agent := acptest.ExampleAgent(t)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	cfg := Config{Command: []string{agent}, Dir: t.TempDir()}
	if rec != nil {
		cfg.Record = rec
	}
	s, err := Start(ctx, cfg)
	require.NoError(t, err)
	t.Cleanup(func() { _ = s.Close() })
	return s
}

// hasMessage reports whether the session shows an assistant message
// containing text.
func hasMessage(s *Session, text string) bool {
	s.Changes()
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, e := range s.tr.Entries() {
		if m, ok := e.(cards.Message); ok && m.Role == cards.RoleAssistant && strings.Contains(m.Text, text) {
			return true
		}
	}
	return false
}

func TestExampleAgentAllowAndSkip(t *testing.T) {
	testkit.SkipLong(t, "the example agent takes seconds per turn")
	t.Parallel()
	for name, tc := range map[string]struct {
		pick  func(acp.Asking) int
		reply string
	}{
		"allow":  {acp.Asking.AllowOnce, "successfully updated"},
		"reject": {acp.Asking.Reject, "skip the configuration update"},
	} {
		// Each answer in its own session, both at once: the agent
		// spends its seconds waiting, not computing.
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s := startExample(t, nil)
			go func() { _ = s.Prompt(context.Background(), "improve the config") }()
			waitFor(t, func() bool { return s.State().Asks })
			a := s.State().Asking
			require.Equal(t, "Allow this change", a.Options[0].Name)
			require.True(t, s.Choose(tc.pick(a)))
			waitFor(t, func() bool { return hasMessage(s, tc.reply) })
			waitFor(t, func() bool { return !s.State().Busy })
		})
	}
}

func TestExampleAgentKilled(t *testing.T) {
	s := startExample(t, nil)
	require.NoError(t, syscall.Kill(s.cmd.Process.Pid, syscall.SIGKILL))
	<-s.Done()
	s.mu.Lock()
	entries := s.tr.Entries()
	s.mu.Unlock()
	assert.Equal(t, cards.Notice{Text: "The agent was killed by SIGKILL."}, entries[len(entries)-1])
}

func TestCloseEndsTheAgentsGroup(t *testing.T) {
	s := startExample(t, nil)
	pid := s.cmd.Process.Pid
	require.NoError(t, s.Close())
	<-s.Done()
	assert.False(t, groupAlive(pid), "no process of the agent's group is left")
}

func TestStartFailsWithTheAgentsWords(t *testing.T) {
	var rec acptest.Buffer
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, err := Start(ctx, Config{Command: []string{"sh", "-c", "echo 'no API key set' >&2; exit 3"}, Dir: t.TempDir(), Record: &rec})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "no API key set", "the agent's last words on stderr explain the failure")
	waitFor(t, func() bool { return strings.Contains(string(rec.Bytes()), "The agent exited with status 3.") })

	_, err = Start(ctx, Config{Command: []string{"/no/such/agent"}, Dir: t.TempDir()})
	assert.ErrorContains(t, err, "/no/such/agent")
}

func TestLaunchShowsAFailedOpenAsANotice(t *testing.T) {
	s, err := Launch(Config{Command: []string{"sh", "-c", "read line; echo 'Authentication required: run gemini login' >&2; exit 3"}, Dir: t.TempDir()})
	require.NoError(t, err, "Launch does not wait for the agent")
	defer s.Close()
	assert.True(t, s.State().Starting)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	require.Error(t, s.Open(ctx))
	st := s.State()
	assert.False(t, st.Starting)
	assert.True(t, st.Failed)
	var notices []string
	for _, e := range s.Entries() {
		if n, ok := e.(cards.Notice); ok {
			notices = append(notices, n.Text)
		}
	}
	require.NotEmpty(t, notices)
	assert.Contains(t, strings.Join(notices, "\n"), "The session could not be opened")
	assert.Contains(t, strings.Join(notices, "\n"), "Authentication required: run gemini login", "the agent's stderr says why")
}
