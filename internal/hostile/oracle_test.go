package hostile_test

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"sync"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/render"
	"github.com/cardtui/cardtui/termsafe"
)

// The oracle: the properties every rendering of any input has, whatever
// the input holds. SECURITY.md states them.

// osc8Sequence matches one OSC 8 sequence without parameters, as the
// renderer writes it, terminated by BEL or ST; the group is the URL.
var osc8Sequence = regexp.MustCompile(`^\x1b\]8;;([^\x07\x1b]*)(?:\x07|\x1b\\)$`)

// escapes says which escape sequences an output may hold.
type escapes int

const (
	// noEscapes: none at all (text without colour, Markdown).
	noEscapes escapes = iota
	// sgrAndLinks: SGR, and OSC 8 links to URLs termsafe.SafeURL returns
	// unchanged.
	sgrAndLinks
)

// checkOutput returns an error for the first property out breaks: valid
// UTF-8; no escape sequence but those allowed; no C0 control but "\n", no
// DEL, no C1 control; no bidi control or invisible character (they are
// shown as "<U+XXXX>"); no grapheme cluster longer than maxCluster bytes,
// whose width a terminal would not draw as measured; and, when width > 0,
// no line wider than width cells.
func checkOutput(out string, allowed escapes, width int) error {
	if !utf8.ValidString(out) {
		return fmt.Errorf("invalid UTF-8 in %q", excerpt(out, 0))
	}
	prev := rune(-1)
	for at := 0; at < len(out); {
		n, err := checkToken(out[at:], allowed, prev)
		if err != nil {
			return fmt.Errorf("%w at byte %d: %q", err, at, excerpt(out, at))
		}
		prev, _ = utf8.DecodeRuneInString(out[at:])
		at += n
	}
	if err := checkClusters(out); err != nil {
		return err
	}
	if width <= 0 {
		return nil
	}
	i := 0
	for line := range strings.SplitSeq(out, "\n") {
		i++
		// A line is no wider than its bytes: no character is wider than
		// its UTF-8 encoding is long, and escapes take no cells.
		if len(line) <= width {
			continue
		}
		if w := lineWidth(line); w > width {
			return fmt.Errorf("line %d is %d cells wide, more than %d: %q", i, w, width, ansi.Strip(line))
		}
	}
	return nil
}

// lineWidth is the number of cells a line takes, as ansi.StringWidth
// counts them. A line whose escape sequences are SGR or links and whose
// characters are ASCII or lone runes (loneWidths) is counted here,
// exactly and without grapheme segmentation: each character is a
// cluster of its own, with the width it has alone, and a sequence takes
// no cell. Any other line is left to ansi.StringWidth.
func lineWidth(line string) int {
	lone := loneWidths()
	cells := 0
	for at := 0; at < len(line); {
		c := line[at]
		switch {
		case c >= ' ' && c < ansi.DEL:
			cells++
			at++
			continue
		case c >= utf8.RuneSelf:
			r, n := utf8.DecodeRuneInString(line[at:])
			if int(r) >= len(lone) || lone[r] < 0 || (r == utf8.RuneError && n == 1) {
				return ansi.StringWidth(line)
			}
			cells += int(lone[r])
			at += n
			continue
		case c != ansi.ESC:
			return ansi.StringWidth(line)
		}
		seq, _, n, state := ansi.DecodeSequence(line[at:], ansi.NormalState, nil)
		if state != ansi.NormalState || !(isSGR(seq) || osc8Sequence.MatchString(seq)) {
			return ansi.StringWidth(line)
		}
		at += n
	}
	return cells
}

// loneWidths is, for each rune of the Basic Multilingual Plane above
// ASCII, its width when it is a grapheme cluster alone, or -1 when it is
// not a lone rune. A lone rune is a cluster of its own beside any ASCII
// character, any other lone rune, and itself: no grapheme rule joins it
// to a neighbour (it is no extending or joining mark, no prefix, no
// regional indicator, no Hangul jamo), so in a line of ASCII and lone
// runes every character is a cluster of its own.
var loneWidths = sync.OnceValue(func() []int8 {
	widths := make([]int8, 0x10000)
	for r := range widths {
		widths[r] = -1
		if r < utf8.RuneSelf || !utf8.ValidRune(rune(r)) || !alone(string(rune(r))) {
			continue
		}
		_, w := ansi.FirstGraphemeCluster(string(rune(r)), ansi.GraphemeWidth)
		widths[r] = int8(w)
	}
	return widths
})

// alone reports whether the character s is a grapheme cluster of its own
// before "a", after "a", and before itself.
func alone(s string) bool {
	pairs := []struct{ pair, first string }{{s + "a", s}, {"a" + s, "a"}, {s + s, s}}
	for _, p := range pairs {
		if first, _ := ansi.FirstGraphemeCluster(p.pair, ansi.GraphemeWidth); first != p.first {
			return false
		}
	}
	return true
}

// maxCluster is the longest grapheme cluster a drawing may hold: a family
// emoji with skin tones is 41 bytes.
const maxCluster = 64

// checkClusters reports a grapheme cluster of out longer than maxCluster.
func checkClusters(out string) error {
	for at := 0; at < len(out); {
		if c := out[at]; c < utf8.RuneSelf && c != ansi.ESC {
			at++ // the decoder returns ASCII byte by byte
			continue
		}
		seq, _, n, _ := ansi.DecodeSequence(out[at:], ansi.NormalState, nil)
		n = max(n, 1)
		if seq[0] != ansi.ESC && n > maxCluster {
			return fmt.Errorf("a grapheme cluster of %d bytes at byte %d: %q", n, at, excerpt(out, at))
		}
		at += n
	}
	return nil
}

// checkToken judges the character or escape sequence that s starts with,
// after the rune prev, and returns its length.
func checkToken(s string, allowed escapes, prev rune) (int, error) {
	switch c := s[0]; {
	case c == ansi.ESC:
		seq, _, n, state := ansi.DecodeSequence(s, ansi.NormalState, nil)
		switch {
		case state != ansi.NormalState:
			return n, fmt.Errorf("unterminated sequence")
		case allowed != sgrAndLinks:
			return n, fmt.Errorf("escape sequence %q where none may be", seq)
		}
		return n, checkEscape(seq)
	case c == '\n' || (c >= ' ' && c < ansi.DEL):
		return 1, nil
	case c < utf8.RuneSelf:
		return 1, fmt.Errorf("control character %q", c)
	}
	r, n := utf8.DecodeRuneInString(s)
	switch {
	case r >= 0x80 && r <= 0x9F:
		return n, fmt.Errorf("C1 control %U", r)
	case hidden(r) && !emojiSelector(prev, r):
		return n, fmt.Errorf("invisible or bidi character %U", r)
	}
	return n, nil
}

// checkEscape accepts SGR and the renderer's own OSC 8 links.
func checkEscape(tok string) error {
	if isSGR(tok) {
		return nil
	}
	m := osc8Sequence.FindStringSubmatch(tok)
	if m == nil {
		return fmt.Errorf("escape sequence %q that is neither SGR nor a link", tok)
	}
	if uri := m[1]; uri != "" {
		if safe, ok := termsafe.SafeURL(uri); !ok || safe != uri {
			return fmt.Errorf("link to an unsafe URL %q", uri)
		}
	}
	return nil
}

// isSGR reports whether tok is one SGR sequence: ESC [, digits, ";" and
// ":", then m.
func isSGR(tok string) bool {
	params, ok := strings.CutPrefix(tok, "\x1b[")
	if !ok {
		return false
	}
	params, ok = strings.CutSuffix(params, "m")
	return ok && strings.Trim(params, "0123456789;:") == ""
}

// hidden reports whether r changes how text reads without being seen: a
// bidi control or an invisible format character. ZWJ and ZWNJ, which
// scripts and emoji need, are allowed.
func hidden(r rune) bool {
	switch r {
	case 0x200C, 0x200D:
		return false
	case 0x2028, 0x2029, 0x115F, 0x1160, 0x3164, 0xFFA0:
		return true
	}
	return unicode.Is(unicode.Cf, r) || unicode.Is(unicode.Bidi_Control, r) || unicode.Is(unicode.Variation_Selector, r) ||
		r == 0x034F || r == 0x17B4 || r == 0x17B5
}

// emojiSelector reports whether r is an emoji's text or emoji
// presentation selector: U+FE0E or U+FE0F after a symbol or a keycap base,
// never after a letter, where it would only hide.
func emojiSelector(prev, r rune) bool {
	return (r == 0xFE0E || r == 0xFE0F) && (unicode.IsSymbol(prev) || unicode.IsPunct(prev) || unicode.IsDigit(prev))
}

// links returns the URLs of the OSC 8 links in out, the closing ones
// left out.
func links(out string) []string {
	var urls []string
	for at := 0; at < len(out); {
		// Only a token that starts with ESC can be a link, and no
		// character or cluster holds an ESC: skip to the next one.
		if c := out[at]; c != ansi.ESC {
			next := strings.IndexByte(out[at:], ansi.ESC)
			if next < 0 {
				break
			}
			at += next
		}
		_, _, n, _ := ansi.DecodeSequence(out[at:], ansi.NormalState, nil)
		n = max(n, 1)
		if m := osc8Sequence.FindStringSubmatch(out[at : at+n]); m != nil && m[1] != "" {
			urls = append(urls, m[1])
		}
		at += n
	}
	return urls
}

// excerpt is the part of s around byte at, for messages.
func excerpt(s string, at int) string {
	start, end := max(at-40, 0), min(at+80, len(s))
	return s[start:end]
}

// TestOracleTellsSafeFromUnsafe: checkOutput accepts SGR and safe links,
// and rejects everything else an attack could leave behind.
func TestOracleTellsSafeFromUnsafe(t *testing.T) {
	safe := []string{"plain", "\x1b[1;38;2;1;2;3mbold\x1b[m", "\x1b]8;;https://example.com/\x07link\x1b]8;;\x07", "中文 👩\u200d👩\u200d👦", "❤\ufe0f 1\ufe0f\u20e3", "\x1b[38:2::1:2:3m", "中文中文中文中文中文"}
	for _, s := range safe {
		if err := checkOutput(s, sgrAndLinks, 20); err != nil {
			t.Errorf("%q: %v", s, err)
		}
	}
	unsafe := []string{
		"\x1b]52;c;AA==\x07", "\x1b]0;title\x07", "\x1b[2J", "\x1b[1A", "\x1bP$qm\x1b\\", "\x1b_Ga=T\x1b\\",
		"\x1b]8;;javascript:alert(1)\x07x\x1b]8;;\x07", "\x1b]8;id=1;https://example.com/\x07x", "\u009b2J", "a\u202eb",
		"a\u200bb", "a\ufe0fb", "a\u034fb", "a\U000E0100", "\x07", "\r", "\xff", "\x1b[31", strings.Repeat("x", 21),
		"\x1b[?25m", "\x1b[1 m", "\x1b[", "\x1b[m\x1b[31mx\n" + strings.Repeat("中", 11),
	}
	for _, s := range unsafe {
		if checkOutput(s, sgrAndLinks, 20) == nil {
			t.Errorf("%q passes", s)
		}
	}
	if checkOutput("\x1b[1mbold\x1b[m", noEscapes, 0) == nil {
		t.Error("SGR passes where no escape may be")
	}
	assert.Equal(t, []string{"https://a.example/", "https://b.example/"},
		links("x\x1b[1m\x1b]8;;https://a.example/\x07a\x1b]8;;\x07 é\x1b]8;;https://b.example/\x1b\\b\x1b]8;;\x1b\\"))
}

// TestLineWidthIsStringWidth: lineWidth counts as ansi.StringWidth does,
// on lines of ASCII, escape sequences of every kind (whole, cut short,
// bare), controls and wide or joined characters, strung at random.
func TestLineWidthIsStringWidth(t *testing.T) {
	pieces := []string{
		"a", "Z", " ", "~", "0", "\x1b[m", "\x1b[1;38;2;1;2;3m", "\x1b[38:2::1:2:3m", "\x1b]8;;https://a.example/\x07",
		"\x1b]8;;\x1b\\", "\x1b]8;;https://é.example/\x07", "\x1b]0;title\x07", "\x1b[2J", "\x1b[?25h", "\x1b", "\x1b[",
		"\x1b[31", "\x1bP$qm\x1b\\", "\x07", "\x7f", "\t", "\r", "\u009b", "é", "e\u0301", "中", "👩\u200d👩", "❤\ufe0f",
		"│", "─", "╭", "▶", "…", "␛", "\u0301", "\u200d", "\ufe0f", "\ufe0e", "\u200b", "\u202e", "🇫", "🇷", "ᄀ", "ᅡ", "ᆨ", "가",
		"각", "\u0600", "\u0915", "\u094d", "\u0903", "\u00ad", "\u2028", "\u3000", "\uff21", "\ufffd", "👍", "\U0001F3FB",
		"\xff", "\xe2\x94", "\u0085", "\u00a0",
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		var b strings.Builder
		for range rng.IntN(12) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		line := b.String()
		require.Equal(t, ansi.StringWidth(line), lineWidth(line), "%q", line)
	}
}

// markdownSources are the Markdown texts of an entry: a message's text,
// the text blocks of a generic call or result, a web search's answer.
func markdownSources(e cards.Entry) []string {
	switch v := e.(type) {
	case cards.Message:
		return []string{v.Text}
	case cards.ToolCard:
		var texts []string
		blocks := func(bs []cards.ContentBlock) {
			for _, b := range bs {
				if t, ok := b.(cards.TextBlock); ok {
					texts = append(texts, t.Text)
				}
			}
		}
		if c, ok := v.Call.(cards.GenericCall); ok {
			blocks(c.Content)
		}
		switch r := v.Result.(type) {
		case cards.GenericResult:
			blocks(r.Content)
		case cards.WebSearch:
			texts = append(texts, r.Answer)
		}
		return texts
	}
	return nil
}

// checkGlamourOutput checks what glamour draws of every Markdown text of
// the entries, before any frame or the last guard of the finished lines
// (render.MarkdownText): glamour decodes character references, so its
// output must be checked, not only its input.
func checkGlamourOutput(t *testing.T, entries []cards.Entry, width int) {
	t.Helper()
	for i, e := range entries {
		for _, md := range markdownSources(e) {
			for _, o := range []render.Options{styledOptions(width), plainOptions(width)} {
				out := strings.Join(render.MarkdownText(md, width, o), "\n")
				if err := checkOutput(out, sgrAndLinks, width); err != nil {
					t.Errorf("glamour's drawing of entry %d at width %d: %v", i, width, err)
				}
			}
		}
	}
}
