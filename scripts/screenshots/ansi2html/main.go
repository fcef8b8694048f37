// Command ansi2html turns a tmux capture (capture-pane -e -p) into an HTML
// page that draws it as a terminal would, for a headless browser to
// screenshot: SGR colours (16, 256 and true colour), bold, dim, italic,
// underline, reverse and struck-through text on a terminal-like background.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"html"
	"io"
	"log"
	"os"
	"strconv"
	"strings"
)

// ansi16 is the xterm palette of the first 16 colours.
var ansi16 = [16]string{
	"#1e1e1e", "#cd3131", "#0dbc79", "#e5e510", "#2472c8", "#bc3fbc", "#11a8cd", "#e5e5e5",
	"#666666", "#f14c4c", "#23d18b", "#f5f543", "#3b8eea", "#d670d6", "#29b8db", "#ffffff",
}

// attrs is the SGR state of a cell.
type attrs struct {
	fg, bg                              string
	bold, dim, italic, under, rev, strk bool
}

func main() {
	title := flag.String("title", "cardtui", "the page title")
	bgFlag := flag.String("bg", "#0d1117", "the terminal's background colour")
	fgFlag := flag.String("fg", "#c9d1d9", "the terminal's foreground colour")
	cols := flag.Int("cols", 80, "the terminal's width in cells")
	flag.Parse()
	in, err := io.ReadAll(bufio.NewReader(os.Stdin))
	if err != nil {
		log.Fatal(err)
	}
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	fmt.Fprintf(w, `<!doctype html><meta charset="utf-8"><title>%s</title><style>
body{margin:0;background:%s}
pre{margin:0;padding:8px;font:15px/1.25 "DejaVu Sans Mono","Liberation Mono",monospace;color:%s;background:%s;width:%dch}
span{white-space:pre}
</style><pre>`, html.EscapeString(*title), *bgFlag, *fgFlag, *bgFlag, *cols)
	lines := strings.Split(strings.TrimRight(string(in), "\n"), "\n")
	var a attrs
	for i, l := range lines {
		a = writeLine(w, l, a, *fgFlag, *bgFlag)
		if i < len(lines)-1 {
			w.WriteString("\n")
		}
	}
	w.WriteString("</pre>\n")
}

// writeLine writes one captured line and returns the state it leaves.
func writeLine(w *bufio.Writer, l string, a attrs, deffg, defbg string) attrs {
	var text strings.Builder
	flush := func() {
		if text.Len() == 0 {
			return
		}
		fmt.Fprintf(w, `<span style="%s">%s</span>`, a.css(deffg, defbg), html.EscapeString(text.String()))
		text.Reset()
	}
	for i := 0; i < len(l); i++ {
		if l[i] == 0x1b && i+1 < len(l) && l[i+1] == '[' {
			j := i + 2
			for j < len(l) && (l[j] < 0x40 || l[j] > 0x7e) {
				j++
			}
			if j < len(l) && l[j] == 'm' {
				flush()
				a.apply(l[i+2 : j])
			}
			i = j
			continue
		}
		if l[i] == 0x1b && i+1 < len(l) && l[i+1] == ']' { // OSC: skip to ST or BEL
			j := i + 2
			for j < len(l) && l[j] != 0x07 && !(l[j] == 0x1b && j+1 < len(l) && l[j+1] == '\\') {
				j++
			}
			if j < len(l) && l[j] == 0x1b {
				j++
			}
			i = j
			continue
		}
		text.WriteByte(l[i])
	}
	flush()
	return a
}

// css is the inline style of the state.
func (a attrs) css(deffg, defbg string) string {
	fg, bg := a.fg, a.bg
	if a.rev {
		if fg == "" {
			fg = deffg
		}
		if bg == "" {
			bg = defbg
		}
		fg, bg = bg, fg
	}
	var s []string
	if fg != "" {
		s = append(s, "color:"+fg)
	}
	if bg != "" {
		s = append(s, "background:"+bg)
	}
	if a.bold {
		s = append(s, "font-weight:bold")
	}
	if a.dim {
		s = append(s, "opacity:.6")
	}
	if a.italic {
		s = append(s, "font-style:italic")
	}
	if a.under || a.strk {
		var d []string
		if a.under {
			d = append(d, "underline")
		}
		if a.strk {
			d = append(d, "line-through")
		}
		s = append(s, "text-decoration:"+strings.Join(d, " "))
	}
	return strings.Join(s, ";")
}

// apply updates the state with the parameters of one SGR sequence.
func (a *attrs) apply(params string) {
	ps := strings.FieldsFunc(params, func(r rune) bool { return r == ';' || r == ':' })
	if len(ps) == 0 {
		*a = attrs{}
	}
	for i := 0; i < len(ps); i++ {
		n, _ := strconv.Atoi(ps[i])
		switch {
		case n == 0:
			*a = attrs{}
		case n == 1:
			a.bold = true
		case n == 2:
			a.dim = true
		case n == 3:
			a.italic = true
		case n == 4:
			a.under = true
		case n == 7:
			a.rev = true
		case n == 9:
			a.strk = true
		case n == 22:
			a.bold, a.dim = false, false
		case n == 23:
			a.italic = false
		case n == 24:
			a.under = false
		case n == 27:
			a.rev = false
		case n == 29:
			a.strk = false
		case n >= 30 && n <= 37:
			a.fg = ansi16[n-30]
		case n >= 90 && n <= 97:
			a.fg = ansi16[n-90+8]
		case n == 39:
			a.fg = ""
		case n >= 40 && n <= 47:
			a.bg = ansi16[n-40]
		case n >= 100 && n <= 107:
			a.bg = ansi16[n-100+8]
		case n == 49:
			a.bg = ""
		case (n == 38 || n == 48) && i+1 < len(ps):
			c, used := extended(ps[i+1:])
			i += used
			if n == 38 {
				a.fg = c
			} else {
				a.bg = c
			}
		}
	}
}

// extended reads a 256-colour (5;N) or true-colour (2;R;G;B) colour.
func extended(ps []string) (string, int) {
	switch {
	case ps[0] == "5" && len(ps) >= 2:
		n, _ := strconv.Atoi(ps[1])
		return color256(n), 2
	case ps[0] == "2" && len(ps) >= 4:
		r, _ := strconv.Atoi(ps[1])
		g, _ := strconv.Atoi(ps[2])
		b, _ := strconv.Atoi(ps[3])
		return fmt.Sprintf("#%02x%02x%02x", r, g, b), 4
	}
	return "", len(ps)
}

// color256 is the xterm colour of a 256-colour index.
func color256(n int) string {
	switch {
	case n < 16:
		return ansi16[max(n, 0)]
	case n < 232:
		n -= 16
		level := func(v int) int {
			if v == 0 {
				return 0
			}
			return 55 + 40*v
		}
		return fmt.Sprintf("#%02x%02x%02x", level(n/36), level(n/6%6), level(n%6))
	case n < 256:
		v := 8 + 10*(n-232)
		return fmt.Sprintf("#%02x%02x%02x", v, v, v)
	}
	return ""
}
