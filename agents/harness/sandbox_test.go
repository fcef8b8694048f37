package harness_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/golden"
	"github.com/cardtui/cardtui/internal/testkit/harnesslog"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
)

// The harness's sandbox refusals, in the shapes its session log records
// them (deepseek-harness: packages/sandbox/sandbox/src/escalation.ts
// writes the marker, packages/fs/tool-fs/src/sandbox.ts maps the file
// tools' FS_SANDBOX_DENIED to it, packages/shell/tool-bash/src/render.ts
// adds it to a command's output).
const (
	sandboxMarker = "[sandbox: file access denied under read-only mode]"
	escalateHint  = "[sandbox: escalation available — retry this exact operation once with sandbox_permissions (the narrowest wider mode that suffices) + justification; the approval prompt asks the user]"
	editArgs      = `{"file_path":"notes.txt","old_string":"blue","new_string":"green"}`
)

// TestHarnessSandboxDenials: an edit, a write or a command the sandbox
// refused is denied, not failed: the edit not applied because it was
// denied, the command's exit code kept in its output.
func TestHarnessSandboxDenials(t *testing.T) {
	t.Run("an edit refused under read-only mode", func(t *testing.T) {
		tr := harness(t, harnesslog.CallEvent("c1", "edit", editArgs),
			harnesslog.ResultEvent("c1", "Error: "+sandboxMarker+"\n"+escalateHint, true, `,"error":{"name":"FsError","code":"FS_SANDBOX_DENIED"}`))
		card := replaytest.ToolCards(tr)[0]
		assert.Equal(t, cards.StateDenied, card.State())
		assert.Contains(t, replaytest.RenderPlain(tr, 80), "✗ Not applied: the change was denied")
	})
	t.Run("FS_SANDBOX_DENIED whatever the text", func(t *testing.T) {
		tr := harness(t, harnesslog.CallEvent("c1", "write", `{"file_path":"a.txt","content":"x"}`),
			harnesslog.ResultEvent("c1", `Error: cannot write "a.txt"`, true, `,"error":{"name":"FsError","code":"FS_SANDBOX_DENIED"}`))
		assert.Equal(t, cards.StateDenied, replaytest.ToolCards(tr)[0].State())
	})
	t.Run("a command the sandbox refused", func(t *testing.T) {
		tr := harness(t, harnesslog.CallEvent("c1", "bash", `{"command":"echo hi > notes.txt"}`),
			harnesslog.ResultEvent("c1", "[stderr]\nbash: notes.txt: Operation not permitted\n"+sandboxMarker+"\n[exit code: 1]", false, ""))
		card := replaytest.ToolCards(tr)[0]
		assert.Equal(t, cards.StateDenied, card.State())
		r := card.Result.(cards.TerminalResult)
		assert.Equal(t, ptr(1), r.ExitCode, "the exit code is still shown")
		assert.Contains(t, r.Output, sandboxMarker)
	})
	t.Run("no sandbox to run a command in", func(t *testing.T) {
		tr := harness(t, harnesslog.CallEvent("c1", "bash", bashArgs),
			harnesslog.ResultEvent("c1", `Error: sandbox mode "read-only" is requested but no sandbox backend is usable on this host; refusing to run the command unconfined.`, true, ""))
		assert.Equal(t, cards.StateDenied, replaytest.ToolCards(tr)[0].State())
	})
	t.Run("other errors still fail", func(t *testing.T) {
		tr := harness(t, harnesslog.CallEvent("c1", "edit", editArgs),
			harnesslog.ResultEvent("c1", `Error: edit requires reading "notes.txt" first — read the file, then retry`, true, `,"error":{"name":"FsError","code":"FS_NOT_OBSERVED"}`))
		assert.Equal(t, cards.StateFailed, replaytest.ToolCards(tr)[0].State())
	})
}

// TestHarnessSandboxFixture: the harness's recorded refusal to run a
// command without a sandbox is denied.
func TestHarnessSandboxFixture(t *testing.T) {
	fixtureFiles(t)
	data, err := os.ReadFile(filepath.Join(golden.Root(t), "..", "shared", "fixtures", "dsh", "missing-sandbox-runner--session.jsonl"))
	if os.IsNotExist(err) {
		t.Skip("no missing-sandbox-runner session log")
	}
	require.NoError(t, err)
	tr := replaytest.LoadBytes(t, agentsOptions, data)
	assert.Equal(t, cards.StateDenied, replaytest.ToolCards(tr)[0].State())
}
