package html

import (
	"html"
	"strconv"
	"strings"
)

// sgrState is the text attributes an SGR sequence leaves: the classes of
// the HTML export's stylesheet (f0–f15 and b0–b15 for the 16 colours; sb
// bold, sd dim, si italic, su underline, ss struck through). Other
// colours (256 and true colour) are left at the pane's own.
type sgrState struct {
	fg, bg                         int // 0 for none, else 1 + the colour
	bold, dim, italic, under, strk bool
}

// classes is the class attribute's value for the state, "" for none.
func (s sgrState) classes() string {
	var c []string
	if s.fg > 0 {
		c = append(c, "t-f"+strconv.Itoa(s.fg-1))
	}
	if s.bg > 0 {
		c = append(c, "t-b"+strconv.Itoa(s.bg-1))
	}
	for _, a := range []struct {
		on    bool
		class string
	}{{s.bold, "t-bold"}, {s.dim, "t-dim"}, {s.italic, "t-italic"}, {s.under, "t-under"}, {s.strk, "t-strike"}} {
		if a.on {
			c = append(c, a.class)
		}
	}
	return strings.Join(c, " ")
}

// apply updates the state with the parameters of one SGR sequence.
func (s *sgrState) apply(params string) {
	ps := strings.FieldsFunc(params, func(r rune) bool { return r == ';' || r == ':' })
	if len(ps) == 0 {
		*s = sgrState{}
	}
	for i := 0; i < len(ps); i++ {
		n, _ := strconv.Atoi(ps[i])
		switch {
		case n == 0:
			*s = sgrState{}
		case n == 1:
			s.bold = true
		case n == 2:
			s.dim = true
		case n == 3:
			s.italic = true
		case n == 4:
			s.under = true
		case n == 9:
			s.strk = true
		case n == 22:
			s.bold, s.dim = false, false
		case n == 23:
			s.italic = false
		case n == 24:
			s.under = false
		case n == 29:
			s.strk = false
		case n >= 30 && n <= 37:
			s.fg = n - 30 + 1
		case n >= 90 && n <= 97:
			s.fg = n - 90 + 8 + 1
		case n == 39:
			s.fg = 0
		case n >= 40 && n <= 47:
			s.bg = n - 40 + 1
		case n >= 100 && n <= 107:
			s.bg = n - 100 + 8 + 1
		case n == 49:
			s.bg = 0
		case n == 38 || n == 48:
			i += s.extended(n, ps[i+1:])
		}
	}
}

// extended applies a 256-colour or true-colour parameter list (after 38
// or 48) and returns how many parameters it took: a 256-colour index
// below 16 is one of the 16 colours, any other is left out.
func (s *sgrState) extended(n int, rest []string) int {
	if len(rest) >= 2 && rest[0] == "5" {
		if c, err := strconv.Atoi(rest[1]); err == nil && c < 16 {
			if n == 38 {
				s.fg = c + 1
			} else {
				s.bg = c + 1
			}
		}
		return 2
	}
	if len(rest) >= 1 && rest[0] == "2" {
		return min(4, len(rest))
	}
	return 0
}

// sgrHTML turns sanitised terminal output, whose only escape sequences
// are SGR ones, into escaped HTML with spans of classes.
func sgrHTML(out string) string {
	var b strings.Builder
	var st sgrState
	for out != "" {
		i := strings.Index(out, "\x1b[")
		text := out
		if i >= 0 {
			text = out[:i]
		}
		if text != "" {
			if c := st.classes(); c != "" {
				b.WriteString("<span class=\"" + c + "\">" + html.EscapeString(text) + "</span>")
			} else {
				b.WriteString(html.EscapeString(text))
			}
		}
		if i < 0 {
			break
		}
		out = out[i+2:]
		end := strings.IndexByte(out, 'm')
		if end < 0 {
			break // termsafe.SanitizeOutput ends every sequence it keeps
		}
		st.apply(out[:end])
		out = out[end+1:]
	}
	return b.String()
}
