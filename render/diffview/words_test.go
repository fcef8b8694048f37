package diffview

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// wordDiffOf diffs two lines by words.
func wordDiffOf(old, new string) wordDiff {
	c := newChange([]string{old}, []string{new})
	return diffTokens(c.removed[0], c.added[0])
}

// spanTexts are the texts of the spans of s.
func spanTexts(s string, spans []Span) []string {
	texts := []string{}
	for _, sp := range spans {
		texts = append(texts, s[sp.Start:sp.End])
	}
	return texts
}

func TestWordDiffSpans(t *testing.T) {
	tests := []struct {
		name, old, new string
		removed, added []string
	}{
		{"changed number", "timeout = 5", "timeout = 30", []string{"5"}, []string{"30"}},
		{"inserted words", "fmt.Println(\"hello\")", "fmt.Println(\"hello, world\")", []string{}, []string{", world"}},
		{"removed word", "It is not safe.", "It is safe.", []string{"not"}, []string{}},
		{
			"a common space never outweighs a word", "var rows []T", "rows := make([]T, 0)",
			[]string{"var"},
			[]string{":= make(", ", 0)"},
		},
		{"changed words and the space between them", "a b c d", "a x y d", []string{"b c"}, []string{"x y"}},
		{"tab for spaces", "\tx := 1", "    x := 1", []string{"\t"}, []string{"    "}},
		{"trailing blank", "test:", "test: ", []string{}, []string{" "}},
		{"double space", "go test ./...", "go  test ./...", []string{" "}, []string{"  "}},
		{"carriage return", "echo off\r", "echo off", []string{"\r"}, []string{}},
		{"blank lines", "", "   ", []string{}, []string{"   "}},
		{"ideographs are words", "漢字のテキスト", "漢字の文章", []string{"テキスト"}, []string{"文章"}},
		{"combining marks stay in their word", "cafe\u0301 ok", "cafe\u0301 no", []string{"ok"}, []string{"no"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := wordDiffOf(tt.old, tt.new)
			assert.Equal(t, tt.removed, spanTexts(tt.old, w.old), "removed spans")
			assert.Equal(t, tt.added, spanTexts(tt.new, w.new), "added spans")
		})
	}
}

// TestWordDiffProperties checks, over random pairs of lines, that the
// spans are sorted, disjoint and within the line, and that the words
// outside them are the same sequence on both sides: exactly the changed
// words are emphasised.
func TestWordDiffProperties(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(3, 5))
	pieces := []string{"a", "b", "foo", "bar", " ", "  ", "\t", "(", ")", ".", "漢", "字", "x1", "_y", "\r"}
	line := func() string {
		var b strings.Builder
		for range r.IntN(12) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		return b.String()
	}
	for i := range 3000 {
		old, new := line(), line()
		w := wordDiffOf(old, new)
		requireSpansValid(t, old, w.old)
		requireSpansValid(t, new, w.new)
		require.Equal(t, wordsOutside(old, w.old), wordsOutside(new, w.new), "pair %d: %q -> %q", i, old, new)
		require.GreaterOrEqual(t, w.similarity, 0.0)
		require.LessOrEqual(t, w.similarity, 1.0)
		if old == new {
			require.Empty(t, w.old)
			require.Empty(t, w.new)
		}
	}
}

// requireSpansValid checks that spans are non-empty, sorted, disjoint and
// within s.
func requireSpansValid(t *testing.T, s string, spans []Span) {
	t.Helper()
	end := 0
	for _, sp := range spans {
		require.Less(t, sp.Start, sp.End, "empty span in %q", s)
		require.LessOrEqual(t, end, sp.Start, "overlapping spans in %q", s)
		require.LessOrEqual(t, sp.End, len(s))
		end = sp.End
	}
}

// wordsOutside is the words of s that no span covers.
func wordsOutside(s string, spans []Span) []string {
	var words []string
	for _, w := range (tokenAlphabet{}).tokens(s).words {
		covered := false
		for _, sp := range spans {
			covered = covered || (sp.Start <= w.Start && w.End <= sp.End)
		}
		if !covered {
			words = append(words, s[w.Start:w.End])
		}
	}
	return words
}

func TestPairLinesThreshold(t *testing.T) {
	pairs := pairLines([]string{"return a + b"}, []string{"return a - b"})
	require.Len(t, pairs, 1)
	assert.Equal(t, []string{"+"}, spanTexts("return a + b", pairs[0].diff.old))

	assert.Empty(t, pairLines([]string{"return a + b"}, []string{"fmt.Println(x)"}), "too different to pair")
	assert.Empty(t, pairLines([]string{"x"}, nil))

	w := wordDiffOf("out[k] = v", "out[strings.TrimSpace(k)] = v")
	assert.GreaterOrEqual(t, w.similarity, pairThreshold, "a wrapped argument still pairs")
	w = wordDiffOf("abcdef", "abcxyz")
	assert.Less(t, w.similarity, pairThreshold, "one word of six letters, changed, does not")
}

func TestPairLinesFindsTheBestOrderedPairing(t *testing.T) {
	removed := []string{"alpha beta gamma", "one two three four"}
	added := []string{"one two three five", "alpha beta delta"}
	pairs := pairLines(removed, added)
	require.Len(t, pairs, 1, "pairs keep their order, so only one of the two can be paired")
	assert.Equal(t, 1, pairs[0].removed, "the closer pair wins")
	assert.Equal(t, 0, pairs[0].added)

	removed = []string{"x := compute(a)", "log.Print(x)", "return x"}
	added = []string{"x := compute(a, b)", "return x, nil"}
	pairs = pairLines(removed, added)
	require.Len(t, pairs, 2)
	assert.Equal(t, []int{0, 0, 2, 1}, []int{pairs[0].removed, pairs[0].added, pairs[1].removed, pairs[1].added},
		"the unpaired removed line sits between two pairs")
}

func TestPairLinesLargeChange(t *testing.T) {
	var removed, added []string
	for i := range 3 * pairBand {
		removed = append(removed, fmt.Sprintf("value%d := compute(%d)", i, i))
		added = append(added, fmt.Sprintf("value%d := compute(%d, ctx)", i, i))
	}
	added = append([]string{"// a new comment"}, added...)
	pairs := pairLines(removed, added)
	require.Len(t, pairs, len(removed), "first-fit pairs every line of a large change")
	for i, p := range pairs {
		assert.Equal(t, i, p.removed)
		assert.Equal(t, i+1, p.added)
		assert.Equal(t, []string{", ctx"}, spanTexts(added[p.added], p.diff.new))
	}
}

func TestPairLinesSkipsVeryLongLines(t *testing.T) {
	long := strings.Repeat("word ", maxPairWords)
	assert.Empty(t, pairLines([]string{long + "a"}, []string{long + "b"}))
	assert.Len(t, pairLines([]string{long[:len(long)-5] + "a"}, []string{long[:len(long)-5] + "b"}), 1)
}

func TestSimilarityBoundIsAnUpperBound(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	words := []string{"a", "b", "c", "(", ")", " ", "foo"}
	line := func() string {
		var b strings.Builder
		for range r.IntN(10) {
			b.WriteString(words[r.IntN(len(words))])
		}
		return b.String()
	}
	for range 1000 {
		old, new := line(), line()
		c := newChange([]string{old}, []string{new})
		require.GreaterOrEqual(t, c.bound(0, 0)+1e-9, diffTokens(c.removed[0], c.added[0]).similarity, "%q -> %q", old, new)
	}
}

// TestFirstClusterMatchesSegmenter checks the ASCII shortcut of
// firstCluster, and asciiClass, against the grapheme segmenter and the
// Unicode classes on random mixes of ASCII, CR LF, marks and emoji.
func TestFirstClusterMatchesSegmenter(t *testing.T) {
	r := rand.New(rand.NewPCG(16, 2))
	parts := []string{"a", "Z", "_", "7", " ", "\t", "\r", "\n", "\r\n", ";", "\x00", "\x7f", "\u0301", "é", "中", "👍", "\u200d", "🇺🇸", "\ufe0f"}
	for range 5000 {
		var b strings.Builder
		for range 1 + r.IntN(6) {
			b.WriteString(parts[r.IntN(len(parts))])
		}
		s := b.String()
		want, _ := ansi.FirstGraphemeCluster(s, ansi.GraphemeWidth)
		require.Equal(t, want, firstCluster(s), "%q", s)
	}
	for c := range byte(utf8.RuneSelf) {
		r := rune(c)
		want := tokenSingle
		switch {
		case isBlank(string(r)):
			want = tokenBlank
		case r == '_' || unicode.IsDigit(r) || unicode.IsLetter(r):
			want = tokenWord
		}
		require.Equal(t, want, asciiClass(c), "%q", r)
	}
}
