// Command embed is a small harness that embeds the cardtui viewer: the
// cards above a text input, fed from a goroutine with a running call, its
// result and an edit. The input has the keyboard — typing never moves the
// viewer; esc gives the keyboard to the viewer (its keys and help show)
// and back; enter sends the typed line as a user message; ctrl+c quits.
package main

import (
	"fmt"
	"os"
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/viewer"
)

// harness is the program's model: the viewer and the input.
type harness struct {
	cards viewer.Model
	input textinput.Model
	sent  int // user messages sent, for their ids
}

func newHarness(feed <-chan cards.Change) harness {
	opts := viewer.DefaultOptions()
	opts.Source = "embed demo"
	opts.Feed = feed
	opts.Keys.Quit = key.NewBinding(key.WithKeys("ctrl+c"), key.WithHelp("ctrl+c", "quit")) // q is typed into the input
	h := harness{cards: viewer.New(opts), input: textinput.New()}
	h.input.Placeholder = "type here; esc switches to the cards"
	h.input.Focus()
	h.cards.Blur()
	return h
}

func (h harness) Init() tea.Cmd { return tea.Batch(h.cards.Init(), textinput.Blink) }

func (h harness) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		h.cards.SetSize(msg.Width, msg.Height-1) // the input has the last row
		h.input.SetWidth(msg.Width - 3)
		return h, nil
	case tea.KeyPressMsg:
		switch msg.String() {
		case "ctrl+c":
			return h, tea.Quit
		case "esc":
			return h, h.switchFocus()
		case "enter":
			if h.input.Focused() && h.input.Value() != "" {
				h.sent++
				h.cards.Upsert(fmt.Sprint("user-", h.sent), cards.Message{Role: cards.RoleUser, Text: h.input.Value()})
				h.input.Reset()
				return h, nil
			}
		}
	}
	var viewerCmd, inputCmd tea.Cmd
	h.cards, viewerCmd = h.cards.Update(msg) // a blurred viewer ignores keys
	h.input, inputCmd = h.input.Update(msg)
	return h, tea.Batch(viewerCmd, inputCmd)
}

// switchFocus gives the keyboard to the other component.
func (h *harness) switchFocus() tea.Cmd {
	if h.cards.Focused() {
		h.cards.Blur()
		return h.input.Focus()
	}
	h.input.Blur()
	h.cards.Focus()
	return nil
}

func (h harness) View() tea.View {
	frame := h.cards.Render()
	v := tea.NewView(frame.Content + "\n" + h.input.View())
	v.AltScreen = true
	v.MouseMode = frame.MouseMode
	if c := h.input.Cursor(); c != nil && h.input.Focused() {
		c.Y += h.cards.Height() // the input is under the cards
		v.Cursor = c
	} else {
		v.Cursor = frame.Cursor
	}
	return v
}

// feed plays a harness's tool calls: a command that runs for a while,
// its result, then an edit.
func feed(ch chan<- cards.Change, pause time.Duration) {
	defer close(ch)
	call := cards.ToolCard{ID: "call_1", Tool: "bash", Call: cards.TerminalCall{Title: "go test ./...", Cwd: "/home/dev/tally"}}
	ch <- cards.Change{ID: "intro", Entry: cards.Message{Role: cards.RoleUser, Text: "Run the tests and fix what fails."}}
	ch <- cards.Change{ID: call.ID, Entry: call}
	time.Sleep(pause)
	call.Result = cards.TerminalResult{Output: "--- FAIL: TestTotal\n    count_test.go:31: got 3, want 4\nFAIL\n", ExitCode: cards.Exit(1)}
	ch <- cards.Change{ID: call.ID, Entry: call}
	time.Sleep(pause)
	edit := cards.ToolCard{
		ID: "call_2", Tool: "edit",
		Call: cards.NewDiff("Edit internal/count/count.go",
			cards.Edit("internal/count/count.go", "\treturn n\n", "\treturn n + 1\n")),
	}
	ch <- cards.Change{ID: edit.ID, Entry: edit}
}

func main() {
	pause := 2 * time.Second
	if d, err := time.ParseDuration(os.Getenv("EMBED_PAUSE")); err == nil {
		pause = d
	}
	ch := make(chan cards.Change, 16)
	go feed(ch, pause)
	if _, err := tea.NewProgram(newHarness(ch)).Run(); err != nil {
		fmt.Fprintln(os.Stderr, "embed:", err)
		os.Exit(1)
	}
}
