package acp

import "github.com/cardtui/cardtui/cards"

// An agent may ask permission for a tool call it never reports in a
// session/update (the deepseek harness's ACP server sends only finished
// messages and permission requests). Once allowed, such a call runs out
// of sight: its card says running, the answer under its title, and no
// result once the turn ended, since none will come — never done.

// unreportedAllowed reports whether the call is one the agent never
// reported and the user allowed: its outcome is unknown.
func (c *toolCall) unreportedAllowed() bool {
	return !c.reported && c.permission != nil && c.permission.answered && !c.permission.refused() && !c.ended()
}

// unreportedCard is the card of such a call: no result, the answer as a
// notice under the call, ended once the turn did.
func (c *toolCall) unreportedCard(card cards.ToolCard) cards.ToolCard {
	card.Result = nil
	card.Ended = c.turnEnded
	card.Children = append([]cards.Entry{cards.Notice{Text: c.permission.state()}}, card.Children...)
	return card
}

// endUnreported marks the allowed calls the agent never reported as
// ended without a result: the turn is over.
func (t *Traffic) endUnreported() {
	for _, c := range t.tools {
		if c.unreportedAllowed() && !c.turnEnded {
			c.turnEnded = true
			t.touch(c.index)
		}
	}
}
