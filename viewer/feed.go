package viewer

import (
	tea "charm.land/bubbletea/v2"

	"github.com/cardtui/cardtui/cards"
)

// EntriesMsg carries updates to the model; a harness may send one with
// tea.Program.Send, and Listen produces them from a channel.
type EntriesMsg struct {
	Updates []cards.Change
	// next is the command that reads on, set by Listen.
	next tea.Cmd
}

// ProgressMsg reports how far a source has been read, for the loading
// indicator: Read of Total bytes (Total 0 when unknown). Done ends the
// indicator. Send it with tea.Program.Send from the goroutine that reads.
type ProgressMsg struct {
	Read, Total int64
	Done        bool
}

// EndMsg says the stream of updates ended (Listen's channel was closed).
type EndMsg struct{}

// maxBatch is the most updates one EntriesMsg carries, so that a burst of
// updates is handled in a few messages and the screen still refreshes
// while a large session loads.
const maxBatch = 4096

// Listen returns a command that waits for the next update on ch, then
// takes whatever else is already queued (up to a few thousand) into one
// EntriesMsg. The model re-issues the command after handling the message,
// so one Listen reads the whole channel; when ch is closed the model gets
// an EndMsg. The waiting happens in the command's goroutine, never in
// Update.
func Listen(ch <-chan cards.Change) tea.Cmd {
	return func() tea.Msg {
		u, ok := <-ch
		if !ok {
			return EndMsg{}
		}
		batch := []cards.Change{u}
		for len(batch) < maxBatch {
			select {
			case u, ok := <-ch:
				if !ok {
					return EntriesMsg{Updates: batch, next: ended}
				}
				batch = append(batch, u)
			default:
				return EntriesMsg{Updates: batch, next: Listen(ch)}
			}
		}
		return EntriesMsg{Updates: batch, next: Listen(ch)}
	}
}

// ended is the command after the last batch of a closed channel.
func ended() tea.Msg { return EndMsg{} }
