// Command ansi2html turns a tmux capture (capture-pane -e -p) into an HTML
// page that draws it as a terminal would, for a headless browser to
// screenshot: SGR colours (16, 256 and true colour), bold, dim, italic,
// underline, reverse and struck-through text on a terminal-like background.
package main

import (
	"bufio"
	"cmp"
	"flag"
	"fmt"
	"html"
	"image/color"
	"io"
	"log"
	"os"
	"strings"

	uv "github.com/charmbracelet/ultraviolet"
	"github.com/charmbracelet/x/ansi"
)

// ansi16 is the xterm palette of the first 16 colours.
var ansi16 = [16]string{
	"#1e1e1e", "#cd3131", "#0dbc79", "#e5e510", "#2472c8", "#bc3fbc", "#11a8cd", "#e5e5e5",
	"#666666", "#f14c4c", "#23d18b", "#f5f543", "#3b8eea", "#d670d6", "#29b8db", "#ffffff",
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
	var pen uv.Style
	for i, l := range lines {
		pen = writeLine(w, l, pen, *fgFlag, *bgFlag)
		if i < len(lines)-1 {
			w.WriteString("\n")
		}
	}
	w.WriteString("</pre>\n")
}

// writeLine writes one captured line and returns the pen it leaves: its
// SGR sequences read as a terminal reads them, other escape sequences
// (OSC links) left out.
func writeLine(w *bufio.Writer, l string, pen uv.Style, deffg, defbg string) uv.Style {
	var text strings.Builder
	flush := func() {
		if text.Len() > 0 {
			fmt.Fprintf(w, `<span style="%s">%s</span>`, css(pen, deffg, defbg), html.EscapeString(text.String()))
			text.Reset()
		}
	}
	p := ansi.NewParser()
	var state byte
	for l != "" {
		seq, width, n, next := ansi.DecodeSequence(l, state, p)
		state, l = next, l[n:]
		switch {
		case width > 0 || !ansi.HasEscPrefix(seq) && !ansi.HasCsiPrefix(seq) && !ansi.HasOscPrefix(seq):
			text.WriteString(seq)
		case ansi.Cmd(p.Command()).Final() == 'm' && ansi.HasCsiPrefix(seq):
			flush()
			uv.ReadStyle(p.Params(), &pen)
		}
	}
	flush()
	return pen
}

// css is the inline style of the pen.
func css(pen uv.Style, deffg, defbg string) string {
	fg, bg := hex(pen.Fg), hex(pen.Bg)
	if pen.Attrs&uv.AttrReverse != 0 {
		fg, bg = cmp.Or(bg, defbg), cmp.Or(fg, deffg)
	}
	var s []string
	if fg != "" {
		s = append(s, "color:"+fg)
	}
	if bg != "" {
		s = append(s, "background:"+bg)
	}
	for _, a := range []struct {
		on   bool
		rule string
	}{
		{pen.Attrs&uv.AttrBold != 0, "font-weight:bold"},
		{pen.Attrs&uv.AttrFaint != 0, "opacity:.6"},
		{pen.Attrs&uv.AttrItalic != 0, "font-style:italic"},
	} {
		if a.on {
			s = append(s, a.rule)
		}
	}
	var d []string
	if pen.Underline != uv.UnderlineNone {
		d = append(d, "underline")
	}
	if pen.Attrs&uv.AttrStrikethrough != 0 {
		d = append(d, "line-through")
	}
	if len(d) > 0 {
		s = append(s, "text-decoration:"+strings.Join(d, " "))
	}
	return strings.Join(s, ";")
}

// hex is a colour as CSS: the first 16 in this page's palette, any other
// as its RGB; "" for none.
func hex(c color.Color) string {
	switch c := c.(type) {
	case nil:
		return ""
	case ansi.BasicColor:
		return ansi16[c%16]
	case ansi.IndexedColor:
		if c < 16 {
			return ansi16[c]
		}
	}
	r, g, b, _ := c.RGBA()
	return fmt.Sprintf("#%02x%02x%02x", r>>8, g>>8, b>>8)
}
