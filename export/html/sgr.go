package html

import (
	"html"
	"strconv"
	"strings"

	uv "github.com/charmbracelet/ultraviolet"
	"github.com/charmbracelet/x/ansi"
)

// classes is the class attribute's value for the text attributes an SGR
// sequence leaves ("" for none): the classes of the HTML export's
// stylesheet (t-f0–t-f15 and t-b0–t-b15 for the 16 colours; bold, dim,
// italic, underline, struck through). Other colours (256 and true
// colour) are left at the pane's own.
func classes(pen uv.Style) string {
	var c []string
	if n, ok := color16(pen.Fg); ok {
		c = append(c, "t-f"+strconv.Itoa(n))
	}
	if n, ok := color16(pen.Bg); ok {
		c = append(c, "t-b"+strconv.Itoa(n))
	}
	for _, a := range []struct {
		on    bool
		class string
	}{
		{pen.Attrs&uv.AttrBold != 0, "t-bold"},
		{pen.Attrs&uv.AttrFaint != 0, "t-dim"},
		{pen.Attrs&uv.AttrItalic != 0, "t-italic"},
		{pen.Underline != uv.UnderlineNone, "t-under"},
		{pen.Attrs&uv.AttrStrikethrough != 0, "t-strike"},
	} {
		if a.on {
			c = append(c, a.class)
		}
	}
	return strings.Join(c, " ")
}

// color16 is the number of one of the 16 colours (also when a 256-colour
// index names one of them); ok is false for any other colour or none.
func color16(c any) (int, bool) {
	switch c := c.(type) {
	case ansi.BasicColor:
		return int(c), true
	case ansi.IndexedColor:
		return int(c), c < 16
	}
	return 0, false
}

// readSGR updates pen with the parameters of one SGR sequence, as a
// terminal reads them.
func readSGR(params string, pen *uv.Style, p *ansi.Parser) {
	ansi.DecodeSequence("\x1b["+params+"m", ansi.NormalState, p)
	uv.ReadStyle(p.Params(), pen)
}

// sgrParams is the most parameters an SGR sequence is read with, as
// ansi.NewParser reads them.
const sgrParams = 32

// sgrParser is a parser of SGR sequences: their parameters only, without
// the 64 KB buffer ansi.NewParser makes for the data of the sequences
// that carry some (an SGR carries none).
func sgrParser() *ansi.Parser {
	p := new(ansi.Parser)
	p.SetParamsSize(sgrParams)
	p.SetDataSize(1)
	return p
}

// sgrHTML turns sanitised terminal output, whose only escape sequences
// are SGR ones, into escaped HTML with spans of classes.
func sgrHTML(out string) string {
	var b strings.Builder
	var pen uv.Style
	var p *ansi.Parser // made at the first sequence: most output has none
	for out != "" {
		i := strings.Index(out, "\x1b[")
		text := out
		if i >= 0 {
			text = out[:i]
		}
		if text != "" {
			if c := classes(pen); c != "" {
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
		if p == nil {
			p = sgrParser()
		}
		readSGR(out[:end], &pen, p)
		out = out[end+1:]
	}
	return b.String()
}
