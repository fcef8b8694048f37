package termsafe

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/cardtui/cardtui/internal/testkit"
	"github.com/cardtui/cardtui/internal/testkit/termcheck"
)

// checkSanitized asserts the properties every sanitised string has.
func checkSanitized(t *testing.T, name string, f func(string) string, in, out string) {
	t.Helper()
	if !utf8.ValidString(out) {
		t.Fatalf("%s(%q) = %q: invalid UTF-8", name, in, out)
	}
	if !termcheck.OnlySGR(out) {
		t.Fatalf("%s(%q) = %q: not only SGR", name, in, out)
	}
	if strings.ContainsAny(out, "\t\r") {
		t.Fatalf("%s(%q) = %q: tab or CR left", name, in, out)
	}
	if !linesSelfContained(out) {
		t.Fatalf("%s(%q) = %q: a line leaks SGR state", name, in, out)
	}
	if again := f(out); again != out {
		t.Fatalf("%s not idempotent on %q:\n once  %q\n twice %q", name, in, out, again)
	}
}

func FuzzSanitizeOutput(f *testing.F) {
	for _, s := range termcheck.FuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		out := SanitizeOutput(in)
		checkSanitized(t, "SanitizeOutput", SanitizeOutput, in, out)
		if want := refSanitizeOutput(in); out != want {
			t.Fatalf("SanitizeOutput(%q) = %q, the reference gives %q", in, out, want)
		}
		if few := sanitizeWith(in, outputMode, 1); few != out {
			t.Fatalf("SanitizeOutput(%q) = %q with few inline styles, %q else", in, few, out)
		}
	})
}

func FuzzSanitizeText(f *testing.F) {
	for _, s := range termcheck.FuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		out := SanitizeText(in)
		if strings.Contains(out, "\x1b") {
			t.Fatalf("SanitizeText(%q) = %q: ESC left", in, out)
		}
		checkSanitized(t, "SanitizeText", SanitizeText, in, out)
		if want := refSanitizeText(in); out != want {
			t.Fatalf("SanitizeText(%q) = %q, the reference gives %q", in, out, want)
		}
	})
}

// nastyTokens are the pieces TestSanitizeRandomTokens assembles: text of
// every width, clusters that combine across tokens, controls, fragments of
// sequences and whole sequences.
var nastyTokens = []string{
	"a", "e", " ", ";", "m", "2", "中", "👍", "👩\u200d", "👦", "\u0301",
	"\ufe0f", "🇺", "\u0d4e", "\u0600", "\u1100", "\u1161", "\u200b",
	"\u202e", "\u00ad", "\U000E0041", "\r", "\n", "\t", "\x00", "\b",
	"\x07", "\x18", "\x7f", "\xff", "\xe4", "\x9b", "\x9c", "\u009b",
	"\u009c", "\u009d", "\x1b", "\x1b[", "\x1b]", "\x1bP", "\x1b\\",
	"\x1b[31m", "\x1b[1;4:3m", "\x1b[38;5;9m", "\x1b[48:2::1:2:3m",
	"\x1b[m", "\x1b[0m", "\x1b[22m", "\x1b[K", "\x1b[2K", "\x1b[3G",
	"\x1b[G", "\x1b]0;t\x07", "\x1b[?25h", "\x1b[2J",
}

// TestSanitizeRandomTokens checks the fuzz oracle on many random
// concatenations of nastyTokens.
func TestSanitizeRandomTokens(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	n := 20_000
	if !testkit.Long() {
		n = 2_000
	}
	for range n {
		var b strings.Builder
		for range 1 + rng.IntN(24) {
			b.WriteString(nastyTokens[rng.IntN(len(nastyTokens))])
		}
		in := b.String()
		checkSanitized(t, "SanitizeOutput", SanitizeOutput, in, SanitizeOutput(in))
		checkSanitized(t, "SanitizeText", SanitizeText, in, SanitizeText(in))
	}
}

// TestTabbedASCIIMatchesReference checks the tab-expanding fast path of
// both modes against the reference cell model on random lines of
// printable ASCII, tabs and line breaks.
func TestTabbedASCIIMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 1))
	pieces := []string{"\t", "\t\t", "\n", "a", "ab", "abcdefg", "abcdefgh", " ", "x = 1;", "~"}
	for range 2000 {
		var b strings.Builder
		for range rng.IntN(12) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		in := b.String()
		if !IsTabbedASCII(in) {
			t.Fatalf("%q is not tabbed ASCII", in)
		}
		if got, want := SanitizeText(in), refSanitizeText(in); got != want {
			t.Fatalf("SanitizeText(%q) = %q, the reference gives %q", in, got, want)
		}
		if got, want := SanitizeOutput(in), refSanitizeOutput(in); got != want {
			t.Fatalf("SanitizeOutput(%q) = %q, the reference gives %q", in, got, want)
		}
	}
}
