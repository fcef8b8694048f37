package live

import (
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// A permission request takes the keys when the user is not typing: the
// composer is empty, no key was typed in the last QuietTime and the
// request has been on the screen that long. Keys typed sooner, or while
// the composer holds unsent text, stay in the composer, so that a message
// typed while a request appears answers nothing; KeyMap.Answer (a key
// that types no text) gives the request the keys at once, or takes them
// back. The focus belongs to one request: another that takes its place
// starts anew.

// QuietTime is how long the user must not have typed, and a request must
// have been shown, before the request takes the keys by itself.
const QuietTime = 500 * time.Millisecond

// quietMsg asks for a new look at who has the keys once QuietTime has
// passed.
type quietMsg struct{}

// answeringNow reports whether the keys go to the waiting permission
// request: the user gave them to it, or they did not take them back and
// are not typing.
func (m *Model) answeringNow() bool {
	if !m.state.Asks {
		return false
	}
	switch id := m.state.Asking.ToolCallID; {
	case m.answering == id:
		return true
	case m.kept == id:
		return false
	}
	now := m.now()
	return m.input.Value() == "" && now.Sub(m.typedAt) >= QuietTime && now.Sub(m.askedAt) >= QuietTime
}

// noticeRequest notes when a new request appeared, and asks for a new
// look once it may take the keys.
func (m *Model) noticeRequest() tea.Cmd {
	if !m.state.Asks || m.state.Asking.ToolCallID == m.asked {
		return nil
	}
	m.asked, m.askedAt = m.state.Asking.ToolCallID, m.now()
	return quietLater()
}

// typedNow notes a key typed into the composer; while a request waits,
// it asks for a new look once the user may have stopped typing.
func (m *Model) typedNow() tea.Cmd {
	m.typedAt = m.now()
	if !m.state.Asks {
		return nil
	}
	return quietLater()
}

// quietLater is a quietMsg after QuietTime.
func quietLater() tea.Cmd {
	return tea.Tick(QuietTime, func(time.Time) tea.Msg { return quietMsg{} })
}

// focusPermission gives the keys to the waiting request, or back to the
// composer.
func (m *Model) focusPermission() {
	switch id := m.state.Asking.ToolCallID; {
	case m.answeringNow():
		m.answering, m.kept = "", id
	case m.state.Asks:
		m.answering, m.kept = id, ""
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
		m.answering, m.kept = "", ""
	}
	m.state = m.sess.State()
	m.layout()
}

// permissionRow is the row of the waiting request: its options, and how
// to answer — the keys while it has them, else what gives them to it.
func (m *Model) permissionRow() string {
	k := m.KeyMap
	if m.answeringNow() {
		return liveWarn.Render("Answer: ") + m.optionsText() + liveDim.Render("   "+helpLine(k.AllowOnce, k.Reject, withHelp(k.Answer, "back to the composer")))
	}
	how := keyName(k.Answer) + " to answer (your typing stays in the composer)"
	if m.input.Value() != "" {
		how = keyName(k.Answer) + " or empty the composer to answer"
	}
	return liveWarn.Render("Permission waiting: ") + m.optionsText() + liveDim.Render("   "+how)
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
