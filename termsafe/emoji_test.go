package termsafe_test

import (
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"

	"github.com/cardtui/cardtui/termsafe"
)

// TestEmojiSequencesMeasureAlikeInBothTerminalModels checks that an emoji
// ZWJ sequence, a skin tone, a flag and a presentation selector come out
// of sanitising as text whose width is the same whether the terminal
// counts grapheme clusters (mode 2027: kitty, WezTerm, Ghostty) or runes
// (wcwidth: xterm, VTE, tmux), so that a line laid out to fit its width
// fits in either.
func TestEmojiSequencesMeasureAlikeInBothTerminalModels(t *testing.T) {
	for _, s := range []string{
		"family 👨‍👩‍👧‍👦 end",
		"flags 🇫🇷🇩🇪 end",
		"rainbow 🏳️‍🌈 end",
		"coder 👩🏽‍💻 end",
		"heart ❤️ keycap 1️⃣ end",
		"\x1b[1mbold 👨‍👩‍👧 styled\x1b[0m",
	} {
		for name, sanitize := range map[string]func(string) string{"text": termsafe.SanitizeText, "output": termsafe.SanitizeOutput} {
			out := sanitize(s)
			assert.Equal(t, ansi.StringWidth(out), ansi.StringWidthWc(out), "%s %q → %q", name, s, out)
			assert.Equal(t, termsafe.Width(out), ansi.StringWidthWc(out), "%s %q", name, s)
			assert.Equal(t, out, sanitize(out), "idempotent")
		}
	}
	assert.Equal(t, "family 👨👩👧👦 end", termsafe.SanitizeText("family 👨‍👩‍👧‍👦 end"), "each person of the family, drawn alike")
	assert.Equal(t, "flags 🇫🇷🇩🇪 end", termsafe.SanitizeText("flags 🇫🇷🇩🇪 end"), "a flag both count as two cells is kept")
}
