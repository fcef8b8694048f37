package codex

import (
	"errors"
	"fmt"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/replay"
)

// Codex's thread_rolled_back event {num_turns} undoes the last num_turns
// user turns of the thread (codex-rs app-server's thread history drops
// them; the model's context no longer has them) but the rollout keeps
// their lines. A turn starts at a user prompt. The entries of the turns
// undone are kept and marked rolled back (cards.IsRolledBack), and a
// Notice says how many turns the rollback undid; a second rollback undoes
// the turns before those, as Codex counts them.

// rollBack applies a thread_rolled_back event.
func (d *codexRollout) rollBack(t *replay.Transcript, e codexEvent) error {
	if e.NumTurns == nil {
		return errors.New(`missing field "payload.num_turns"`)
	}
	asked := *e.NumTurns
	if asked < 0 {
		return fmt.Errorf(`field "payload.num_turns": %d is less than 0`, asked)
	}
	n := min(asked, len(d.turns))
	if n > 0 {
		first := d.turns[len(d.turns)-n]
		for i := first; i < len(t.Entries); i++ {
			t.Set(i, cards.RolledBackEntry(t.Entries[i]))
		}
		d.turns = d.turns[:len(d.turns)-n]
	}
	t.AddNotice(rollbackNotice(asked, n))
	return nil
}

// rollbackNotice words a rollback of asked turns that undid n.
func rollbackNotice(asked, n int) string {
	text := "Rolled back: the turn above was undone"
	if n != 1 {
		text = fmt.Sprintf("Rolled back: the %d turns above were undone", n)
	}
	if asked > n {
		text += fmt.Sprintf(" (%d were asked for; the rollout holds no earlier turn)", asked)
	}
	return text
}
