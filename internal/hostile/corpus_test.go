package hostile_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/sync/semaphore"

	"github.com/cardtui/cardtui/agents"
	"github.com/cardtui/cardtui/internal/testkit"
	"github.com/cardtui/cardtui/internal/testkit/golden"
)

// The corpus is testdata/hostile (its README.md describes it). A case is
// NAME.FORMAT.jsonl, an input in that replay format whose first line is
//
//	// ATTACK: what the case attacks. EXPECT: clause; clause; ...
//
// or NAME.gen, whose first line is the same comment and whose second line
// `GEN: generator format [n]` names the generator that makes the input (the
// big cases, and the compressed ones, are made by the test, never stored);
// the lines after it are the generator's body, if it takes one.
//
// The comment line of a .jsonl case is replaced by an empty line before
// the input is read, so that line numbers in the expectations are the
// file's own; those of a .gen case are the generated input's.

// hostileCase is one case of the corpus.
type hostileCase struct {
	name   string // the file name
	format string
	attack string
	expect expectation
	// input is the input of a .jsonl case. A .gen case's is made by gen
	// each time a test loads it, so that a big input is held only while
	// its case runs.
	input []byte
	gen   func() ([]byte, error)
	// big is set for the cases a generator makes big (their spec gives a
	// size): each holds up to hundreds of megabytes while it is drawn.
	big bool
}

// generated reports whether the case is a .gen case, drawn at one width
// only.
func (c hostileCase) generated() bool { return c.gen != nil }

// load is the case's input, generated for a .gen case.
func (c hostileCase) load(t testing.TB) []byte {
	t.Helper()
	if c.gen == nil {
		return c.input
	}
	input, err := c.gen()
	require.NoError(t, err, "corpus case %s", c.name)
	return input
}

// bigCases bounds the memory the package's big tests hold at once: a
// heavy one takes all of it (heavyWeight) and runs alone, a light one a
// share (lightWeight), so that two light ones run side by side.
var bigCases = semaphore.NewWeighted(heavyWeight)

// The weights of the big tests in bigCases.
const (
	heavyWeight = 2
	lightWeight = 1
)

// lightCases are the big cases of the corpus that hold little memory
// while they are drawn (each under 150 MB of peak RSS run alone, where
// the heavy ones hold 250 to 700 MB): they are big in time, or in a
// dimension that costs no memory. Any other big case is heavy.
var lightCases = map[string]bool{
	"lexer-storm.gen": true, "many-parts.gen": true, "many-lines-harness.gen": true, "many-files.gen": true,
	"long-fields.gen": true, "grapheme-storm.gen": true, "deep-json-harness.gen": true, "deep-json-headless.gen": true,
	"deep-json-views.gen": true, "indent-bomb.gen": true, "indent-bomb-harness.gen": true, "zstd-bomb.gen": true,
	"zstd-window.gen": true,
}

// weight is the case's weight in bigCases.
func (c hostileCase) weight() int64 {
	if lightCases[c.name] {
		return lightWeight
	}
	return heavyWeight
}

// holdBig waits until the big tests running leave weight free in
// bigCases, takes it, and returns the func that gives it back.
func holdBig(t testing.TB, weight int64) (release func()) {
	t.Helper()
	require.NoError(t, bigCases.Acquire(context.Background(), weight))
	return func() { bigCases.Release(weight) }
}

// loadAlone is load for a subtest that draws the case: a big case is
// skipped under -short and otherwise waits for its weight in bigCases,
// which it holds until the subtest ends.
func (c hostileCase) loadAlone(t *testing.T) []byte {
	t.Helper()
	if c.big {
		testkit.SkipLong(t, "a big generated input")
		t.Cleanup(holdBig(t, c.weight()))
	}
	return c.load(t)
}

// corpusDir is the directory of the corpus.
func corpusDir(t testing.TB) string {
	return filepath.Join(golden.Root(t), "testdata", "hostile")
}

// loadCorpus reads the cases of the corpus; a .gen case's input is
// generated when a test loads it.
func loadCorpus(t testing.TB) []hostileCase {
	t.Helper()
	dir := corpusDir(t)
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var cases []hostileCase
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, ".jsonl") && !strings.HasSuffix(name, ".gen") {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, name))
		require.NoError(t, err)
		c, err := parseCase(name, data)
		require.NoError(t, err, "corpus case %s", name)
		cases = append(cases, c)
	}
	sort.Slice(cases, func(i, j int) bool { return cases[i].name < cases[j].name })
	return cases
}

// parseCase reads a case file: its comment, and its input or generator.
func parseCase(name string, data []byte) (hostileCase, error) {
	first, rest, _ := bytes.Cut(data, []byte("\n"))
	c := hostileCase{name: name}
	var err error
	if c.attack, c.expect, err = parseComment(string(first)); err != nil {
		return c, err
	}
	if strings.HasSuffix(name, ".gen") {
		spec, body, _ := bytes.Cut(rest, []byte("\n"))
		var size int
		c.format, size, c.gen, err = generator(string(spec), body)
		c.big = size > 0
		return c, err
	}
	parts := strings.Split(name, ".")
	if len(parts) < 3 {
		return c, fmt.Errorf("the name is not NAME.FORMAT.jsonl")
	}
	if c.format, err = agents.ParseFormat(parts[len(parts)-2]); err != nil {
		return c, err
	}
	c.input = append([]byte("\n"), rest...)
	return c, nil
}

// parseComment splits the comment line into the attack and the
// expectation.
func parseComment(line string) (string, expectation, error) {
	body, ok := strings.CutPrefix(line, "// ATTACK: ")
	if !ok {
		return "", expectation{}, fmt.Errorf("the first line does not start with %q", "// ATTACK: ")
	}
	attack, clauses, ok := strings.Cut(body, " EXPECT: ")
	if !ok {
		return "", expectation{}, fmt.Errorf("the first line has no %q", " EXPECT: ")
	}
	exp, err := parseExpectation(clauses)
	return strings.TrimSpace(attack), exp, err
}

// expectation is what a case says must happen, beyond the properties
// every case has.
type expectation struct {
	// problems is the number of Problem entries, which every case
	// states; problemLines the line of each, in order, when given.
	problems     int
	problemLines []int
	// cards is the number of tool cards (-1: not checked).
	cards int
	// Texts that a problem's reason, a notice, or every text rendering
	// (styled text without its escapes, text without colour, Markdown,
	// the viewer's screen) contains; and texts no rendering contains, not
	// even inside an escape sequence.
	problemTexts, notices, visible, absent []string
	// hints are texts the collapsed drawings show (the Markdown export
	// holds everything and need not): the notes of what is hidden.
	hints []string
	// colourHints are hints only the coloured collapsed drawings show:
	// the notes of syntax colours given up (text without colour is never
	// lexed).
	colourHints []string
	// linksTo are URLs the styled text links to; noLinks says it links
	// to nothing.
	linksTo []string
	noLinks bool
	// exported are texts a reader of each export sees: the text of the
	// HTML page as a browser parses it, and of the Markdown export as a
	// CommonMark viewer renders it (not the targets of its links).
	exported []string
	// maxRows bounds the number of lines of each collapsed tool card (0:
	// not checked).
	maxRows int
}

// parseExpectation parses "clause; clause; ...". The clauses are:
//
//	problems=N [at line L | at lines L,M,...]
//	cards=N
//	problem "text"   notice "text"   visible "text"   absent "text"
//	hint "text"      colour-hint "text"   link "url"   no links   rows<=N
//	exported "text"
//
// Texts are Go string literals, so they can name any byte ("\x1b]52").
func parseExpectation(s string) (expectation, error) {
	e := expectation{problems: -1, cards: -1}
	for s = strings.TrimSpace(s); s != ""; s = strings.TrimSpace(s) {
		var err error
		if s, err = e.parseClause(s); err != nil {
			return e, err
		}
		s = strings.TrimSpace(s)
		if s != "" {
			rest, ok := strings.CutPrefix(s, ";")
			if !ok {
				return e, fmt.Errorf("want ';' between clauses at %q", s)
			}
			s = rest
		}
	}
	if e.problems < 0 {
		return e, fmt.Errorf("the expectation does not say problems=N")
	}
	return e, nil
}

// parseClause parses the clause at the start of s and returns the rest.
func (e *expectation) parseClause(s string) (string, error) {
	word, rest, _ := strings.Cut(s, " ")
	texts := map[string]*[]string{
		"problem": &e.problemTexts, "notice": &e.notices, "visible": &e.visible,
		"absent": &e.absent, "link": &e.linksTo, "hint": &e.hints,
		"colour-hint": &e.colourHints, "exported": &e.exported,
	}
	if list, ok := texts[word]; ok {
		quoted, err := strconv.QuotedPrefix(rest)
		if err != nil {
			return s, fmt.Errorf("%s wants a quoted text at %q", word, rest)
		}
		text, _ := strconv.Unquote(quoted)
		*list = append(*list, text)
		return rest[len(quoted):], nil
	}
	end := strings.IndexByte(s, ';')
	if end < 0 {
		end = len(s)
	}
	clause, rest := strings.TrimSpace(s[:end]), s[end:]
	var err error
	switch {
	case clause == "no links":
		e.noLinks = true
	case strings.HasPrefix(clause, "problems="):
		err = e.parseProblems(strings.TrimPrefix(clause, "problems="))
	case strings.HasPrefix(clause, "cards="):
		e.cards, err = strconv.Atoi(strings.TrimPrefix(clause, "cards="))
	case strings.HasPrefix(clause, "rows<="):
		e.maxRows, err = strconv.Atoi(strings.TrimPrefix(clause, "rows<="))
	default:
		err = fmt.Errorf("unknown clause %q", clause)
	}
	return rest, err
}

// parseProblems parses "N", "N at line L" or "N at lines L,M".
func (e *expectation) parseProblems(s string) error {
	count, where, hasLines := strings.Cut(s, " at ")
	var err error
	if e.problems, err = strconv.Atoi(count); err != nil || !hasLines {
		return err
	}
	list, ok := strings.CutPrefix(where, "lines ")
	if !ok {
		list, ok = strings.CutPrefix(where, "line ")
	}
	if !ok {
		return fmt.Errorf("want \"at line L\" or \"at lines L,M\", got %q", where)
	}
	for _, l := range strings.Split(list, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(l))
		if err != nil {
			return err
		}
		e.problemLines = append(e.problemLines, n)
	}
	if len(e.problemLines) != e.problems {
		return fmt.Errorf("%d problems at %d lines", e.problems, len(e.problemLines))
	}
	return nil
}

// TestLightCasesAreBigCases: every case lightCases names is a big case of
// the corpus, so that the list follows the corpus.
func TestLightCasesAreBigCases(t *testing.T) {
	big := map[string]bool{}
	for _, c := range loadCorpus(t) {
		big[c.name] = c.big
	}
	for name := range lightCases {
		assert.True(t, big[name], "%s is no big case of the corpus", name)
	}
}
