package sessions

import (
	"bytes"
	"math/bits"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/internal/testkit"
)

// pieces are what the generated documents and patterns are made of:
// letters in both cases, the letters that fold with non-ASCII runes,
// non-ASCII text, an invalid byte, spaces and punctuation.
var pieces = []string{"a", "b", "A", "B", "k", "K", "s", "S", "\u212a", "\u017f", "é", "É", "ab", "ba", "abc", "Abc", " ", ".", "-", "\xff", "\t"}

func randomText(r *rand.Rand, n int) string {
	var b strings.Builder
	for range n {
		b.WriteString(pieces[r.IntN(len(pieces))])
	}
	return b.String()
}

// randomDocument is a document of a few lines of random text.
func randomDocument(r *rand.Rand) *Document {
	var b bytes.Buffer
	for i := range 1 + r.IntN(6) {
		writeField(&b, "TP"[r.IntN(2)], i, randomText(r, 2), randomText(r, 1+r.IntN(30)))
	}
	return &Document{data: b.Bytes()}
}

// randomRegexp is a regular expression of literals, classes,
// repetitions, alternations and case folding.
func randomRegexp(r *rand.Rand, depth int) string {
	if depth == 0 {
		return regexp.QuoteMeta(randomText(r, 1+r.IntN(4)))
	}
	sub := func() string { return randomRegexp(r, depth-1) }
	switch r.IntN(9) {
	case 0:
		return "(?i)" + sub()
	case 1:
		return sub() + "|" + sub()
	case 2:
		return "(" + sub() + ")+"
	case 3:
		return "(" + sub() + "){2,3}"
	case 4:
		return "(" + sub() + ")?"
	case 5:
		return sub() + "[ab]" + sub()
	case 6:
		return sub() + "." + sub()
	case 7:
		return "(?i:" + sub() + ")" + sub()
	}
	return sub() + sub()
}

// hits are the lines m finds in d, and where.
func hits(d *Document, m Matcher, paths bool) []DocLine {
	var found []DocLine
	d.scan(m, paths, func(l rawLine, _ [][2]int) bool {
		found = append(found, DocLine{Entry: l.entry, Title: string(l.title), Text: string(l.text), Path: paths})
		return true
	})
	return found
}

// TestSummaryFilterIsExact: over random documents and random literal and
// regular-expression patterns, a document the summary skips has no hit,
// so a search with the filter finds exactly what one without it finds;
// and the filter does skip documents. -short draws 100 rounds of patterns
// of the full 400.
func TestSummaryFilterIsExact(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	docs := make([]*Document, 150)
	sums := make([]summary, len(docs))
	for i := range docs {
		docs[i] = randomDocument(r)
		sums[i] = summarize(docs[i].data)
	}
	skipped, checked := 0, 0
	check := func(pattern string, m Matcher) {
		full := Matcher{Find: m.Find}
		for i, d := range docs {
			for _, paths := range []bool{false, true} {
				want := hits(d, full, paths)
				got := []DocLine(nil)
				if sums[i].mayHold(m.grams) {
					got = hits(d, m, paths)
				} else {
					skipped++
				}
				require.Equal(t, want, got, "pattern %q in %q", pattern, d.data)
				checked++
			}
		}
	}
	for range testkit.Rounds(400, 100) {
		d := docs[r.IntN(len(docs))]
		from := r.IntN(len(d.data))
		to := min(len(d.data), from+1+r.IntN(12))
		for _, needle := range []string{string(d.data[from:to]), randomText(r, 1+r.IntN(5))} {
			check(needle, LiteralMatcher([]byte(needle)))
		}
		// U+FFFD in a pattern matches an invalid byte in the text.
		pattern := strings.ReplaceAll(randomRegexp(r, 1+r.IntN(3)), "\xff", `\x{fffd}`)
		re, err := regexp.Compile(pattern)
		require.NoError(t, err, pattern)
		check(pattern, RegexpMatcher(re))
	}
	t.Logf("%d of %d searches skipped", skipped, checked)
	assert.Greater(t, skipped, checked/10, "the filter skips documents")
}

// TestRequiredLiterals: the strings a regular expression requires.
func TestRequiredLiterals(t *testing.T) {
	for _, tc := range []struct {
		pattern string
		literal string
		some    bool
	}{
		{`make release-\d+`, "make release-", true},
		{`(foo|bar)baz`, "baz", true},
		{`foo|bar`, "", false},
		{`(?i)Makefile`, "", true},
		{`x*`, "", false},
		{`(abcd)+e`, "abcd", true},
	} {
		m := RegexpMatcher(regexp.MustCompile(tc.pattern))
		assert.Equal(t, tc.literal, string(m.Literal), tc.pattern)
		assert.Equal(t, tc.some, len(m.grams) > 0, tc.pattern)
	}
}

// TestSummaryIsBounded: a document of every trigram has a summary of
// maxSummary bytes; a short one, of minSummary; one between, of the size
// that keeps at most summaryFill of its bits set.
func TestSummaryIsBounded(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	big := make([]byte, 1<<20)
	for i := range big {
		big[i] = byte(r.IntN(256))
	}
	assert.Len(t, summarize(big), maxSummary)
	assert.Len(t, summarize([]byte("abc")), minSummary)
	assert.True(t, summarize([]byte("Hello")).mayHold(gramsOf(nil, []byte("hEl"), false)))
	medium := summarize(big[:4<<10])
	assert.Less(t, len(medium), maxSummary)
	assert.Greater(t, len(medium), minSummary)
	set := 0
	for _, b := range medium {
		set += bits.OnesCount8(b)
	}
	assert.LessOrEqual(t, float64(set), summaryFill*float64(len(medium)*8))
}

// TestFourGramsTellApartWhatTrigramsDoNot: a document that holds every
// trigram of a pattern, but not next to each other, is skipped by its
// 4-grams.
func TestFourGramsTellApartWhatTrigramsDoNot(t *testing.T) {
	doc := summarize([]byte("T\t1\tmake release-12\t ok pkg125 pkg250\n"))
	var trigrams []uint64
	for i := 0; i+3 <= len("release-1250"); i++ {
		trigrams = append(trigrams, gram([]byte("release-1250")[i:], 3))
	}
	assert.True(t, doc.mayHold(trigrams), "every trigram is there")
	assert.False(t, doc.mayHold(LiteralMatcher([]byte("release-1250")).grams))
	assert.True(t, doc.mayHold(LiteralMatcher([]byte("release-12")).grams))
}

// TestWriteFieldKeepsEachLineOneLine: tabs and line breaks in a field
// become spaces, each invalid byte U+FFFD, a long field is cut.
func TestWriteFieldKeepsEachLineOneLine(t *testing.T) {
	for _, tc := range []struct{ title, text, want string }{
		{"Bash", "a\tb\nc\rd", "T\t7\tBash\ta b c d\n"},
		{"t\tt", "\xff\xfe\t", "T\t7\tt t\t\ufffd\ufffd \n"},
		{"", strings.Repeat("é", maxDocLine), "T\t7\t\t" + strings.Repeat("é", maxDocLine/2) + "…\n"},
	} {
		var b bytes.Buffer
		writeField(&b, 'T', 7, tc.title, tc.text)
		assert.Equal(t, tc.want, b.String())
	}
}
