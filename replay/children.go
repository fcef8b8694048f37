package replay

import (
	"slices"

	"github.com/cardtui/cardtui/cards"
)

// CardPath locates a tool card of the transcript: the index of its
// top-level card in Entries and, for a card nested under it, the index of
// each child on the way down (cards.ToolCard.Children).
type CardPath struct {
	top  int
	path []int
}

// CardAt is the path of the top-level card at index i of Entries.
func CardAt(i int) CardPath { return CardPath{top: i} }

// child is the path of the i-th child of the card at p.
func (p CardPath) child(i int) CardPath {
	return CardPath{top: p.top, path: append(slices.Clip(p.path), i)}
}

// Card returns the tool card at p.
func (t *Transcript) Card(p CardPath) cards.ToolCard {
	c := t.Entries[p.top].(cards.ToolCard)
	for _, i := range p.path {
		c = c.Children[i].(cards.ToolCard)
	}
	return c
}

// UpdateCard replaces the tool card at p with what update makes of it.
// The cards on the way down are copied, never changed in place: an entry
// handed out before (to a viewer) stays as it was.
func (t *Transcript) UpdateCard(p CardPath, update func(cards.ToolCard) cards.ToolCard) {
	t.Entries[p.top] = updateNested(t.Entries[p.top].(cards.ToolCard), p.path, update)
	t.touch(p.top)
}

func updateNested(c cards.ToolCard, path []int, update func(cards.ToolCard) cards.ToolCard) cards.ToolCard {
	if len(path) == 0 {
		return update(c)
	}
	children := slices.Clone(c.Children)
	children[path[0]] = updateNested(children[path[0]].(cards.ToolCard), path[1:], update)
	c.Children = children
	return c
}

// AddChild nests an entry under the card at p, after its other children,
// and returns the entry's path (meaningful when it is a tool card). A
// nested tool card counts as a tool card of the session.
func (t *Transcript) AddChild(p CardPath, e cards.Entry) CardPath {
	if t.ahead != nil {
		t.ahead.catchUp(t)
	}
	if _, ok := e.(cards.ToolCard); ok {
		t.Stats.ToolCards++
	}
	n := 0
	t.UpdateCard(p, func(c cards.ToolCard) cards.ToolCard {
		n = len(c.Children)
		c.Children = append(slices.Clip(c.Children), e)
		return c
	})
	return p.child(n)
}

// LastCard returns the path of the last top-level card with call id.
func (t *Transcript) LastCard(id string) (CardPath, bool) {
	ids := t.cardsByID[id]
	if len(ids) == 0 {
		return CardPath{}, false
	}
	return CardPath{top: ids[len(ids)-1]}, true
}

// LastAwaiting returns the path of the last top-level card still waiting
// for its result whose tool is tool ("" for any tool).
func (t *Transcript) LastAwaiting(tool string) (CardPath, bool) {
	for i := len(t.Entries) - 1; i >= 0; i-- {
		if c, ok := t.Entries[i].(cards.ToolCard); ok && c.Result == nil && !c.Ended && (tool == "" || c.Tool == tool) {
			return CardPath{top: i}, true
		}
	}
	return CardPath{}, false
}

// endNested marks every nested card without a result as ended, as Finish
// does for the top-level ones; it reports whether it changed any.
func endNested(c cards.ToolCard) (cards.ToolCard, bool) {
	changed := false
	for i, child := range c.Children {
		card, ok := child.(cards.ToolCard)
		if !ok {
			continue
		}
		ended, sub := endNested(card)
		if ended.Result == nil && !ended.Ended {
			ended.Ended, sub = true, true
		}
		if sub {
			if !changed {
				c.Children = slices.Clone(c.Children)
			}
			c.Children[i], changed = ended, true
		}
	}
	return c, changed
}
