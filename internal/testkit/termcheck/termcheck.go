// Package termcheck holds the checks the tests of termsafe, render and
// their callers share: whether a string could reach a terminal as it is
// (only SGR sequences, no controls, no bidi or invisible characters), and
// the nasty inputs their fuzz targets start from. It is for tests only.
package termcheck

import (
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"

	"github.com/cardtui/cardtui/internal/lazyregexp"
)

// FuzzSeeds are nasty inputs shared by the sanitiser fuzz targets.
var FuzzSeeds = []string{
	"",
	"plain text\n",
	"before\x1b]52;c;SGVsbG8=\x07 \x1b]0;title\x07\x1b[2J\x1b[1;1H\x1b[31mred\x1b[0m after",
	"\x1b]8;;https://evil.example\x1b\\click\x1b]8;;\x1b\\",
	"\x1b]0;unterminated",
	"\x1bP1$r0m\x1b\\\x1b_G;AAAA\x1b\\\x1b^pm\x07\x1bXsos\x1b\\",
	"\u009b2J\u009d0;t\u0007\u0090q\u009c\u0085",
	"\x9b31m\x9d0;t\x07\x90q\x9c\x80\x9f",
	"\x1b[?1049h\x1b[1;1H\x1b[5A\x1b[6n\x1b7\x1b8\x1bc",
	"a\bb\x00c\x7fd\x01\x0b\x0c",
	"10%\r20%\r100%\r\n",
	"\x1b[31mabcdef\rxy\x1b[1m\rz",
	"中文字\rx中\r👍\t|\n\t中\tb",
	"progress\r\x1b[K\x1b[2K\x1b[1Gdone\x1b[3G!",
	"a\xffb\xc3(\xe4\xb8",
	"\u202e\u2066\u200b\u2060\ufeff\u00ad\U000E0041\u0600中",
	"👩\u200d👩\u200d👦 e\u0301 \u0301x e\x00\u0301",
	"\x1b[38;5;196;48;2;1;2;3;4:3;58:2::1:2:3m x \x1b[22;39m y",
	"\x1b[" + strings.Repeat("1;", 40) + "m overflow",
	"\x1b[31m\nline\n\x1b[0m\n",
	"\x1b]0;\u271d\x07v",
	"\x1b\x1b[31m\x1b",
	"\tfunc f() {\n\t\treturn 1 \t// x\n}\t\n\t",
}

// sgrToken matches one SGR sequence.
var sgrToken = lazyregexp.New(`^\x1b\[[0-9;:]*m$`)

// forbiddenRunes are runes that must never survive sanitising: bidi
// controls and the invisible characters the sanitiser must show.
var forbiddenRunes = map[rune]bool{
	0x202A: true, 0x202B: true, 0x202C: true, 0x202D: true, 0x202E: true,
	0x2066: true, 0x2067: true, 0x2068: true, 0x2069: true,
	0x200E: true, 0x200F: true, 0x061C: true,
	0x200B: true, 0x2060: true, 0xFEFF: true, 0x00AD: true,
}

// OnlySGR walks s with ansi's decoder and reports whether every escape
// sequence is a complete SGR sequence and no C0 control other than '\n', no
// C1 control, no invalid UTF-8 and no bidi or invisible control remains.
func OnlySGR(s string) bool {
	for s != "" {
		_, _, n, state := ansi.DecodeSequence(s, ansi.NormalState, nil)
		if n < 1 || state != ansi.NormalState || !AllowedToken(s[:n]) {
			return false
		}
		s = s[n:]
	}
	return true
}

// AllowedToken is OnlySGR's verdict on one decoded token.
func AllowedToken(tok string) bool {
	switch c := tok[0]; {
	case c == ansi.ESC:
		return sgrToken().MatchString(tok)
	case c == '\n':
		return true
	case c < ' ' || c == ansi.DEL:
		return false
	case c < utf8.RuneSelf:
		return true
	}
	if !utf8.ValidString(tok) {
		return false
	}
	for _, r := range tok {
		if (r >= 0x80 && r <= 0x9F) || forbiddenRunes[r] {
			return false
		}
	}
	return true
}
