package diffview

import (
	"image/color"
	"math"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/charmbracelet/colorprofile"

	"github.com/alecthomas/chroma/v2"
	chromastyles "github.com/alecthomas/chroma/v2/styles"

	"github.com/cardtui/cardtui/render/style"
	"github.com/cardtui/cardtui/render/syntax"
)

// Syntax colours. A file's lexer is chosen by its name (chroma's
// lexers.Match, cached per base name; plain text has none). Each drawn
// hunk is highlighted as two texts, its old side (context and removed
// lines) and its new side (context and added lines), so that a token
// spanning lines, such as a block comment, is coloured across them; a
// token opened before the hunk is not seen. The old side is lexed only
// when the hunk removes lines. Token colours come from the
// theme's chroma style (github-dark or github); the line's background
// tint and the emphasis of changed words stay under them, and every
// colour is raised to minContrast against the background it is drawn on.
//
// chroma's lexers are regular-expression machines that cost about 50 µs
// a line of Go. A diff is coloured at every size: the hunks of a file are
// lexed concurrently (diffView.drawAll) within a budget that grows with
// the drawn bytes (syntax.ScaledDeadline: 0.5 s and 20 µs a byte), so that
// only a lexer that goes quadratic on hostile text runs out of it; the
// hunks lexed after that are drawn without colours, under
// lexScaledOverNote.

const (
	// minContrast is the least contrast ratio (WCAG) of a foreground
	// colour with the background it is drawn on.
	minContrast = 4.5
)

// colorRun is a run of a line's text in one colour; end is the byte
// offset where it ends, the run starting where the previous one ended.
type colorRun struct {
	end   int
	color color.Color
}

// highlighter colours the hunks of one file; it is safe for concurrent
// use.
type highlighter struct {
	lexer   chroma.Lexer
	palette *tokenPalette
	// deadline ends the scaled budget of the file's drawn hunks; over is set
	// when it ran out: the hunks lexed after it are drawn without colours.
	deadline time.Time
	over     atomic.Bool
}

// newHighlighter prepares the colouring of the drawn parts of a file's
// hunks; it returns nil when the file has no lexer, the output fewer than
// 256 colours (16 colours draw a diff as git diff does: syntax colours
// there would hide which lines changed) or o says NoSyntax.
func newHighlighter(path string, o style.Options, parts [][]Line) *highlighter {
	if o.Profile < colorprofile.ANSI256 || o.NoSyntax {
		return nil
	}
	l := syntax.ForPath(path)
	if l == nil {
		return nil
	}
	size := 0
	for _, part := range parts {
		for _, line := range part {
			size += len(line.Text) + 1
		}
	}
	return &highlighter{lexer: l, palette: themePalette(o.Theme), deadline: syntax.ScaledDeadline(size)}
}

// tokenPalette is the token colours of a chroma style; it is read-only
// once built.
type tokenPalette struct {
	style *chroma.Style
	// plain is the colour of the style's plain text.
	plain chroma.Colour
	// standard holds the colour of every standard token type.
	standard map[chroma.TokenType]color.Color
}

// palettes holds the token palette of each theme, built on first use.
var palettes [2]struct {
	once    sync.Once
	palette *tokenPalette
}

// themePalette returns the token palette of a theme.
func themePalette(t style.Theme) *tokenPalette {
	p := &palettes[t]
	p.once.Do(func() {
		style := chromastyles.Get(syntax.ChromaTheme(t))
		p.palette = &tokenPalette{
			style: style, plain: plainColour(style),
			standard: map[chroma.TokenType]color.Color{},
		}
		for tt := range chroma.StandardTypes {
			p.palette.standard[tt] = p.palette.lookup(tt)
		}
	})
	return p.palette
}

// plainColour is the foreground a style gives ordinary text: its Text
// colour, or where it sets none (github's light style) the colour of its
// punctuation, which such styles give their names and operators too.
func plainColour(style *chroma.Style) chroma.Colour {
	if c := style.Get(chroma.Text).Colour; c.IsSet() {
		return c
	}
	return style.Get(chroma.Punctuation).Colour
}

// hunk returns the syntax runs of each of the lines. Context lines take
// the colours of the new side; the old side is highlighted only when the
// lines remove some.
func (h *highlighter) hunk(lines []Line) [][]colorRun {
	runs := h.side(lines, LineRemoved)
	if slices.ContainsFunc(lines, func(l Line) bool { return l.Kind == LineRemoved }) {
		oldSide := h.side(lines, LineAdded)
		for i, l := range lines {
			if l.Kind == LineRemoved {
				runs[i] = oldSide[i]
			}
		}
	}
	return runs
}

// side highlights the lines of one side, all but those of the other
// kind, as one text; the result is indexed like lines.
func (h *highlighter) side(lines []Line, other LineKind) [][]colorRun {
	var text strings.Builder
	var index []int
	for i, l := range lines {
		if l.Kind != other {
			text.WriteString(l.Text)
			text.WriteByte('\n')
			index = append(index, i)
		}
	}
	runs := make([][]colorRun, len(lines))
	if len(index) == 0 {
		return runs
	}
	for k, r := range h.cachedLines(text.String()) {
		runs[index[k]] = r
	}
	return runs
}

// maxCachedRunBytes bounds the text whose runs runCache keeps; it is
// emptied when full.
const maxCachedRunBytes = 16 << 20

// runKey is what the runs of a side depend on: its lexer's name, its palette and
// its text.
type runKey struct {
	lexer   string
	palette *tokenPalette
	text    string
}

// runCache keeps the runs of the sides lexed within their budget, so
// that drawing a card again (at another width, or a viewer's redraw) does
// not lex it again.
var runCache = memo[runKey, [][]colorRun]{limit: maxCachedRunBytes}

// cachedLines is h.lines(text), from runCache when it was lexed before.
func (h *highlighter) cachedLines(text string) [][]colorRun {
	return h.cached(text, func() [][]colorRun { return h.lines(text) })
}

// cached is lex(), the runs keyed by text, from runCache when they were
// made before. Runs cut short by the budget, and none (a lexer failing),
// are not kept.
func (h *highlighter) cached(text string, lex func() [][]colorRun) [][]colorRun {
	key := runKey{h.lexer.Config().Name, h.palette, text}
	if runs, ok := runCache.get(key); ok {
		return runs
	}
	runs := lex()
	if h.over.Load() || runs == nil {
		return runs
	}
	runCache.put(key, runs, len(text))
	return runs
}

// lines tokenises text, every line ended by "\n", and returns the runs of
// each line; none when the lexer fails or does not give the text back
// exactly.
func (h *highlighter) lines(text string) (runs [][]colorRun) {
	defer func() {
		if recover() != nil { // a lexer is third-party code run on hostile text
			runs = nil
		}
	}()
	raw, err := syntax.Tokens(h.lexer, &chroma.TokeniseOptions{State: "root"}, text, h.deadline, &h.over)
	if err != nil {
		return nil
	}
	tokens := syntax.Coalesce(raw)
	var line []colorRun
	pos, off := 0, 0 // in text, in its line
	for tok := tokens(); tok != chroma.EOF; tok = tokens() {
		if !strings.HasPrefix(text[pos:], tok.Value) {
			return nil
		}
		pos += len(tok.Value)
		c := h.palette.colour(tok.Type)
		for i, part := range strings.Split(tok.Value, "\n") {
			if i > 0 {
				runs, line, off = append(runs, line), nil, 0
			}
			if part != "" {
				off += len(part)
				line = addRun(line, colorRun{off, c})
			}
		}
	}
	if pos != len(text) {
		return nil // the lexer changed the text, or its budget ran out
	}
	return runs
}

// addRun appends a run, extending the last one when it has the same
// colour.
func addRun(runs []colorRun, r colorRun) []colorRun {
	if n := len(runs); n > 0 && runs[n-1].color == r.color {
		runs[n-1].end = r.end
		return runs
	}
	return append(runs, r)
}

// colour is the foreground of a token type.
func (p *tokenPalette) colour(t chroma.TokenType) color.Color {
	if c, ok := p.standard[t]; ok {
		return c
	}
	return p.lookup(t)
}

// lookup finds the foreground of a token type in the style, nil for the
// style's plain text and for white space (whose colour is never seen):
// that keeps the line's own colour, so that plain words stay red or green
// on changed lines and dim on context lines.
func (p *tokenPalette) lookup(t chroma.TokenType) color.Color {
	if t == chroma.TextWhitespace {
		return nil
	}
	if e := p.style.Get(t); e.Colour.IsSet() && e.Colour != p.plain {
		return color.RGBA{R: e.Colour.Red(), G: e.Colour.Green(), B: e.Colour.Blue(), A: 0xff}
	}
	return nil
}

// readable returns fg, or fg mixed toward white on a dark background (or
// black on a light one), a tenth at a time, until its contrast with bg
// reaches minContrast (white and black reach it on every tint the
// palettes use).
func readable(fg, bg color.Color) color.Color {
	toward := color.Color(color.White)
	if luminance(bg) > 0.5 {
		toward = color.Black
	}
	c := fg
	for step := 1; step <= 10 && contrast(c, bg) < minContrast; step++ {
		c = mix(fg, toward, float64(step)/10)
	}
	return c
}

// mix is a blended with b: t of b, 1-t of a.
func mix(a, b color.Color, t float64) color.Color {
	ar, ag, ab, _ := a.RGBA()
	br, bg, bb, _ := b.RGBA()
	blend := func(x, y uint32) uint8 {
		return uint8(math.Round((float64(x)*(1-t) + float64(y)*t) / 257))
	}
	return color.RGBA{R: blend(ar, br), G: blend(ag, bg), B: blend(ab, bb), A: 0xff}
}

// contrast is the WCAG contrast ratio of two colours, from 1 to 21.
func contrast(a, b color.Color) float64 {
	la, lb := luminance(a), luminance(b)
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}

// luminance is the WCAG relative luminance of a colour.
func luminance(c color.Color) float64 {
	r, g, b, _ := c.RGBA()
	linear := func(v uint32) float64 {
		s := float64(v) / 0xffff
		if s <= 0.03928 {
			return s / 12.92
		}
		return math.Pow((s+0.055)/1.055, 2.4)
	}
	return 0.2126*linear(r) + 0.7152*linear(g) + 0.0722*linear(b)
}
