package codex

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/render/textcut"
	"github.com/cardtui/cardtui/replay"
)

// Codex's UI gathers the exploring commands the model runs one after the
// other (see tools_explore.go) into one "Explored" cell, a line each
// (ExecCell::with_added_call, exploring_display_lines). Replay does the
// same: a second exploring command that follows the card of one makes an
// "Explored · Read a.go, Search x in src" card, the commands' own cards
// nested in it, and the next joins it while nothing else comes between.
//
// A rollout says how Codex parsed a command (parsed_cmd) only with the
// command's end (0.169's CommandExecution item, the older exec events),
// after the card of its call is made, and an entry cannot leave the
// transcript once it is in; so whether a call joins the group is decided
// when it comes, by guessCommands, a small part of codex-rs's parser. What
// Codex parsed then words the lines and draws the cards: a command that
// joined but was not exploring after all is the "Run …" line Codex's cell
// has for one.

// exploreGroup is an "Explored" card: its index in the transcript and
// the calls nested in it, in order.
type exploreGroup struct {
	index   int
	members []string
}

// explores reports whether a call is an exploring command: as Codex
// parsed it, else as guessCommands reads its command line.
func (d *codexRollout) explores(c *codexCall) bool {
	return exploring(d.commandsOf(c))
}

// commandsOf is what a shell call does, as Codex parsed it or else as
// guessed; nil for any other call.
func (d *codexRollout) commandsOf(c *codexCall) []parsedCommand {
	if !isShellTool(c.tool) {
		return nil
	}
	if c.parsed != nil {
		return c.parsed
	}
	a, err := parseCodexShellArgs(c.args)
	if err != nil {
		return nil
	}
	return guessCommands(a.line)
}

// putCall adds the card of a call at the top level, or in the group of
// the exploring commands that come just before it.
func (d *codexRollout) putCall(t *replay.Transcript, id string, c *codexCall, view cards.CallView) {
	last := len(t.Entries) - 1
	g := d.group
	if !d.explores(c) || (g == nil || g.index != last) && !d.startGroup(t, last) {
		c.index = t.PutCall(id, c.tool, view)
		return
	}
	g = d.group
	path := t.AddChild(replay.CardAt(g.index), cards.ToolCard{ID: id, Tool: c.tool, Call: view})
	c.nested, c.group = &path, g
	g.members = append(g.members, id)
	d.refreshGroup(t, g)
}

// startGroup makes the card at index i, when it is an exploring call's
// and in no group, the first of a new group in its place.
func (d *codexRollout) startGroup(t *replay.Transcript, i int) bool {
	if i < 0 {
		return false
	}
	card, ok := t.Entries[i].(cards.ToolCard)
	first := d.calls[card.ID]
	if !ok || first == nil || first.index != i || first.nested != nil || !d.explores(first) {
		return false
	}
	g := &exploreGroup{index: i, members: []string{card.ID}}
	t.Set(i, cards.ToolCard{ID: "explored:" + card.ID, Tool: card.Tool})
	path := t.AddChild(replay.CardAt(i), card)
	t.Stats.ToolCards-- // the card moved; it was counted where it was
	first.nested, first.group, d.group = &path, g, g
	return true
}

// refreshGroup words a group's card from its calls, and ends it once
// every call has its result: done, or failed when one of them exited
// non-zero or failed otherwise.
func (d *codexRollout) refreshGroup(t *replay.Transcript, g *exploreGroup) {
	var commands [][]parsedCommand
	var tally groupTally
	kind, ended := cards.KindRead, true
	for _, id := range g.members {
		c := d.calls[id]
		parsed := d.commandsOf(c)
		commands = append(commands, parsed)
		for _, p := range parsed {
			if p.Type == "search" {
				kind = cards.KindSearch
			}
		}
		member := t.Card(*c.nested)
		ended = ended && member.Result != nil
		tally.add(member)
	}
	t.UpdateCard(replay.CardAt(g.index), func(card cards.ToolCard) cards.ToolCard {
		card.Call = cards.GenericCall{Title: "Explored · " + strings.Join(exploreLines(commands), ", "), Kind: kind}
		if ended {
			card.Result = cards.GenericResult{Title: tally.summary(len(g.members))}
			if tally.nonzero+tally.failed > 0 {
				card.Outcome = cards.OutcomeFailed
			}
		}
		return card
	})
}

// groupTally counts the calls of a group that did not succeed: those
// whose command exited non-zero (or was killed), as Codex's cell counts
// its "nonzero exits", and those that failed otherwise.
type groupTally struct {
	nonzero, failed int
}

// add counts a member card that has its result.
func (g *groupTally) add(member cards.ToolCard) {
	if member.Result == nil || member.State() == cards.StateDone {
		return
	}
	if r, ok := member.Result.(cards.TerminalResult); ok && (member.Outcome == cards.OutcomeDone || member.Outcome == cards.OutcomeFailed) &&
		(r.Signal != "" || r.ExitCode != nil && *r.ExitCode != 0) {
		g.nonzero++
		return
	}
	g.failed++
}

// summary counts a group's commands and those that did not succeed:
// "3 commands, 1 nonzero exit".
func (g groupTally) summary(commands int) string {
	text := textcut.Plural(commands, "command", "commands")
	if g.nonzero > 0 {
		text += ", " + textcut.Plural(g.nonzero, "nonzero exit", "nonzero exits")
	}
	if g.failed > 0 {
		text += ", " + strconv.Itoa(g.failed) + " failed"
	}
	return text
}

// noteParsed records how Codex parsed a call's command, from an event.
func (d *codexRollout) noteParsed(c *codexCall, raw json.RawMessage) {
	if parsed := parseParsedCmd(raw); parsed != nil {
		c.parsed = parsed
	}
}

// exploreViews draws an exploring call as the read or search it is (see
// tools_explore.go); any other view is returned as it is.
func (d *codexRollout) exploreCallView(c *codexCall, view cards.CallView) cards.CallView {
	command, ok := view.(cards.TerminalCall)
	if !ok || !isShellTool(c.tool) || !exploring(c.parsed) {
		return view
	}
	return exploreCall(c.parsed, command)
}

// exploreResultView is exploreCallView for the result, with its outcome:
// a search that found nothing did not fail.
func (d *codexRollout) exploreResultView(c *codexCall, view cards.ResultView, outcome cards.Outcome) (cards.ResultView, cards.Outcome) {
	r, ok := view.(cards.TerminalResult)
	if !ok || !isShellTool(c.tool) || !exploring(c.parsed) {
		return view, outcome
	}
	explored := exploreResult(c.parsed, r)
	if found, ok := explored.(cards.SearchMatches); ok && found.Total == 0 && outcome == cards.OutcomeFailed {
		outcome = cards.OutcomeDone
	}
	return explored, outcome
}
