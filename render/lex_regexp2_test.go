package render

import (
	"testing"
	"unicode"

	"github.com/dlclark/regexp2"
	"github.com/dlclark/regexp2/syntax"
	"github.com/stretchr/testify/require"
)

// TestPatchedRegexp2WordChars pins third_party/regexp2's fast word test
// to upstream's expression for every rune to U+2FFFF.
func TestPatchedRegexp2WordChars(t *testing.T) {
	for r := rune(-1); r < 0x30000; r++ {
		want := unicode.In(r, unicode.Categories["L"], unicode.Categories["Mn"], unicode.Categories["Nd"], unicode.Categories["Pc"])
		require.Equal(t, want, syntax.IsECMAWordChar(r), "%U", r)
		require.Equal(t, want || r == '\u200D' || r == '\u200C', syntax.IsWordChar(r), "%U", r)
	}
}

// TestPatchedRegexp2Groups checks that FindGroupsReads, which chroma's
// lexers match with, finds what FindRunesMatchStartingAt finds, with the
// same groups, one search after another on the same runner.
func TestPatchedRegexp2Groups(t *testing.T) {
	patterns := []string{`\G(?<x>a)(b)?(?<y>c)*`, `\G(a)|(b)`, `\G(?<5>a)(?<x>b)(c)`, `\G(?:(a)|b)+`,
		`\G(?:(?<o>\()|(?<-o>\))|[^()])+`, `\G\b(\w+)(\s*)(\()`, `\G(?<=a)b`}
	inputs := []string{"abccc", "acc", "b", "ab", "aab", "bab", "(a(b)c)", "foo (x", "ab", ""}
	for _, p := range patterns {
		re := regexp2.MustCompile(p, 0)
		for _, in := range inputs {
			for start := 0; start <= len(in); start++ {
				text := []rune(in)
				m, err := re.FindRunesMatchStartingAt(text, start)
				require.NoError(t, err)
				reads := regexp2.NoReads
				index, groups, err := re.FindGroupsReads(text, start, &reads, nil)
				require.NoError(t, err)
				if m == nil {
					require.Equal(t, -1, index, "%s on %q at %d", p, in, start)
					continue
				}
				require.Equal(t, m.Index, index, "%s on %q at %d", p, in, start)
				var want []string
				for _, g := range m.Groups() {
					want = append(want, g.String())
				}
				require.Equal(t, want, groups, "%s on %q at %d", p, in, start)
				require.LessOrEqual(t, reads.Lo, index, "a match reads its text")
				require.GreaterOrEqual(t, reads.Hi, index+m.Length-1, "a match reads its text")
			}
		}
	}
}
