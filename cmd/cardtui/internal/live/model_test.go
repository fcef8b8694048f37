package live

import (
	"context"
	"encoding/base64"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	sdk "github.com/coder/acp-go-sdk"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/acpclient"
	"github.com/cardtui/cardtui/internal/testkit/acptest"
	"github.com/cardtui/cardtui/internal/testkit/golden"
	"github.com/cardtui/cardtui/viewer"
)

// liveWith is the front-end on an in-process agent that runs turn, sized
// 100×30.
func liveWith(t testing.TB, turn func(context.Context, *acptest.Agent, sdk.SessionId) error) *Model {
	t.Helper()
	m, _ := liveOn(t, acpclient.Config{Command: []string{"agent"}, Dir: t.TempDir(), Source: "agent"}, turn, func(a *acptest.Agent) {
		a.Modes = &sdk.SessionModeState{CurrentModeId: "ask", AvailableModes: []sdk.SessionMode{{Id: "ask", Name: "Ask"}}}
	}, 100, 30)
	return m
}

// liveOn is the front-end, width×height with the composer focused, on an
// in-process agent that runs turn (nil: a turn that does nothing),
// connected with cfg once setUp (if not nil) has set it up; the agent
// hangs up and the session closes when the test ends.
func liveOn(t testing.TB, cfg acpclient.Config, turn func(context.Context, *acptest.Agent, sdk.SessionId) error,
	setUp func(*acptest.Agent), width, height int,
) (*Model, *acptest.Agent) {
	t.Helper()
	return liveThrough(t, cfg, turn, setUp, nil, width, height)
}

// liveThrough is liveOn with the pipe to the agent wrapped by pipe (nil:
// as it is).
func liveThrough(t testing.TB, cfg acpclient.Config, turn func(context.Context, *acptest.Agent, sdk.SessionId) error,
	setUp func(*acptest.Agent), pipe func(io.WriteCloser) io.WriteCloser, width, height int,
) (*Model, *acptest.Agent) {
	t.Helper()
	if turn == nil {
		turn = func(context.Context, *acptest.Agent, sdk.SessionId) error { return nil }
	}
	agent, toAgent, fromAgent := acptest.NewAgent(turn)
	if setUp != nil {
		setUp(agent)
	}
	if pipe != nil {
		toAgent = pipe(toAgent)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	s, err := acpclient.Connect(ctx, cfg, toAgent, fromAgent)
	require.NoError(t, err)
	t.Cleanup(func() {
		agent.Hangup()
		_ = s.Close()
	})
	opts := viewer.DefaultOptions()
	opts.RenderWait = 0
	m := newModel(s, cfg, opts)
	m.now = (&testClock{}).Now // still, unless a test moves it
	m.Update(tea.WindowSizeMsg{Width: width, Height: height})
	m.input.Focus()
	return m, agent
}

// press sends keys to the model, as tea.KeyPressMsg, and runs their
// commands in the background as the program would (the requests to the
// agent among them), dropping their messages; it returns the last key's
// command.
func press(m *Model, keys ...tea.KeyPressMsg) tea.Cmd {
	var cmd tea.Cmd
	for _, k := range keys {
		_, cmd = m.Update(k)
		go runAll(cmd)
	}
	return cmd
}

// runAll runs cmd and the commands of the batch it returns.
func runAll(cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	if batch, ok := cmd().(tea.BatchMsg); ok {
		for _, c := range batch {
			go runAll(c)
		}
	}
}

// typed are the key presses of text.
func typed(text string) []tea.KeyPressMsg {
	var keys []tea.KeyPressMsg
	for _, r := range text {
		keys = append(keys, tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	return keys
}

var (
	enter    = tea.KeyPressMsg{Code: tea.KeyEnter}
	altEnter = tea.KeyPressMsg{Code: tea.KeyEnter, Mod: tea.ModAlt}
	esc      = tea.KeyPressMsg{Code: tea.KeyEscape}
	up       = tea.KeyPressMsg{Code: tea.KeyUp}
	tab      = tea.KeyPressMsg{Code: tea.KeyTab}
	ctrlC    = tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl}
	ctrlD    = tea.KeyPressMsg{Code: 'd', Mod: tea.ModCtrl}
	ctrlY    = tea.KeyPressMsg{Code: 'y', Mod: tea.ModCtrl}
)

// settle applies the session's changes until cond holds.
func settle(t *testing.T, m *Model, cond func() bool) {
	t.Helper()
	require.Eventually(t, func() bool {
		m.Update(changedMsg{})
		return cond()
	}, 10*time.Second, 5*time.Millisecond)
}

// screenText is the model's screen without its styles.
func screenText(m *Model) string { return ansi.Strip(m.View().Content) }

// isQuit reports whether cmd quits the program.
func isQuit(cmd tea.Cmd) bool {
	if cmd == nil {
		return false
	}
	_, ok := cmd().(tea.QuitMsg)
	return ok
}

func TestLiveComposer(t *testing.T) {
	m := liveWith(t, func(ctx context.Context, a *acptest.Agent, sid sdk.SessionId) error {
		return a.Update(ctx, sid, sdk.UpdateAgentMessageText("ok"))
	})
	press(m, typed("jk q")...)
	assert.Equal(t, "jk q", m.input.Value(), "typing goes to the composer: j, k and q neither scroll nor quit")
	press(m, altEnter)
	press(m, typed("second line")...)
	assert.Equal(t, "jk q\nsecond line", m.input.Value(), "alt+enter starts a new line")
	assert.Equal(t, 2, m.input.Height(), "the composer grows with its text")
	press(m, enter)
	assert.Empty(t, m.input.Value(), "enter sends")
	settle(t, m, func() bool { return !m.state.Busy && m.view.Len() >= 3 })
	assert.Contains(t, screenText(m), "jk q")
	assert.Contains(t, screenText(m), "mode Ask")

	press(m, up)
	assert.Equal(t, "jk q\nsecond line", m.input.Value(), "up on an empty composer recalls the last prompt")
	press(m, tea.KeyPressMsg{Code: tea.KeyDown})
	assert.Empty(t, m.input.Value())

	assert.False(t, isQuit(press(m, ctrlC)), "one ctrl+c does not quit")
	assert.True(t, isQuit(press(m, ctrlC)), "ctrl+c twice quits")
	press(m, typed("x")...)
	assert.False(t, isQuit(press(m, ctrlD)), "ctrl+d quits only on an empty composer")
	press(m, ctrlC) // clears the composer
	assert.Empty(t, m.input.Value())
	assert.True(t, isQuit(press(m, ctrlD)))
}

func TestLivePermissionKeys(t *testing.T) {
	for _, tc := range []struct {
		name string
		key  tea.KeyPressMsg
		want sdk.PermissionOptionId
	}{
		{"enter allows once", enter, "once"},
		{"esc rejects", esc, "no"},
		{"a number picks", tea.KeyPressMsg{Code: '1', Text: "1"}, "always"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := make(chan sdk.RequestPermissionOutcome, 1)
			m := liveWith(t, func(ctx context.Context, a *acptest.Agent, sid sdk.SessionId) error {
				if err := a.Update(ctx, sid, sdk.StartToolCall("e", "Edit main.go", sdk.WithStartKind(sdk.ToolKindEdit))); err != nil {
					return err
				}
				resp, err := a.Conn.RequestPermission(ctx, sdk.RequestPermissionRequest{
					SessionId: sid, ToolCall: sdk.ToolCallUpdate{ToolCallId: "e"},
					Options: []sdk.PermissionOption{
						{Kind: sdk.PermissionOptionKindAllowAlways, Name: "Always", OptionId: "always"},
						{Kind: sdk.PermissionOptionKindAllowOnce, Name: "Once", OptionId: "once"},
						{Kind: sdk.PermissionOptionKindRejectOnce, Name: "No", OptionId: "no"},
					},
				})
				got <- resp.Outcome
				return err
			})
			press(m, typed("edit it")...)
			press(m, enter)
			settle(t, m, func() bool { return m.state.Asks })
			screen := screenText(m)
			assert.Contains(t, screen, "Permission waiting: 1 Always  2 Once  3 No")
			assert.Contains(t, screen, "1. Always (allow always)", "the options are on the card")
			press(m, typed("x")...)
			assert.Equal(t, "x", m.input.Value(), "keys still type")
			press(m, ctrlY)
			assert.Contains(t, screenText(m), "Answer: 1 Always  2 Once  3 No")
			press(m, tc.key)
			outcome := <-got
			require.NotNil(t, outcome.Selected)
			assert.Equal(t, tc.want, outcome.Selected.OptionId)
			settle(t, m, func() bool { return !m.state.Busy })
			assert.NotContains(t, screenText(m), "Permission: 1")
		})
	}
}

func TestLiveCancelAndCompletion(t *testing.T) {
	cancelled := make(chan struct{})
	m := liveWith(t, func(ctx context.Context, a *acptest.Agent, sid sdk.SessionId) error {
		if err := a.Update(ctx, sid, sdk.SessionUpdate{AvailableCommandsUpdate: &sdk.SessionAvailableCommandsUpdate{
			AvailableCommands: []sdk.AvailableCommand{{Name: "review", Description: "Review the diff"}, {Name: "test", Description: "Run tests"}},
		}}); err != nil {
			return err
		}
		<-ctx.Done()
		close(cancelled)
		return nil
	})
	press(m, typed("wait")...)
	press(m, enter)
	settle(t, m, func() bool { return m.state.Busy && len(m.state.Commands) == 2 })
	assert.Contains(t, screenText(m), "turn running · esc cancels")
	press(m, typed("/re")...)
	assert.Contains(t, screenText(m), "/review Review the diff")
	assert.NotContains(t, screenText(m), "/test Run tests", "only the commands that match")
	press(m, tab)
	assert.Equal(t, "/review ", m.input.Value())
	press(m, esc)
	select {
	case <-cancelled:
	case <-time.After(5 * time.Second):
		t.Fatal("esc did not cancel the turn")
	}
	settle(t, m, func() bool { return !m.state.Busy })
	assert.Contains(t, screenText(m), "You cancelled the turn.")
}

// TestLiveScreenGolden pins the front-end's screen while a permission is
// asked: the card with its numbered options, the permission row, the
// status row with the mode, and the composer.
func TestLiveScreenGolden(t *testing.T) {
	m := liveWith(t, func(ctx context.Context, a *acptest.Agent, sid sdk.SessionId) error {
		old := "host = \"old\"\n"
		if err := a.Update(ctx, sid, sdk.StartToolCall("e", "Edit config.toml", sdk.WithStartKind(sdk.ToolKindEdit),
			sdk.WithStartContent([]sdk.ToolCallContent{sdk.ToolDiffContent("config.toml", "host = \"new\"\n", old)}))); err != nil {
			return err
		}
		_, err := a.Conn.RequestPermission(ctx, sdk.RequestPermissionRequest{
			SessionId: sid, ToolCall: sdk.ToolCallUpdate{ToolCallId: "e"},
			Options: []sdk.PermissionOption{
				{Kind: sdk.PermissionOptionKindAllowOnce, Name: "Allow", OptionId: "allow"},
				{Kind: sdk.PermissionOptionKindRejectOnce, Name: "Reject", OptionId: "reject"},
			},
		})
		return err
	})
	press(m, typed("point the config at the new host")...)
	press(m, enter)
	// The changes that came with the request too: the notice, the prompt and the card.
	settle(t, m, func() bool { return m.state.Asks && m.view.Len() == 3 })
	screen := strings.ReplaceAll(screenText(m), m.sess.Dir(), "DIR")
	golden.Assert(t, "acp-live-permission.w100.golden", screen)
	press(m, ctrlY, esc)
	settle(t, m, func() bool { return !m.state.Asks })
}

// evil is what a hostile agent puts in the names the front-end shows on
// its own rows: a title change, a screen clear, a cursor move, a bell, a
// C1 CSI, a bidi override, a line break.
const evil = "a\x1b]0;pwned\x07b\x1b[2J\x1b[Hc\u009b31m\u202eevil\nnext"

func TestLiveRowsAreSanitised(t *testing.T) {
	m := liveWith(t, func(ctx context.Context, a *acptest.Agent, sid sdk.SessionId) error {
		for _, u := range []sdk.SessionUpdate{
			{AvailableCommandsUpdate: &sdk.SessionAvailableCommandsUpdate{AvailableCommands: []sdk.AvailableCommand{{Name: "x" + evil, Description: evil}}}},
			{CurrentModeUpdate: &sdk.SessionCurrentModeUpdate{CurrentModeId: sdk.SessionModeId(evil)}},
			{SessionInfoUpdate: &sdk.SessionSessionInfoUpdate{Title: sdk.Ptr(evil)}},
			sdk.StartToolCall("e", evil),
		} {
			if err := a.Update(ctx, sid, u); err != nil {
				return err
			}
		}
		_, err := a.Conn.RequestPermission(ctx, sdk.RequestPermissionRequest{
			SessionId: sid, ToolCall: sdk.ToolCallUpdate{ToolCallId: "e"},
			Options: []sdk.PermissionOption{{Kind: sdk.PermissionOptionKindAllowOnce, Name: evil, OptionId: "ok"}},
		})
		return err
	})
	press(m, typed("go")...)
	press(m, enter)
	settle(t, m, func() bool { return m.state.Asks && m.state.Title != "" })
	press(m, typed("/x")...)
	rows := m.belowRows()
	require.Len(t, rows, 3, "permission, completion, status")
	sgr := regexp.MustCompile(`\x1b\[[0-9;:]*m`)
	for _, row := range rows {
		plain := sgr.ReplaceAllString(row, "") // the front-end's own styles: anything else must be gone
		assert.NotContains(t, plain, "\x1b", "row %q", plain)
		assert.NotContains(t, plain, "\n")
		assert.NotContains(t, plain, "\a")
		assert.NotContains(t, plain, "\u009b")
		assert.NotContains(t, plain, "\u202e")
		assert.Contains(t, plain, "<U+202E>evil", "the override is shown, not obeyed")
	}
	press(m, ctrlY, enter) // allow
}

func TestStartingShowsAtOnce(t *testing.T) {
	cfg := acpclient.Config{Command: []string{"sh", "-c", "read line; sleep 30"}, Dir: t.TempDir(), Source: "slow-agent"}
	s, err := acpclient.Launch(cfg)
	require.NoError(t, err)
	t.Cleanup(func() { _ = s.Close() })
	m := New(s, cfg)
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 20})
	m.input.Focus()
	screen := screenText(m)
	assert.Contains(t, screen, "slow-agent · starting…", "the viewer and composer show before session/new answers")
	assert.Contains(t, screen, "Ask the agent…")
	press(m, typed("hi")...)
	press(m, enter)
	assert.Empty(t, m.input.Value(), "the prompt left the composer")
	assert.Contains(t, screenText(m), "queued: hi   sent when the agent is ready", "a prompt waits for the session, shown")
	press(m, typed("more")...)
	press(m, enter)
	assert.Equal(t, "more", m.input.Value(), "one prompt waits; the next stays in the composer")
	assert.Contains(t, screenText(m), "a prompt is already queued")
}

// TestQueuedPromptSentWhenReady: enter pressed before the session is open
// queues the prompt, and the open session gets it alone; the next enter
// sends the next text alone. Old main dropped the first enter and sent
// both texts run together.
func TestQueuedPromptSentWhenReady(t *testing.T) {
	m, agent := liveOn(t, acpclient.Config{Command: []string{"agent"}, Dir: t.TempDir(), Source: "agent"}, nil, nil, 100, 30)
	m.state.Starting = true // as it is until openedMsg
	press(m, typed("Read the README.")...)
	press(m, enter)
	assert.Empty(t, m.input.Value())
	assert.Contains(t, screenText(m), "queued: Read the README.")
	press(m, typed("Summarise.")...)

	_, cmd := m.Update(openedMsg{})
	runAll(cmd)
	assert.NotContains(t, screenText(m), "queued:", "sent once the session is open")
	assert.Equal(t, "Summarise.", m.input.Value(), "what was typed since stays in the composer")
	settle(t, m, func() bool { return len(agent.Prompts()) == 1 && !m.state.Busy })
	press(m, enter)
	settle(t, m, func() bool { return len(agent.Prompts()) == 2 && !m.state.Busy })
	assert.Equal(t, []string{"Read the README.", "Summarise."}, promptTexts(agent))
}

// promptTexts are the texts of the prompts the agent was sent.
func promptTexts(a *acptest.Agent) []string {
	var texts []string
	for _, p := range a.Prompts() {
		for _, b := range p {
			if b.Text != nil {
				texts = append(texts, b.Text.Text)
			}
		}
	}
	return texts
}

func TestAgentNamesItself(t *testing.T) {
	cfg := acpclient.Config{Command: []string{"./run-agent.sh"}, Dir: t.TempDir(), Source: "run-agent.sh"}
	m, _ := liveOn(t, cfg, nil, func(a *acptest.Agent) {
		a.Info = &sdk.Implementation{Name: "gemini-cli", Title: sdk.Ptr("Gemini CLI"), Version: "0.61.0"}
	}, 100, 20)
	settle(t, m, func() bool { return strings.Contains(screenText(m), "Gemini CLI · ready") })
	for _, row := range strings.Split(screenText(m), "\n") {
		if strings.Contains(row, "card ") {
			assert.NotContains(t, row, "run-agent.sh", "the viewer's status row names the agent too")
			assert.True(t, strings.HasSuffix(strings.TrimRight(row, " "), "Gemini CLI"), row)
		}
	}
	assert.NotContains(t, screenText(m), "run-agent.sh ·", "the agent's title, not the wrapper script's name")
}

func TestResumeModeAndModel(t *testing.T) {
	cfg := acpclient.Config{Command: []string{"agent"}, Dir: t.TempDir(), Source: "agent", Resume: "sess_old"}
	m, agent := liveOn(t, cfg, nil, func(agent *acptest.Agent) {
		agent.Modes = &sdk.SessionModeState{CurrentModeId: "ask", AvailableModes: []sdk.SessionMode{{Id: "ask", Name: "Ask"}, {Id: "code", Name: "Code"}}}
		agent.Models = &sdk.SessionModelState{CurrentModelId: "small", AvailableModels: []sdk.ModelInfo{{ModelId: "small", Name: "Small"}, {ModelId: "large", Name: "Large"}}}
		agent.Replay = func(ctx context.Context, a *acptest.Agent, sid sdk.SessionId) error {
			if err := a.Update(ctx, sid, sdk.UpdateUserMessageText("earlier question")); err != nil {
				return err
			}
			return a.Update(ctx, sid, sdk.UpdateAgentMessageText("earlier answer"))
		}
	}, 100, 30)
	settle(t, m, func() bool { return strings.Contains(screenText(m), "earlier answer") })
	assert.Equal(t, []string{"session/load sess_old"}, agent.Calls(), "--resume loads the session, which the agent replays")
	assert.Contains(t, screenText(m), "Session sess_old loaded.")
	assert.Contains(t, screenText(m), "mode Ask · model Small")

	press(m, typed("/mo")...)
	assert.Equal(t, []string{"mode", "model"}, m.completions(), "/mode and /model complete")
	press(m, typed("de c")...)
	assert.Equal(t, []string{"mode code"}, m.completions(), "and so do their values")
	press(m, tab, enter)
	settle(t, m, func() bool { return strings.Contains(screenText(m), "mode Code") })
	press(m, typed("/model Large")...)
	press(m, enter)
	settle(t, m, func() bool { return strings.Contains(screenText(m), "model Large") })
	assert.Equal(t, []string{"session/load sess_old", "session/set_mode code", "session/set_model large"}, agent.Calls())
	press(m, typed("/model huge")...)
	press(m, enter)
	assert.Contains(t, screenText(m), "/model takes one of: small, large")
}

// TestFileMention: tab completes "@" and a partial path from the
// session directory (a directory with its "/", hidden files only when
// asked), and the prompt goes to the agent as its text and a
// resource_link for each file it mentions; a path that names no file
// inside the directory stays text only.
func TestFileMention(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "src"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "src", "calc.py"), []byte("x = 1\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, ".env"), []byte("secret\n"), 0o644))
	m, agent := liveOn(t, acpclient.Config{Command: []string{"agent"}, Dir: dir, Source: "agent"}, nil, nil, 100, 30)
	settle(t, m, func() bool { return !m.state.Starting })

	press(m, typed("look at @")...)
	m.Update(press(m, tab)())
	assert.Equal(t, "look at @src/", m.input.Value(), "a directory completes with its /, hidden files are left out")
	press(m, typed("c")...)
	m.Update(press(m, tab)())
	assert.Equal(t, "look at @src/calc.py", m.input.Value())
	press(m, typed(" and @../etc/passwd")...)
	press(m, enter)
	require.Eventually(t, func() bool { return len(agent.Prompts()) == 1 }, 10*time.Second, 5*time.Millisecond)
	blocks := agent.Prompts()[0]
	require.Len(t, blocks, 2, "the text and one resource link: a path outside the directory is not linked")
	require.NotNil(t, blocks[0].Text)
	assert.Equal(t, "look at @src/calc.py and @../etc/passwd", blocks[0].Text.Text)
	require.NotNil(t, blocks[1].ResourceLink)
	assert.Equal(t, "calc.py", blocks[1].ResourceLink.Name)
	assert.Equal(t, "file://"+filepath.Join(dir, "src", "calc.py"), blocks[1].ResourceLink.Uri)
	settle(t, m, func() bool { return strings.Contains(screenText(m), "look at @src/calc.py") })
}

// TestPastedImage: a pasted path of an image file is attached to the
// next prompt as an image block, a placeholder in the composer, when the
// agent takes images; an agent that does not gets the path as text, and
// the hint says so.
func TestPastedImage(t *testing.T) {
	png := []byte("\x89PNG\r\n\x1a\nfake")
	for _, images := range []bool{true, false} {
		t.Run(fmt.Sprintf("images=%v", images), func(t *testing.T) {
			dir := t.TempDir()
			require.NoError(t, os.WriteFile(filepath.Join(dir, "shot.png"), png, 0o644))
			m, agent := liveOn(t, acpclient.Config{Command: []string{"agent"}, Dir: dir, Source: "agent"}, nil,
				func(a *acptest.Agent) { a.Images = images }, 100, 30)
			settle(t, m, func() bool { return !m.state.Starting })

			press(m, typed("what is this? ")...)
			_, cmd := m.Update(tea.PasteMsg{Content: "'shot.png'"})
			if !images {
				assert.Contains(t, screenText(m), "the agent takes no images: the path is pasted as text")
				assert.Equal(t, "what is this? 'shot.png'", m.input.Value())
			} else {
				require.NotNil(t, cmd)
				m.Update(cmd())
				assert.Equal(t, "what is this? [image 1: shot.png] ", m.input.Value())
			}
			press(m, enter)
			require.Eventually(t, func() bool { return len(agent.Prompts()) == 1 }, 10*time.Second, 5*time.Millisecond)
			blocks := agent.Prompts()[0]
			if !images {
				require.Len(t, blocks, 1, "the text alone")
				return
			}
			require.Len(t, blocks, 2, "the text, then the image")
			require.NotNil(t, blocks[1].Image)
			assert.Equal(t, "image/png", blocks[1].Image.MimeType)
			assert.Equal(t, base64.StdEncoding.EncodeToString(png), blocks[1].Image.Data)
		})
	}
}

// TestTabCompletesSafeNames: tab puts what the agent names — a mode id, a
// command — in the composer only through the terminal-safety layer, so a
// bidi override never reaches the screen; the completed id still switches
// the mode the agent named.
func TestTabCompletesSafeNames(t *testing.T) {
	const evil = "code\u202eevil"
	cfg := acpclient.Config{Command: []string{"agent"}, Dir: t.TempDir(), Source: "agent"}
	m, agent := liveOn(t, cfg, nil, func(agent *acptest.Agent) {
		agent.Modes = &sdk.SessionModeState{CurrentModeId: "ask", AvailableModes: []sdk.SessionMode{{Id: "ask", Name: "Ask"}, {Id: evil, Name: "Code"}}}
	}, 100, 30)
	settle(t, m, func() bool { return strings.Contains(screenText(m), "mode Ask") })
	press(m, typed("/mode c")...)
	press(m, tab)
	assert.NotContains(t, m.input.Value(), "\u202e")
	assert.NotContains(t, m.View().Content, "\u202e")
	press(m, enter)
	settle(t, m, func() bool { return strings.Contains(screenText(m), "mode Code") })
	assert.Equal(t, []string{"session/set_mode " + evil}, agent.Calls())
}
