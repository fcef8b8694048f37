package listing

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/sessions"
)

// TestLiveResumeOf: a Claude Code or Codex session continues live in
// cardtui through its ACP adapter with the agent's own session id; an
// agent without an adapter that loads sessions, or a session without an
// id or a directory, says why not.
func TestLiveResumeOf(t *testing.T) {
	tests := []struct {
		name    string
		s       sessions.Session
		want    []string
		wantErr string
	}{
		{
			"claude",
			sessions.Session{Agent: "claude", Path: "/h/.claude/projects/p/5b1e0c7a-3f2d.jsonl", Project: "/src/p"},
			[]string{"/bin/cardtui", "acp", "--resume", "5b1e0c7a-3f2d", "--", "claude-agent-acp"},
			"",
		},
		{
			"codex",
			sessions.Session{Agent: "codex", Path: "/h/.codex/sessions/rollout-2026-01-01T00-00-00-0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b.jsonl", Project: "/src/p"},
			[]string{"/bin/cardtui", "acp", "--resume", "0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b", "--", "codex-acp"},
			"",
		},
		{"no adapter", sessions.Session{Agent: "harness", Path: "/h/s/abc/session.jsonl", Project: "/src/p"}, nil, "no ACP agent loads a harness session"},
		{"no directory", sessions.Session{Agent: "claude", Path: "/h/x.jsonl"}, nil, "does not say which directory"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := LiveResumeOf(tt.s, "/bin/cardtui")
			if tt.wantErr != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tt.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, r.Args)
			assert.Equal(t, "/src/p", r.Dir)
		})
	}
}

// TestResumeRunsWhereItShows: the directory resumed in is the session's,
// cleaned ("./" and ".." resolved, as the question shows it); a
// relative directory, which would run under the picker's own, is
// refused, and so is one longer than a path can be.
func TestResumeRunsWhereItShows(t *testing.T) {
	dotted := "/home/u/proj" + strings.Repeat("/.", 80) + "/../evil"
	r, err := ResumeOf(sessions.Session{Agent: "claude", Path: "/h/id.jsonl", Project: dotted})
	require.NoError(t, err)
	assert.Equal(t, "/home/u/evil", r.Dir)
	assert.Equal(t, "cd /home/u/evil && claude --resume id", r.String())

	for _, dir := range []string{"~/proj", "proj", "./proj", "/" + strings.Repeat("d", 5000)} {
		_, err := ResumeOf(sessions.Session{Agent: "claude", Path: "/h/id.jsonl", Project: dir})
		require.Error(t, err, dir)
		assert.Contains(t, err.Error(), "directory")
		_, err = LiveResumeOf(sessions.Session{Agent: "claude", Path: "/h/id.jsonl", Project: dir}, "/bin/cardtui")
		require.Error(t, err, dir)
	}
}
