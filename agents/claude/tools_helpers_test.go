package claude_test

// The helpers of the tests of the Claude Code producers (tools*_test.go).

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
)

func requireCallRoundTrip(t testing.TB, view cards.CallView) {
	t.Helper()
	require.NotNil(t, view)
	data, err := cards.EncodeCall(view)
	require.NoError(t, err)
	decoded, err := cards.DecodeCall(data)
	require.NoError(t, err, "%s", data)
	require.Equal(t, view, decoded, "%s", data)
}

func requireResultRoundTrip(t testing.TB, view cards.ResultView) {
	t.Helper()
	require.NotNil(t, view)
	data, err := cards.EncodeResult(view)
	require.NoError(t, err)
	decoded, err := cards.DecodeResult(data)
	require.NoError(t, err, "%s", data)
	require.Equal(t, view, decoded, "%s", data)
}

// texts returns the text of every text block.
func texts(blocks []cards.ContentBlock) []string {
	var out []string
	for _, b := range blocks {
		if tb, ok := b.(cards.TextBlock); ok {
			out = append(out, tb.Text)
		}
	}
	return out
}

// fallbackNote returns the note a fallback card carries, "" when the view
// has none.
func fallbackNote(view any) string {
	var content []cards.ContentBlock
	switch v := view.(type) {
	case cards.GenericCall:
		content = v.Content
	case cards.GenericResult:
		content = v.Content
	}
	for _, s := range texts(content) {
		if strings.HasPrefix(s, "could not present") {
			return s
		}
	}
	return ""
}

// requireFallbackNote requires view to be a fallback card whose note
// mentions each of the given fragments.
func requireFallbackNote(t *testing.T, view any, fragments ...string) {
	t.Helper()
	note := fallbackNote(view)
	require.NotEmpty(t, note, "no fallback note in %#v", view)
	for _, f := range fragments {
		require.Contains(t, note, f)
	}
}

// requireNoFallback requires view not to be a fallback card.
func requireNoFallback(t *testing.T, view any) {
	t.Helper()
	require.Empty(t, fallbackNote(view), "unexpected fallback: %#v", view)
}

func ptr[T any](v T) *T { return &v }

// blocks is content of text blocks.
func blocks(texts ...string) []cards.ContentBlock {
	var out []cards.ContentBlock
	for _, s := range texts {
		out = append(out, cards.TextBlock{Text: s})
	}
	return out
}

// mdBlocks is content of one Markdown block per text.
func mdBlocks(texts ...string) []cards.ContentBlock {
	var out []cards.ContentBlock
	for _, s := range texts {
		out = append(out, cards.TextBlock{Text: s, Markdown: true})
	}
	return out
}

// preformatted is content of one preformatted text block in lang.
func preformatted(lang, s string) []cards.ContentBlock {
	return []cards.ContentBlock{cards.TextBlock{Text: s, Lang: lang}}
}
