package picker

import (
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/cardtui/cardtui/cmd/cardtui/internal/listing"
	"github.com/cardtui/cardtui/sessions"
	"github.com/cardtui/cardtui/termsafe"
)

// askStyle marks the question asked before resuming.
var askStyle = lipgloss.NewStyle().Bold(true)

// askLine asks whether to run the resume command, or the live one when
// there is one.
func (p Model) askLine() string {
	k := p.KeyMap
	line := "Run " + shortDir(*p.resume, p.home).String() + " ? " + keyName(k.ResumeYes) + "/" + keyName(k.ResumeNo)
	if p.live != nil && k.ResumeLive.Enabled() {
		shown := shortDir(*p.live, p.home)
		shown.Dir, shown.Args[0] = "", "cardtui"
		line += " · " + keyName(k.ResumeLive) + ": live in " + strings.Join(shown.Args, " ")
	}
	return line
}

// askRows are the question of askLine, wrapped to the screen's width and
// never cut: the whole command it would run shows.
func (p Model) askRows() []string {
	if p.resume == nil {
		return nil
	}
	return strings.Split(ansi.Wrap(p.askLine(), max(p.width, 1), ""), "\n")
}

// shortDir is r with its directory written from home, and its own copy
// of the arguments.
func shortDir(r listing.Resume, home string) listing.Resume {
	r.Dir = listing.ShortPath(r.Dir, home)
	r.Args = slices.Clone(r.Args)
	return r
}

// askResume says what resuming s would run and asks; a session that
// cannot be resumed says why.
func (p *Model) askResume(s sessions.Session) tea.Cmd {
	r, err := p.resumeOf(s)
	if err != nil {
		return p.status(listing.OneLine("cannot resume: " + err.Error()))
	}
	p.resume, p.live = &r, nil
	if p.liveOf != nil {
		if live, err := p.liveOf(s); err == nil && onPath(live.Args[len(live.Args)-1]) {
			p.live = &live
		}
	}
	p.setListSize()
	return nil
}

// answerResume runs the command asked about on ResumeYes, the live one on
// ResumeLive, and forgets them on any other key.
func (p *Model) answerResume(k tea.KeyPressMsg) tea.Cmd {
	r, live := *p.resume, p.live
	p.resume, p.live = nil, nil
	p.setListSize()
	switch {
	case key.Matches(k, p.KeyMap.ResumeLive) && live != nil:
		r = *live
	case !key.Matches(k, p.KeyMap.ResumeYes):
		return p.status("not resumed")
	}
	cmd := exec.Command(r.Args[0], r.Args[1:]...)
	cmd.Dir = r.Dir
	what := listing.OneLine(filepath.Base(r.Args[0]))
	return tea.ExecProcess(cmd, func(err error) tea.Msg { return resumedMsg{what: what, err: err} })
}

// resumed says how the agent resumed in ended, back in the picker.
func (p *Model) resumed(msg resumedMsg) tea.Cmd {
	if msg.err != nil {
		return p.status(listing.OneLine(msg.what + ": " + msg.err.Error()))
	}
	return p.status(msg.what + " ended")
}

// setListSize gives the list the rows the preview and the question leave.
func (p *Model) setListSize() {
	h := p.height - p.previewHeight()
	h -= len(p.askRows())
	p.list.SetSize(p.width, max(h, 1))
}

// status shows text, made safe and cut to the room the list's title
// leaves, in the list's status bar for statusLifetime.
func (p *Model) status(text string) tea.Cmd {
	room := max(p.width-termsafe.Width(p.list.Title)-6, 10)
	return p.list.NewStatusMessage(termsafe.Truncate(listing.OneLine(text), room, "…"))
}

// onPath reports whether program is installed: found on PATH.
func onPath(program string) bool {
	_, err := exec.LookPath(program)
	return err == nil
}
