package termsafe

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/internal/testkit"
	"github.com/cardtui/cardtui/internal/testkit/termcheck"
)

// linesSelfContained reports whether the last SGR sequence of every line of
// s that uses SGR is a reset, so no style leaks into the next line.
func linesSelfContained(s string) bool {
	for line := range strings.SplitSeq(s, "\n") {
		i := strings.LastIndex(line, "\x1b[")
		if i >= 0 && !isResetSGR(line[i:]) {
			return false
		}
	}
	return true
}

// isResetSGR reports whether s starts with an SGR sequence that resets
// every attribute.
func isResetSGR(s string) bool {
	end := strings.IndexByte(s, 'm')
	if end < 0 {
		return false
	}
	return strings.Trim(s[2:end], "0;") == ""
}

func TestOnlySGR(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want bool
	}{
		{"plain", "hello\nworld", true},
		{"sgr", "\x1b[1;38:2::1:2:3mx\x1b[m", true},
		{"csi", "\x1b[2J", false},
		{"osc", "\x1b]0;t\x07", false},
		{"unterminated", "\x1b[31", false},
		{"tab", "a\tb", false},
		{"cr", "a\rb", false},
		{"c1 encoded", "a\u009bb", false},
		{"c1 raw", "a\x9bb", false},
		{"invalid utf8", "a\xffb", false},
		{"bidi", "a\u202eb", false},
		{"zwsp", "a\u200bb", false},
		{"wide", "中文 👩\u200d👦", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, termcheck.OnlySGR(tt.in))
		})
	}
}

func TestSanitizeOutputPinned(t *testing.T) {
	in := "before\x1b]52;c;SGVsbG8=\x07 \x1b]0;title\x07\x1b[2J\x1b[1;1H\x1b[31mred\x1b[0m after"
	got := SanitizeOutput(in)
	for _, bad := range []string{"\x1b]", "\x1b[2J", "\x1b[1;1H", "\x07"} {
		assert.NotContains(t, got, bad)
	}
	assert.Contains(t, got, "\x1b[31mred")
	assert.Equal(t, "before␛]52;c;SGVsbG8=␇ ␛]0;title␇␛[2J␛[1;1H\x1b[31mred\x1b[m after", got)
	assert.True(t, termcheck.OnlySGR(got))
}

// sanitizeCase is one table-test case: input and exact expected output.
type sanitizeCase struct {
	name, in, want string
}

func runSanitizeCases(t *testing.T, f func(string) string, tests []sanitizeCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := f(tt.in)
			assert.Equal(t, tt.want, got)
			assert.True(t, termcheck.OnlySGR(got), "termcheck.OnlySGR(%q)", got)
			assert.Equal(t, got, f(got), "idempotent")
		})
	}
}

func TestSanitizeOutputSequences(t *testing.T) {
	runSanitizeCases(t, SanitizeOutput, []sanitizeCase{
		{"plain", "hello world", "hello world"},
		{"empty", "", ""},
		{"newlines kept", "a\n\nb\n", "a\n\nb\n"},
		{"clear screen", "a\x1b[2Jb", "a␛[2Jb"},
		{"cursor position", "a\x1b[1;1Hb", "a␛[1;1Hb"},
		{"cursor movement", "a\x1b[5Cb\x1b[2Ac\x1b[3Dd\x1b[Be", "a␛[5Cb␛[2Ac␛[3Dd␛[Be"},
		{"save restore cursor", "a\x1b7b\x1b8c\x1b[sd\x1b[u", "a␛7b␛8c␛[sd␛[u"},
		{"private mode", "\x1b[?1049h\x1b[?25lx\x1b[?25h", "␛[?1049h␛[?25lx␛[?25h"},
		{"scroll region and insert", "\x1b[1;5r\x1b[3L\x1b[2Mx", "␛[1;5r␛[3L␛[2Mx"},
		{"device status request", "\x1b[6n\x1b[cx", "␛[6n␛[cx"},
		{"osc title bel", "\x1b]0;pwned\x07ok", "␛]0;pwned␇ok"},
		{"osc clipboard", "\x1b]52;c;SGVsbG8=\x07ok", "␛]52;c;SGVsbG8=␇ok"},
		{"osc terminated by st", "\x1b]2;title\x1b\\ok", "␛]2;title␛\\ok"},
		{"osc 8 link from input", "\x1b]8;;https://evil.example\x1b\\click\x1b]8;;\x1b\\", "␛]8;;https://evil.example␛\\click␛]8;;␛\\"},
		{"osc unterminated at end", "text\x1b]0;never ends", "text␛]0;never ends"},
		{"osc unterminated keeps next line", "a\x1b]0;x\nb", "a␛]0;x\nb"},
		{"osc cancelled by can", "a\x1b]0;x\x18b", "a␛]0;x␘b"},
		{"dcs", "a\x1bP1$r0m\x1b\\b", "a␛P1$r0m␛\\b"},
		{"dcs sixel", "a\x1bPq#0;2;0;0;0#0~~@@\x1b\\b", "a␛Pq#0;2;0;0;0#0~~@@␛\\b"},
		{"apc pm sos", "\x1b_Gf=100;AAAA\x1b\\a\x1b^pm\x1b\\b\x1bXsos\x1b\\c", "␛_Gf=100;AAAA␛\\a␛^pm␛\\b␛Xsos␛\\c"},
		{"lone esc", "a\x1bb", "a␛b"},
		{"lone esc at end", "ab\x1b", "ab␛"},
		{"two-byte esc", "\x1bc\x1b(B\x1b=\x1bMx", "␛c␛(B␛=␛Mx"},
		{"csi unterminated at end", "ab\x1b[12", "ab␛[12"},
		{"csi broken by control", "a\x1b[1\x07b", "a␛[1␇b"},
		{"8-bit csi encoded", "a\u009b2Jb", "a␛[?2Jb"},
		{"8-bit csi encoded sgr dropped", "a\u009b31mred", "a␛[?31mred"},
		{"8-bit osc encoded", "a\u009d0;title\u0007b", "a␛]0;title␇b"},
		{"8-bit osc encoded with 8-bit st", "a\u009d0;title\u009cb", "a␛]0;title␛\\b"},
		{"8-bit dcs encoded", "a\u0090q#0\u009cb", "a␛Pq#0␛\\b"},
		{"other c1 encoded", "a\u0085\u0084\u0088b", "a␛E␛D␛Hb"},
		{"raw byte 0x9b", "a\x9b2Jb", "a␛[?2Jb"},
		{"raw byte 0x9b sgr dropped", "a\x9b1;31mb", "a␛[?1;31mb"},
		{"raw byte 0x9d osc", "a\x9d0;t\x07b", "a␛]0;t␇b"},
		{"raw c1 bytes", "a\x80\x85\x8fb", "a␛@␛E␛Ob"},
		{"raw apc swallows its line", "a\x9fdata\nb", "a␛_data\nb"},
		{"bel", "ding\x07!", "ding␇!"},
		{"backspace", "ab\bc", "ab␈c"},
		{"nul", "a\x00b", "a␀b"},
		{"del", "a\x7fb", "a␡b"},
		{"other c0", "a\x01\x0b\x0c\x0e\x1a\x1fb", "a␁␋␌␎␚␟b"},
		{"osc string ended inside utf-8", "a\x1b]0;\u271d\x07b", "a␛]0;<U+FFFD><U+FFFD><U+FFFD>␇b"},
	})
}

func TestSanitizeOutputSGR(t *testing.T) {
	runSanitizeCases(t, SanitizeOutput, []sanitizeCase{
		{"sgr kept", "\x1b[31mred\x1b[0m", "\x1b[31mred\x1b[m"},
		{"sgr closed at end", "\x1b[1mbold", "\x1b[1mbold\x1b[m"},
		{"sgr combined canonically", "\x1b[31m\x1b[1mx", "\x1b[1;31mx\x1b[m"},
		{"sgr transition", "\x1b[31ma\x1b[32mb", "\x1b[31ma\x1b[0;32mb\x1b[m"},
		{"sgr 256 and truecolor", "\x1b[38;5;196;48;2;1;2;3mx", "\x1b[38;5;196;48;2;1;2;3mx\x1b[m"},
		{"sgr colon forms", "\x1b[4:3;38:2::255:0:0mx", "\x1b[4:3;38:2::255:0:0mx\x1b[m"},
		{"sgr without text vanishes", "a\x1b[31m\x1b[0mb", "ab"},
		{"sgr partial reset", "\x1b[1;31ma\x1b[22mb\x1b[39mc", "\x1b[1;31ma\x1b[0;31mb\x1b[mc"},
		{"sgr private not sgr", "\x1b[?31mx", "␛[?31mx"},
		{"sgr with intermediate not sgr", "\x1b[31 mx", "␛[31 mx"},
		{"sgr with 40 params", "\x1b[" + strings.Repeat("1;", 40) + "31mx", "\x1b[1;31mx\x1b[m"},
		{"sgr invalid extended colour ignored", "\x1b[38;5;999mx", "x"},
		{
			"per-line self-contained", "\x1b[31mred\nstill red\x1b[0m\nplain",
			"\x1b[31mred\x1b[m\n\x1b[31mstill red\x1b[m\nplain",
		},
		{"per-line reopen combined", "\x1b[1m\x1b[44mA\nB\x1b[m", "\x1b[1;44mA\x1b[m\n\x1b[1;44mB\x1b[m"},
		{"empty styled line", "\x1b[31m\n\nx", "\n\n\x1b[31mx\x1b[m"},
	})
}

func TestSanitizeOutputCarriageReturn(t *testing.T) {
	runSanitizeCases(t, SanitizeOutput, []sanitizeCase{
		{"progress", "10%\r20%\r100%", "100%"},
		{"partial overwrite", "abcdef\rxy", "xycdef"},
		{"crlf", "a\r\nb\r\n", "a\nb\n"},
		{"trailing cr", "abc\r", "abc"},
		{"cr then erase line", "downloading 10%\r\x1b[Kdone", "done"},
		{"erase whole line", "old text\x1b[2K\rnew", "new"},
		{"cha column 1", "old text\x1b[2K\x1b[1Gnew", "new"},
		{"cha column", "abcdef\x1b[3GX", "abXdef"},
		{"overwrite keeps pen across cr", "\x1b[31mabcdef\rxy", "\x1b[31mxycdef\x1b[m"},
		{
			"overwrite with new style", "abc\x1b[32mdef\r\x1b[1mX",
			"\x1b[1;32mX\x1b[mbc\x1b[32mdef\x1b[m",
		},
		{"overwrite styled with plain", "\x1b[31mabc\x1b[m\rX", "X\x1b[31mbc\x1b[m"},
		{"wide overwritten by narrow", "中文\rx", "x 文"},
		{"narrow overwritten by wide", "abcd\r中", "中cd"},
		{"wide straddled", "a中b\r中", "中 b"},
		{"wide over wide shifted", "中文字\rx中", "x中 字"},
		{"emoji overwrite", "👍👍\r!", "! 👍"},
	})
}

func TestSanitizeOutputTabs(t *testing.T) {
	runSanitizeCases(t, SanitizeOutput, []sanitizeCase{
		{"tab at start", "\tx", "        x"},
		{"tab after text", "ab\tc", "ab      c"},
		{"tab at stop", "abcdefgh\tx", "abcdefgh        x"},
		{"tab after cjk", "中文\tx", "中文    x"},
		{"tab after emoji", "👍\tx", "👍      x"},
		{"tabs per line", "abc\tx\n\ty", "abc     x\n        y"},
		{"tab counts cells not bytes", "é\tx", "é       x"},
		{"tab ignores sgr", "\x1b[31mab\x1b[m\tc", "\x1b[31mab\x1b[m      c"},
		{"tab after cr moves without erasing", "abcdefghij\r\tX", "abcdefghXj"},
		{"trailing tab", "a\t", "a       "},
	})
}

func TestSanitizeOutputUnicode(t *testing.T) {
	runSanitizeCases(t, SanitizeOutput, []sanitizeCase{
		{"invalid utf-8", "a\xffb\xc3(c", "a\ufffdb\ufffd(c"},
		{"truncated utf-8", "ab\xe4\xb8", "ab\ufffd\ufffd"},
		{"bidi override shown", "access\u202e\u2066 if admin", "access<U+202E><U+2066> if admin"},
		{
			"all bidi controls", "\u202a\u202b\u202c\u202d\u2067\u2068\u2069\u200e\u200f\u061c",
			"<U+202A><U+202B><U+202C><U+202D><U+2067><U+2068><U+2069><U+200E><U+200F><U+061C>",
		},
		{"invisible shown", "a\u200bb\u2060c\ufeffd\u00ade", "a<U+200B>b<U+2060>c<U+FEFF>d<U+00AD>e"},
		{"tag characters shown", "hi\U000E0041", "hi<U+E0041>"},
		{"zwj emoji kept", "👩\u200d👩\u200d👦 family", "👩\u200d👩\u200d👦 family"},
		{"combining mark kept", "e\u0301", "e\u0301"},
		{"combining after a control marker", "e\x00\u0301", "e␀\u0301"},
		{"lone combining mark gets a base", "\u0301x", " \u0301x"},
		{"prepend format char", "\u0600中", "<U+0600>中"},
		{"cjk and emoji", "中文 🎉", "中文 🎉"},
	})
}

func TestSanitizeText(t *testing.T) {
	runSanitizeCases(t, SanitizeText, []sanitizeCase{
		{"strips sgr", "\x1b[1;31mError:\x1b[0m bad", "Error: bad"},
		{
			"pinned input", "before\x1b]52;c;SGVsbG8=\x07 \x1b]0;title\x07\x1b[2J\x1b[1;1H\x1b[31mred\x1b[0m after",
			"before␛]52;c;SGVsbG8=␇ ␛]0;title␇␛[2J␛[1;1Hred after",
		},
		{"strips osc 8", "\x1b]8;;http://x\x07link\x1b]8;;\x07", "␛]8;;http://x␇link␛]8;;␇"},
		{"c1 csi", "a\u009b31mb", "a␛[?31mb"},
		{"cr shown, not overwritten", "10%\r100%", "10%<U+000D>100%"},
		{"hidden command shown", "rm -rf ~ \x1b[2K\rls -la", "rm -rf ~ ␛[2K<U+000D>ls -la"},
		{"crlf", "a\r\nb\r\n", "a\nb\n"},
		{"trailing cr dropped", "a\r", "a"},
		{"cha and el removed", "abc\x1b[1G\x1b[Kd", "abc␛[1G␛[Kd"},
		{"tabs", "a\tb", "a       b"},
		{"bidi", "file\u202etxt.exe", "file<U+202E>txt.exe"},
		{"newlines kept", "a\nb", "a\nb"},
	})
	assert.NotContains(t, SanitizeText("\x1b[31mx\x1b[m\x1b"), "\x1b")
}

func TestSafeURL(t *testing.T) {
	tests := []struct {
		name, in, want string
		ok             bool
	}{
		{"https", "https://example.com/a?b=c", "https://example.com/a?b=c", true},
		{"http", "http://example.com", "http://example.com", true},
		{"upper-case scheme", "HTTPS://example.com/", "https://example.com/", true},
		{"file", "file:///home/u/a.go", "file:///home/u/a.go", true},
		{"file on localhost", "file://localhost/etc/hosts", "file://localhost/etc/hosts", true},
		{"file on another machine", "file://attacker.example/share/a.go", "", false},
		{"file on a windows share", "file://server/c$/secrets", "", false},
		{"fragment", "https://example.com/#x", "https://example.com/#x", true},
		{"javascript", "javascript:alert(1)", "", false},
		{"data", "data:text/html;base64,PHNjcmlwdD4=", "", false},
		{"osc injection", "http://x\x1b]8;;", "", false},
		{"bel", "http://x\x07", "", false},
		{"space", "http://a b", "", false},
		{"leading space", " https://example.com", "", false},
		{"newline", "https://example.com/\nx", "", false},
		{"c1", "https://example.com/\u009b", "", false},
		{"bidi", "https://example.com/\u202etxt", "", false},
		{"zero width", "https://exa\u200bmple.com", "", false},
		{"invalid utf-8", "https://example.com/\xff", "", false},
		{"no host", "https:///path", "", false},
		{"opaque", "http:example.com", "", false},
		{"relative", "/just/a/path", "", false},
		{"ftp", "ftp://example.com", "", false},
		{"empty", "", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := SafeURL(tt.in)
			require.Equal(t, tt.ok, ok)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestSanitizeOutputLineWidths(t *testing.T) {
	// Overwrites must leave each line exactly as wide as its cells.
	in := "中文字\rx\n👍a\r\tb\nabc\x1b[31m中\r\x1b[1G\x1b[K"
	got := SanitizeOutput(in)
	widths := []int{6, 9, 0}
	for i, line := range strings.Split(got, "\n") {
		assert.Equal(t, widths[i], ansi.StringWidth(line), "line %d %q", i, line)
	}
}

func TestSanitizeNoQuadraticBlowUp(t *testing.T) {
	// Combining marks separated by dropped controls, repeated erases and
	// tabs must stay linear; the output must stay proportional.
	in := "a" + strings.Repeat("\x00\u0301", 50_000) + "\n" +
		strings.Repeat("x", 50_000) + strings.Repeat("\x1b[2Ky", 50_000) + "\n" +
		strings.Repeat("\t", 50_000)
	got := SanitizeOutput(in)
	assert.Less(t, len(got), 8*len(in))
}

// realisticOutput returns about size bytes of build/test-like output with
// colours, progress lines using '\r', tabs and some non-ASCII text.
func realisticOutput(size int) string {
	rng := rand.New(rand.NewPCG(1, 2))
	var b strings.Builder
	for i := 0; b.Len() < size; i++ {
		switch rng.IntN(6) {
		case 0:
			fmt.Fprintf(&b, "\x1b[1;32m   Compiling\x1b[0m crate-%d v0.%d.0\n", i, i%9)
		case 1:
			for p := 0; p <= 100; p += 25 {
				fmt.Fprintf(&b, "\rDownloading [%-20s] %3d%%", strings.Repeat("=", p/5), p)
			}
			b.WriteString("\r\x1b[K\x1b[32mdone\x1b[m\n")
		case 2:
			fmt.Fprintf(&b, "src/file_%d.go:%d:\t\x1b[31merror:\x1b[0m undefined: x%d\n", i, i%400, i)
		case 3:
			fmt.Fprintf(&b, "--- PASS: TestCase%d (0.%02ds)\t日本語 ✓\n", i, i%100)
		default:
			fmt.Fprintf(&b, "    line %d of ordinary log output with some words in it\n", i)
		}
	}
	return b.String()
}

func TestRealisticOutput(t *testing.T) {
	in := realisticOutput(64 << 10)
	got := SanitizeOutput(in)
	require.True(t, termcheck.OnlySGR(got))
	require.True(t, linesSelfContained(got))
	require.Equal(t, got, SanitizeOutput(got))
	assert.Contains(t, got, "\x1b[32mdone\x1b[m\n")
	assert.NotContains(t, got, "Downloading")
}

// referenceTokens add to nastyTokens what exercises the cell model and the
// plain fast path: plain runes, long clusters, cursor and erase sequences.
var referenceTokens = append([]string{
	"é", "ж", "—", "→", "│", "✓", "日本", "한", "Ａ", "🎉", "😀", "€",
	"e\u0301\u0301\u0301", "\u0301\u0301", "\u1161", "\u11a8", "\u1100",
	"\x1b[1K", "\x1b[0K", "\x1b[99G", "\x1b[1;2G", "\x1b[5G", "\x1b[0G",
	"\x1b[38;2;1;2;3m", "\x1b[4:0m", "\x1b[58;5;3m", "\x1b[7m", "\x1b[27m",
	"\u0085", "\u00ad", "\x1b[31;", "\r\r", "\t\t", "xyz",
}, nastyTokens...)

// randomReferenceInput returns a random input of up to maxTokens tokens,
// or, one time in ten, of random bytes.
func randomReferenceInput(rng *rand.Rand, maxTokens int) string {
	var b strings.Builder
	if rng.IntN(10) == 0 {
		for range rng.IntN(4 * maxTokens) {
			b.WriteByte(byte(rng.IntN(256)))
		}
		return b.String()
	}
	for range 1 + rng.IntN(maxTokens) {
		b.WriteString(referenceTokens[rng.IntN(len(referenceTokens))])
	}
	return b.String()
}

// requireSameAsReference checks both modes against the old implementation,
// also with a tiny inline style limit, so that styled ASCII cells go through
// glyphs.
func requireSameAsReference(t *testing.T, in string) {
	t.Helper()
	wantOut, wantText := refSanitizeOutput(in), refSanitizeText(in)
	require.Equal(t, wantOut, SanitizeOutput(in), "SanitizeOutput(%q)", in)
	require.Equal(t, wantText, SanitizeText(in), "SanitizeText(%q)", in)
	require.Equal(t, wantOut, sanitizeWith(in, outputMode, 1), "few inline styles, %q", in)
}

// TestSanitizeMatchesReference compares the sanitiser with the old,
// quadratic implementation kept in sanitize_reference_test.go on random and
// hostile inputs.
func TestSanitizeMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 17))
	n := 20_000
	if !testkit.Long() {
		n = 2_000
	}
	for range n {
		requireSameAsReference(t, randomReferenceInput(rng, 40))
	}
	for range n / 100 {
		requireSameAsReference(t, randomReferenceInput(rng, 4_000))
	}
	for _, tt := range termcheck.FuzzSeeds {
		requireSameAsReference(t, tt)
	}
}

func TestSanitizeMatchesReferenceHostile(t *testing.T) {
	for _, in := range []string{
		strings.Repeat("中\r", 5_000),                                         // overwritten glyphs are collected
		strings.Repeat("a\x00\u0301\r", 5_000),                               // so are attachments
		"e\x00\u0301" + strings.Repeat("\x1b[2Gx\x00\u0302", 3_000),          // a glyph with an attachment survives
		strings.Repeat("中", 3_000) + strings.Repeat("\ry\x1b[1;31m文", 3_000), // collected while the line holds glyphs
		strings.Repeat("\x1b[3Ge\x1b[2G\x00\u0301\x1b[3G\x00\u0302", 300),    // attachments up to the cap
		"e" + strings.Repeat("\u0301", 300) + "\x00\u0302\r\x00\u0303",
		strings.Repeat("\t", 3_000) + "\r" + strings.Repeat("\x1b[32m中x", 2_000),
		strings.Repeat("\x1b[38;5;1m1\x1b[38;5;2m2\x1b[38;5;3m3", 1_000) + "\r" + strings.Repeat("\x1b[1m中", 1_500),
		strings.Repeat("\u202e", 1_000) + "\r" + strings.Repeat("\x1b[K\x1b[4G", 100),
		"中文字\r\x1b[2Gxyz", "a中b中\r\x1b[3Gxy", // ASCII runs overwriting wide graphemes
		strings.Repeat("\t", 100) + "\x1b[300G\x1b[Kx\r" + strings.Repeat("\x1b[31m中", 200), // erase inside padding
		"x" + strings.Repeat("\t", 100) + "\x1b[70Gab\x1b[200G中\x1b[130Gé\r\t\t中",           // writes into padding
		"\x1b[31m" + strings.Repeat("x", 64) + strings.Repeat("\t", 20) + "y",               // padding after a styled page
		manyStyles(600, "中") + "\r" + manyStyles(600, "a"),                                  // more styles than a rune cell holds
	} {
		requireSameAsReference(t, in)
	}
	// Padding, cursor moves and erasing, at random (the first 500 rounds
	// with -short).
	tokens := []string{"\t", "\t\t\t\t\t\t\t\t", "\r", "x", "中", "\x1b[31m", "\x1b[m", "\x1b[K", "\x1b[2K", "\x00\u0301", "\x1b[70G", "\x1b[130G", "\x1b[3G"}
	rng := rand.New(rand.NewPCG(19, 23))
	for range testkit.Rounds(2_000, 500) {
		var b strings.Builder
		for range rng.IntN(200) {
			b.WriteString(tokens[rng.IntN(len(tokens))])
		}
		requireSameAsReference(t, b.String())
	}
}

// manyStyles returns text n times, each time in a new style.
func manyStyles(n int, text string) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "\x1b[38;5;%d;48;5;%dm%s", i%256, i/256, text)
	}
	return b.String()
}

func TestSanitizeMemoryIsBounded(t *testing.T) {
	// Sanitising allocates little more than its output and four bytes a
	// cell for its longest line, even when a line is overwritten again and
	// again (glyphs are collected) or is a flood of padding (shared pages).
	// With -short the inputs are 256 KiB, not 1 MiB: each allocates as many
	// bytes an input byte as at 1 MiB, a little more for the fixed costs.
	size := testkit.Rounds(1<<20, 1<<18)
	for name, in := range map[string]string{
		"overwritten glyphs":      strings.Repeat("中\r", size/4),
		"overwritten attachments": strings.Repeat("a\x00\u0301\r", size/6),
		"tabs then cr":            strings.Repeat("\t", size) + "\rx",
		"ascii then cr":           strings.Repeat("a", size) + "\rx",
		"cjk then cr":             strings.Repeat("中", size/3) + "\rx",
	} {
		var out string
		allocated := testkit.Allocated(1, func() { out = SanitizeOutput(in) })
		assert.Less(t, allocated, uint64(2*len(out)+6*len(in)), "%s: %d bytes allocated", name, allocated)
	}
}

func TestCompactGlyphsKeepsLiveAttachments(t *testing.T) {
	// After collecting, new attachments reuse the buffers of dead glyphs
	// only: "é" keeps its accent while "y" and "z" get theirs.
	l := newScreenLine(maxASCIIStyle)
	l.text = "e"
	l.putASCII("e", 0)
	l.attach("\u0301", 0)
	l.putASCII("x", 0)
	l.attach("\u0302", 0)
	l.col = 1
	l.putASCII("y", 0) // the glyph of "x" and its attachment die
	l.compactGlyphs()
	l.attach("\u0303", 0)
	l.putASCII("z", 0)
	l.attach("\u0304", 0)
	var out strings.Builder
	l.emit(&out, []string{""})
	assert.Equal(t, "e\u0301y\u0303z\u0304", out.String())
}

func TestPlainRunesAreSingleClusters(t *testing.T) {
	// Every plain rune must be a visible grapheme of its own and sanitising
	// must keep it: isPlainText relies on it to skip sanitising. The pairs
	// reject every grapheme class but Other and the Hangul syllables LV and
	// LVT, which never join each other or ASCII: Extend, ZWJ and SpacingMark
	// join "a", Prepend joins "a" after it, a regional indicator joins
	// itself, L joins LV, V joins after LV and T after LVT.
	each := func(yield func(rune) bool) {
		for _, r := range plainRunes.R16 {
			for c := rune(r.Lo); c <= rune(r.Hi); c += rune(r.Stride) {
				if !yield(c) {
					return
				}
			}
		}
		for _, r := range plainRunes.R32 {
			for c := rune(r.Lo); c <= rune(r.Hi); c += rune(r.Stride) {
				if !yield(c) {
					return
				}
			}
		}
	}
	// Each check calls testify only when it fails: over every plain rune,
	// its t.Helper took longer than the checks.
	for r := range each {
		s := string(r)
		if tok, w, n, _ := ansi.DecodeSequence(s, ansi.NormalState, nil); tok != s || n != len(s) || w < 1 {
			require.Fail(t, "not a visible grapheme of its own", "U+%04X: %q width %d", r, tok, w)
		}
		for _, pair := range [][2]string{
			{"a", s}, {s, "a"}, {s, s}, {s, "\uac00"}, {s, "\uac01"}, {"\uac00", s}, {"\uac01", s},
		} {
			if _, _, n, _ := ansi.DecodeSequence(pair[0]+pair[1], ansi.NormalState, nil); n != len(pair[0]) {
				require.Equal(t, len(pair[0]), n, "U+%04X joins in %q", r, pair[0]+pair[1])
			}
		}
		in := "a" + s + s + "b"
		if out := refSanitizeOutput(in); out != in {
			require.Equal(t, in, out, "U+%04X", r)
		}
		if text := refSanitizeText(in); text != in {
			require.Equal(t, in, text, "U+%04X", r)
		}
	}
}

func TestLoneInvisiblesAreAlone(t *testing.T) {
	// The sanitiser shows a lone invisible rune without decoding its
	// grapheme cluster: it must be invisible and never join its neighbours,
	// not even a combining mark.
	for _, r16 := range loneInvisibles.R16 {
		for r := rune(r16.Lo); r <= rune(r16.Hi); r += rune(r16.Stride) {
			s := string(r)
			require.True(t, isInvisible(r), "U+%04X", r)
			for _, pair := range [][2]string{{"a", s}, {s, "a"}, {s, s}, {s, "\u0301"}, {"中", s}, {s, "中"}} {
				_, _, n, _ := ansi.DecodeSequence(pair[0]+pair[1], ansi.NormalState, nil)
				require.Equal(t, len(pair[0]), n, "U+%04X joins in %q", r, pair[0]+pair[1])
			}
			requireSameAsReference(t, "a"+s+"\u0301"+s+s+"b")
		}
	}
	assert.Empty(t, loneInvisibles.R32)
}

func TestSanitizePlainTextIsNotCopied(t *testing.T) {
	for _, in := range []string{
		"Edit render/sanitize.go",
		"ok  \tgithub.com/x\n"[:4] + "github.com/x 0.4s\nline two\n",
		"中文 — naïve café → ✓ 🎉\nΑθήνα Москва 한국어",
	} {
		require.True(t, isPlainText(in), "%q", in)
		for _, f := range []func(string) string{SanitizeText, SanitizeOutput} {
			assert.Equal(t, in, f(in))
			assert.Zero(t, testing.AllocsPerRun(10, func() { f(in) }), "%q", in)
		}
	}
	for _, in := range []string{"a\tb", "a\rb", "\x1b[m", "a\x7f", "e\u0301", "\u00ad", "\xff", "\u0085", "\ufeff"} {
		assert.False(t, isPlainText(in), "%q", in)
	}
}

func TestSanitizePlainLinesKeepStyle(t *testing.T) {
	// A plain line in the middle of styled output is emitted directly, in
	// the style left open by the previous line.
	in := "\x1b[1;31mred\nplain 中文\n\nstill\x1b[m\nplain"
	want := "\x1b[1;31mred\x1b[m\n\x1b[1;31mplain 中文\x1b[m\n\n\x1b[1;31mstill\x1b[m\nplain"
	assert.Equal(t, want, SanitizeOutput(in))
	assert.Equal(t, refSanitizeOutput(in), SanitizeOutput(in))
}

func TestRemovedMarker(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"osc shown inert", "\x1b]0;title\x07", "␛]0;title␇"},
		{"st terminator", "\x1b]2;t\x1b\\", "␛]2;t␛\\"},
		{"c0 and del pictures", "\x00\x08\x7f", "␀␈␡"},
		{"non-ascii payload as code points", "\x1b]0;\u202e中\x07", "␛]0;<U+202E><U+4E2D>␇"},
		{"long sequence cut", "\x1bP" + strings.Repeat("x", 100) + "\x1b\\", "␛P" + strings.Repeat("x", 62) + "…<40 more bytes>"},
		{"cut never splits a rune", "\x1b]0;" + strings.Repeat("x", 59) + "中\x07", "␛]0;" + strings.Repeat("x", 59) + "…<4 more bytes>"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := removedMarker(tt.in)
			assert.Equal(t, tt.want, got)
			assert.Equal(t, got, SanitizeText(got), "a marker is left as it is")
		})
	}
}

// TestGraphemeStormsAreBounded: a cluster longer than maxClusterBytes (a
// letter under a million marks, emoji joined by ZWJ without end) is drawn
// as its first rune and a note of the bytes left out, one or two cells
// wide, in both modes; a family emoji with skin tones stays whole.
func TestGraphemeStormsAreBounded(t *testing.T) {
	family := "👨🏻\u200d👩🏻\u200d👧🏻\u200d👦🏻"
	tests := []struct{ name, in, want string }{
		{"marks on a letter", "x é" + strings.Repeat("\u0301", 1<<20) + " y", "x é…<2097152 more bytes> y"},
		{"marks on nothing", strings.Repeat("\u0301", 1000) + "z", " \u0301…<1998 more bytes>z"},
		{"zwj chain", "a " + strings.Repeat("👨\u200d", 10000) + "👨 b", "a 👨…<70000 more bytes> b"},
		{"family", "a " + family + " b", "a " + family + " b"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, sanitize := range []func(string) string{SanitizeText, SanitizeOutput} {
				got := sanitize(tt.in)
				assert.Equal(t, tt.want, ansi.Strip(got))
				assert.Equal(t, ansi.StringWidth(tt.want), ansi.StringWidth(got))
			}
		})
	}
}
