package cards_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
)

// checkInput is what the views of checkViews are built from.
type checkInput struct {
	s1, s2 string
	n1, n2 int
	raw    []byte
	flag   bool
}

// checkViews are views of every variant built from in, valid or not, with
// content blocks of every kind.
func checkViews(in checkInput) ([]cards.CallView, []cards.ResultView) {
	blocks := []cards.ContentBlock{cards.TextBlock{Text: in.s1}, cards.ImageBlock{MimeType: in.s2}}
	if in.raw != nil || in.flag {
		blocks = append(blocks, cards.OpaqueBlock{Type: in.s2, Raw: in.raw})
	}
	if in.flag && in.raw == nil {
		blocks = append(blocks, nil)
	}
	oldText := &in.s2
	if in.flag {
		oldText = nil
	}
	locs := []cards.FileLocation{{Path: "a.go", Line: 1}, {Path: in.s1, Line: in.n1}}
	diffs := []cards.FileDiff{{Path: in.s1, OldText: oldText, NewText: in.s2, OldStart: in.n1, NewStart: in.n2}}
	hunks := []cards.FileDiff{{Path: "h.go", OldText: oldText, NewText: in.s2 + "\n", Lines: []string{"-" + in.s2, in.s1}}}
	var exit *int
	if in.flag {
		exit = &in.n1
	}
	calls := []cards.CallView{
		cards.GenericCall{Title: in.s1, Kind: cards.ToolCallKind(in.s2), RawInput: in.raw, Content: blocks, Locations: locs},
		cards.GenericCall{Title: in.s1, Kind: cards.KindRead, Locations: locs},
		cards.TerminalCall{Title: in.s1, Description: in.s2},
		cards.DiffCall{Title: in.s1, Diffs: diffs, Locations: locs},
		&cards.TerminalCall{Title: in.s1},
		nil,
	}
	results := []cards.ResultView{
		cards.GenericResult{Title: in.s1, Content: blocks},
		cards.TerminalResult{Output: in.s1, ExitCode: exit, Signal: in.s2},
		cards.DiffResult{Diffs: diffs},
		cards.DiffResult{Diffs: hunks},
		cards.ReadResult{Path: in.s1, Offset: in.n1, Lines: []cards.ReadLine{{Number: 1}, {Number: in.n2}}, TotalLines: in.n2, Content: blocks},
		cards.ReadResult{Path: "a.go", Offset: in.n1, TotalLines: in.n2},
		cards.SearchMatches{Total: in.n1, Files: []cards.SearchFile{{Path: in.s1, Matches: []cards.SearchMatch{{LineNumber: in.n2}}}}},
		cards.SearchMatches{Total: 1, Files: []cards.SearchFile{{Path: "a.go", Matches: []cards.SearchMatch{{LineNumber: 1}, {LineNumber: in.n2}}}}},
		cards.SearchPaths{Total: in.n1, Paths: []string{in.s1}},
		cards.WebSearch{Answer: in.s1, Sources: []cards.WebSource{{URL: "https://a"}, {URL: in.s2}}},
		cards.WebFetch{URL: in.s1, StatusCode: in.n1},
		&cards.GenericResult{},
		nil,
	}
	return calls, results
}

// errText is an error's message, "" for nil.
func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// requireCheckIsRoundTrip checks that CheckCall and CheckResult say what
// encoding and decoding say, error for error.
func requireCheckIsRoundTrip(t *testing.T, in checkInput) {
	t.Helper()
	calls, results := checkViews(in)
	for _, v := range calls {
		data, err := cards.EncodeCall(v)
		if err == nil {
			_, err = cards.DecodeCall(data)
		}
		require.Equal(t, errText(err), errText(cards.CheckCall(v)), "%#v", v)
	}
	for _, v := range results {
		data, err := cards.EncodeResult(v)
		if err == nil {
			_, err = cards.DecodeResult(data)
		}
		require.Equal(t, errText(err), errText(cards.CheckResult(v)), "%#v", v)
	}
}

// checkSeeds reach every check, passing and failing.
var checkSeeds = []checkInput{
	{s1: "a.go", s2: "read", n1: 1, n2: 2},
	{s1: "a.go", s2: "", n1: 0, n2: 0},
	{s1: "", s2: "read", n1: 1, n2: 1},
	{s1: "a.go", s2: "popup", n1: 1, n2: 1},
	{s1: "a.go", s2: "read", n1: -1, n2: 1},
	{s1: "a.go", s2: "read", n1: 1, n2: -3},
	{s1: "a.go", s2: "read", n1: 3, n2: 0},
	{s1: "a.go", s2: "SIGINT", n1: 0, n2: 1, flag: true},
	{s1: "a.go", s2: "", n1: 2, n2: 1, flag: true},
	{s1: "a.go", s2: "reasoning", n1: 1, n2: 1, raw: []byte(`{"type":"reasoning","text":"hm"}`)},
	{s1: "a.go", s2: "reasoning", n1: 1, n2: 1, raw: []byte(`{"type":"text"}`)},
	{s1: "a.go", s2: "reasoning", n1: 1, n2: 1, raw: []byte(`{"type":"x","a":1,"a":2}`)},
	{s1: "a.go", s2: "reasoning", n1: 1, n2: 1, raw: []byte(`[1]`)},
	{s1: "a.go", s2: "reasoning", n1: 1, n2: 1, raw: []byte(`{"type":`)},
	{s1: "a.go", s2: "text", n1: 1, n2: 1, flag: true},
	{s1: "a.go", s2: "", n1: 1, n2: 1, flag: true, raw: []byte(`  `)},
	{s1: "a\xffb", s2: "re\xffad", n1: 1, n2: 1},
	{s1: "<&>", s2: "fetch", n1: 200, n2: 7, raw: []byte(` {"q" : "<&>"} `)},
	{s1: "+fetch", s2: "fetch", n1: 1, n2: 1},
	{s1: `\ No newline at end of file`, s2: "fetch", n1: 1, n2: 1},
	{s1: "", s2: "fetch", n1: 1, n2: 1, flag: true},
}

func TestCheckIsTheRoundTrip(t *testing.T) {
	for _, in := range checkSeeds {
		requireCheckIsRoundTrip(t, in)
	}
}

func TestCheckRejectsInvalidViews(t *testing.T) {
	require.ErrorIs(t, cards.CheckCall(cards.DiffCall{Diffs: []cards.FileDiff{{}}}), cards.ErrInvalidValue)
	old := "a\n"
	require.ErrorIs(t, cards.CheckResult(cards.DiffResult{Diffs: []cards.FileDiff{{Path: "a", OldText: &old, NewText: "b\n", Lines: []string{"-a", "b"}}}}), cards.ErrInvalidValue)
	require.NoError(t, cards.CheckResult(cards.DiffResult{Diffs: []cards.FileDiff{{Path: "a", OldText: &old, NewText: "b\n", Lines: []string{"-a", "+b"}}}}))
	require.ErrorIs(t, cards.CheckCall(nil), cards.ErrNotObject)
	require.ErrorIs(t, cards.CheckCall(cards.GenericCall{Kind: "popup"}), cards.ErrInvalidValue)
	require.ErrorIs(t, cards.CheckResult(cards.TerminalResult{ExitCode: new(int), Signal: "KILL"}), cards.ErrExclusive)
	require.ErrorIs(t, cards.CheckResult(cards.GenericResult{Content: []cards.ContentBlock{cards.OpaqueBlock{Type: "text"}}}), cards.ErrMissingField)
	require.Error(t, cards.CheckCall(cards.GenericCall{RawInput: json.RawMessage(`{`)}))
	require.NoError(t, cards.CheckCall(cards.GenericCall{Kind: cards.KindEdit, RawInput: json.RawMessage(`{"a":1}`)}))
}

func FuzzCheckIsTheRoundTrip(f *testing.F) {
	for _, in := range checkSeeds {
		f.Add(in.s1, in.s2, in.n1, in.n2, in.raw, in.flag)
	}
	f.Fuzz(func(t *testing.T, s1, s2 string, n1, n2 int, raw []byte, flag bool) {
		requireCheckIsRoundTrip(t, checkInput{s1: s1, s2: s2, n1: n1, n2: n2, raw: raw, flag: flag})
	})
}
