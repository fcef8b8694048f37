package main

import (
	"bytes"
	"context"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/agents"
	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/demo"
	"github.com/cardtui/cardtui/render"
	"github.com/cardtui/cardtui/replay"
	"github.com/cardtui/cardtui/viewer"
)

// progressLog records the messages streamSession sends the program.
type progressLog struct {
	mu   sync.Mutex
	msgs []viewer.ProgressMsg
}

func (p *progressLog) send(msg tea.Msg) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.msgs = append(p.msgs, msg.(viewer.ProgressMsg))
}

func (p *progressLog) last() viewer.ProgressMsg {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.msgs[len(p.msgs)-1]
}

// applyUpdate sets an update's entry as the viewer does.
func applyUpdate(t *testing.T, entries []cards.Entry, u cards.Change) []cards.Entry {
	t.Helper()
	require.LessOrEqual(t, u.Index, len(entries))
	if u.Index == len(entries) {
		return append(entries, u.Entry)
	}
	entries[u.Index] = u.Entry
	return entries
}

func TestOpenSource(t *testing.T) {
	file := writeSession(t, "s.jsonl", badMiddle)
	src, closeDemo, err := openSource("", nil, false)
	require.NoError(t, err)
	defer closeDemo()
	assert.Equal(t, demoName, src.name)
	assert.Equal(t, int64(len(demo.Session)), src.total)
	assert.False(t, src.live, "the demo opens at its top")

	for _, follow := range []bool{false, true} {
		src, closeSrc, err := openSource(file, nil, follow)
		require.NoError(t, err)
		assert.Equal(t, int64(len(badMiddle)), src.total)
		assert.NotNil(t, src.file)
		assert.Equal(t, follow, src.live, "a file is live when followed")
		closeSrc()
	}

	r, w, err := os.Pipe()
	require.NoError(t, err)
	defer r.Close()
	defer w.Close()
	pipe, _, err := openSource("-", r, true)
	require.NoError(t, err)
	assert.Equal(t, stdinName, pipe.name)
	assert.Zero(t, pipe.total, "a pipe's size is not known")
	assert.Nil(t, pipe.file, "a pipe is not followed: it is read to its end")
	assert.True(t, pipe.live)

	_, _, err = openSource(file+".missing", nil, false)
	assert.ErrorContains(t, err, "no such file")
}

// TestStreamSessionFeedsTheViewer: the feed gets every entry of the
// session, the progress ends done with the whole file read, and the feed
// is closed at the end.
func TestStreamSessionFeedsTheViewer(t *testing.T) {
	file := writeSession(t, "demo.jsonl", string(demo.Session))
	src, closeSrc, err := openSource(file, nil, false)
	require.NoError(t, err)
	defer closeSrc()
	feed := make(chan cards.Change, feedBuffer)
	var progress progressLog

	_, err = streamSession(t.Context(), src, replayConfig{}, feed, progress.send)

	require.NoError(t, err)
	var entries []cards.Entry
	for u := range feed {
		entries = applyUpdate(t, entries, u)
	}
	want, err := replay.Load(bytes.NewReader(demo.Session), file, replay.Options{Formats: agents.Formats})
	require.NoError(t, err)
	assert.Equal(t, want.Entries, entries)
	assert.Equal(t, viewer.ProgressMsg{Read: src.total, Total: src.total, Done: true}, progress.last())
}

// TestStreamSessionFollowsAFile: with --follow, lines appended to the
// file reach the feed, the loading ends once the file as it was is read,
// and cancelling ends the reading and closes the feed.
func TestStreamSessionFollowsAFile(t *testing.T) {
	first := `{"type":"message","role":"user","text":"first"}` + "\n"
	file := writeSession(t, "live.jsonl", first)
	src, closeSrc, err := openSource(file, nil, true)
	require.NoError(t, err)
	defer closeSrc()
	ctx, cancel := context.WithCancel(t.Context())
	feed := make(chan cards.Change)
	var progress progressLog
	done := make(chan error, 1)
	go func() {
		_, err := streamSession(ctx, src, replayConfig{follow: true}, feed, progress.send)
		done <- err
	}()

	next := func(what string) cards.Change {
		t.Helper()
		select {
		case u := <-feed:
			return u
		case <-time.After(10 * time.Second):
			require.FailNow(t, "no update for "+what)
		}
		return cards.Change{}
	}
	assert.Equal(t, cards.Message{Role: cards.RoleUser, Text: "first"}, next("the first line").Entry)
	f, err := os.OpenFile(file, os.O_APPEND|os.O_WRONLY, 0)
	require.NoError(t, err)
	_, err = f.WriteString(`{"type":"message","role":"assistant","text":"appended"}` + "\n")
	require.NoError(t, err)
	require.NoError(t, f.Close())
	u := next("the appended line")

	assert.Equal(t, cards.Change{Index: 1, Entry: cards.Message{Role: cards.RoleAssistant, Text: "appended"}}, u)
	assert.Equal(t, viewer.ProgressMsg{Read: int64(len(first)), Total: int64(len(first)), Done: true}, progress.last(),
		"the loading ended with the file as it was")
	cancel()
	assert.ErrorIs(t, <-done, context.Canceled)
	_, open := <-feed
	assert.False(t, open, "the feed is closed")
}

func TestLoaded(t *testing.T) {
	assert.False(t, loaded(replay.Batch{Read: 10, Total: 20, CaughtUp: true}), "a known size is read to its end")
	assert.True(t, loaded(replay.Batch{Read: 20, Total: 20}))
	assert.False(t, loaded(replay.Batch{Read: 10}))
	assert.True(t, loaded(replay.Batch{Read: 10, CaughtUp: true}), "a pipe has loaded when it waits for its writer")
}

// TestViewerOptionsFollowTheFlags: --expand, --diff-layout and --theme
// reach the viewer's rendering options; a file read from its start does
// not follow.
func TestViewerOptionsFollowTheFlags(t *testing.T) {
	var stdout, stderr bytes.Buffer
	cfg, _, ok := parseReplayArgs([]string{"--expand", "--internals", "--diff-layout", "split", "--theme", "light", "s.jsonl"}, &stdout, &stderr)
	require.True(t, ok, stderr.String())

	opts := viewerOptions(cfg, source{name: "s.jsonl"}, nil)
	assert.True(t, opts.Render.Expanded)
	assert.True(t, opts.ShowInternal)
	assert.Equal(t, render.DiffSplit, opts.Render.DiffLayout)
	assert.Equal(t, render.Light, opts.Render.Theme)
	assert.True(t, opts.ThemeFixed)
	assert.True(t, opts.NoFollow)
	assert.Equal(t, "s.jsonl", opts.Source)
}

// TestViewerDrawsDiffsInTheTerminalsProfile: in a 256-colour terminal
// the viewer draws the recorded Codex edit with the 256-colour tints, red
// removed and green added lines, not Bubble Tea's nearest colour to the
// true-colour tints, which is one grey for both (48;5;234).
func TestViewerDrawsDiffsInTheTerminalsProfile(t *testing.T) {
	data, err := os.ReadFile("../../agents/codex/testdata/codex-0.169.0-code/rollout.jsonl")
	require.NoError(t, err)
	tr, err := replay.Load(bytes.NewReader(data), "rollout.jsonl", replay.Options{Formats: agents.Formats})
	require.NoError(t, err)
	for _, theme := range []render.Theme{render.Dark, render.Light} {
		opts := viewer.DefaultOptions()
		opts.Render.Theme, opts.ThemeFixed, opts.RenderWait = theme, true, time.Hour
		opts.Render.Expanded = true
		m := viewer.New(opts)
		m.SetSize(120, 400)
		m.SetEntries(tr.Entries)
		assert.True(t, strings.Contains(m.View(), "48;2;"), "true colour until the terminal says otherwise")

		m, _ = m.Update(tea.ColorProfileMsg{Profile: colorprofile.ANSI256})
		screen := m.View()
		assert.False(t, strings.Contains(screen, "48;2;"), "no true colour left in a 256-colour terminal")
		removed, added := "48;5;52m", "48;5;22m"
		if theme == render.Light {
			removed, added = "48;5;224m", "48;5;194m"
		}
		assert.True(t, strings.Contains(screen, removed), "removed lines tinted red (%s)", theme)
		assert.True(t, strings.Contains(screen, added), "added lines tinted green (%s)", theme)
		assert.False(t, strings.Contains(screen, "48;5;234m"), "not one grey for both")

		m, _ = m.Update(tea.ColorProfileMsg{Profile: colorprofile.TrueColor})
		assert.True(t, strings.Contains(m.View(), "48;2;"), "a terminal found to take true colour gets it")
	}

	opts := viewer.DefaultOptions()
	opts.Render.Profile, opts.RenderWait, opts.Render.Expanded = colorprofile.ANSI256, time.Hour, true
	m := viewer.New(opts)
	m.SetSize(120, 400)
	m.SetEntries(tr.Entries)
	m, _ = m.Update(tea.ColorProfileMsg{Profile: colorprofile.TrueColor})
	assert.False(t, strings.Contains(m.View(), "48;2;"), "the caller's profile is a ceiling the terminal does not raise")
}

// TestTabReachesTheFoldedThinking: in a recorded Claude Code session, tab
// stops at the collapsed Thinking card, which says "enter to expand",
// and enter then expands it.
func TestTabReachesTheFoldedThinking(t *testing.T) {
	data, err := os.ReadFile("../../agents/claude/testdata/cc-2.1.332/5abf7094-c675-4192-a199-80fd8b362245.jsonl")
	require.NoError(t, err)
	tr, err := replay.Load(bytes.NewReader(data), "session.jsonl", replay.Options{Formats: agents.Formats})
	require.NoError(t, err)
	opts := viewer.DefaultOptions()
	opts.Render.Profile, opts.RenderWait = colorprofile.NoTTY, time.Hour
	m := viewer.New(opts)
	m.SetSize(120, 40)
	m.SetEntries(tr.Entries)
	m.FocusIndex(0)
	tab := tea.KeyPressMsg{Code: tea.KeyTab}
	for range len(tr.Entries) {
		if msg, ok := m.FocusedEntry().(cards.Message); ok && msg.Role == cards.RoleReasoning {
			assert.Contains(t, m.View(), "enter to expand")
			m, _ = m.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
			assert.NotContains(t, m.View(), "Thinking · ", "expanded")
			return
		}
		m, _ = m.Update(tab)
	}
	t.Fatal("tab never stopped at a Thinking card")
}

// TestViewerHidesWhatTheAgentsHide: Codex's environment and instructions
// blocks and Claude Code's loading of a deferred tool (ToolSearch), which
// neither agent shows, are hidden in the recorded sessions until I.
func TestViewerHidesWhatTheAgentsHide(t *testing.T) {
	for file, internal := range map[string]string{
		"../../agents/codex/testdata/codex-0.169.0-code/rollout.jsonl":                       "<environment_context>",
		"../../agents/claude/testdata/cc-2.1.332/5abf7094-c675-4192-a199-80fd8b362245.jsonl": "Load tools",
	} {
		data, err := os.ReadFile(file)
		require.NoError(t, err)
		tr, err := replay.Load(bytes.NewReader(data), "session.jsonl", replay.Options{Formats: agents.Formats})
		require.NoError(t, err)
		opts := viewer.DefaultOptions()
		opts.Render.Profile, opts.RenderWait, opts.Render.Expanded = colorprofile.NoTTY, time.Hour, true
		m := viewer.New(opts)
		m.SetSize(200, 2000)
		m.SetEntries(tr.Entries)
		assert.NotContains(t, m.View(), internal, file)
		m, _ = m.Update(tea.KeyPressMsg{Code: 'I', Text: "I"})
		assert.Contains(t, m.View(), internal, "I shows it: %s", file)
		m, _ = m.Update(tea.KeyPressMsg{Code: 'I', Text: "I"})
		assert.NotContains(t, m.View(), internal, "I hides it again: %s", file)

		opts.ShowInternal = true
		shown := viewer.New(opts)
		shown.SetSize(200, 2000)
		shown.SetEntries(tr.Entries)
		assert.Contains(t, shown.View(), internal, "Options.ShowInternal: %s", file)
	}
}

// profileProbe quits on the colour profile its program is given.
type profileProbe struct{ got *colorprofile.Profile }

func (p profileProbe) Init() tea.Cmd { return nil }

func (p profileProbe) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if m, ok := msg.(tea.ColorProfileMsg); ok {
		*p.got = m.Profile
		return p, tea.Quit
	}
	return p, nil
}

func (p profileProbe) View() tea.View { return tea.NewView("") }

// The program on the terminal is given the profile the command found for
// --color, instead of detecting it again (in tmux, a `tmux info` each
// time); never keeps the text attributes.
func TestProgramsGetTheProfileFound(t *testing.T) {
	for color, want := range map[string]colorprofile.Profile{"auto": colorprofile.ANSI256, "always": colorprofile.ANSI256, "never": colorprofile.ASCII} {
		t.Run(color, func(t *testing.T) {
			var got colorprofile.Profile
			var out bytes.Buffer // not a terminal: detected, it would be NoTTY
			opts := append(programOptions(color, colorprofile.ANSI256, &out), tea.WithInput(nil))
			_, err := tea.NewProgram(profileProbe{&got}, opts...).Run()
			require.NoError(t, err)
			assert.Equal(t, want, got)
		})
	}
}
