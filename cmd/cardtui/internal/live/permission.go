package live

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// A permission request never takes the keys typed into the composer: the
// user gives it the keys with KeyMap.Answer (a key that types no text), then
// picks an option; until then the request waits, shown on its row, and
// every key, digits and enter included, goes to the composer. The focus
// belongs to one request: another that takes its place gets none.

// answeringNow reports whether the keys go to the waiting permission
// request: the user gave them to it, and it is still the one waiting.
func (m *Model) answeringNow() bool {
	if m.answering != "" && (!m.state.Asks || m.state.Asking.ToolCallID != m.answering) {
		m.answering = ""
	}
	return m.answering != ""
}

// focusPermission gives the keys to the waiting request, or back to the
// composer.
func (m *Model) focusPermission() {
	switch {
	case m.answeringNow():
		m.answering = ""
	case m.state.Asks:
		m.answering = m.state.Asking.ToolCallID
	default:
		m.hint = "no permission request is waiting"
	}
	m.layout()
}

// answerKeyPress handles a key while the waiting request has the keys:
// Choose's keys (1…9) pick an option, AllowOnce (enter) the first
// allow_once, Reject (esc) the first reject_* (or cancels the request
// when there is none); any other key is refused with a hint, so that
// nothing typed is lost silently.
func (m *Model) answerKeyPress(msg tea.KeyPressMsg) {
	a, k := m.state.Asking, m.KeyMap
	answered := true
	switch i := k.chosen(msg.String()); {
	case i >= 0:
		if answered = m.sess.Choose(i); !answered {
			m.hint = "no option " + msg.String()
		}
	case key.Matches(msg, k.AllowOnce):
		if i := a.AllowOnce(); i >= 0 {
			m.sess.Choose(i)
		} else {
			answered, m.hint = false, "no “allow once” option: pick one with its number"
		}
	case key.Matches(msg, k.Reject):
		if i := a.Reject(); i >= 0 {
			m.sess.Choose(i)
		} else {
			m.sess.Dismiss()
		}
	default:
		answered, m.hint = false, "answering the permission: a number, "+keyName(k.AllowOnce)+" or "+keyName(k.Reject)+" · "+
			keyName(k.Answer)+" back to the composer"
	}
	if answered {
		m.answering = ""
	}
	m.state = m.sess.State()
	m.layout()
}

// permissionRow is the row of the waiting request: its options, and how
// to answer — the keys while it has them, else the key that gives them.
func (m *Model) permissionRow() string {
	k := m.KeyMap
	if m.answeringNow() {
		return liveWarn.Render("Answer: ") + m.optionsText() + liveDim.Render("   "+helpLine(k.AllowOnce, k.Reject, withHelp(k.Answer, "back to the composer")))
	}
	return liveWarn.Render("Permission waiting: ") + m.optionsText() + liveDim.Render("   "+keyName(k.Answer)+" to answer (your typing stays in the composer)")
}

// optionsText lists the permission options, numbered.
func (m *Model) optionsText() string {
	var parts []string
	for i, o := range m.state.Asking.Options {
		if i == 9 {
			break
		}
		parts = append(parts, liveAccent.Render(string(rune('1'+i)))+" "+safe(o.Name))
	}
	return strings.Join(parts, "  ")
}
