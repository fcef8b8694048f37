// Package producertest checks the views the tool producers make, in the
// tests of producers and of the agents' producers (agents/claude,
// agents/codex): that a view survives the cards codec, whether it is a
// fallback card, what its note says and which arguments it shows, and
// builds the content blocks those tests expect.
//
// It imports only cards, so that any package's tests may use it.
package producertest

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
)

// RequireCallRoundTrip requires view to be non-nil and to come back
// unchanged from cards.EncodeCall and cards.DecodeCall.
func RequireCallRoundTrip(t testing.TB, view cards.CallView) {
	t.Helper()
	require.NotNil(t, view)
	data, err := cards.EncodeCall(view)
	require.NoError(t, err)
	decoded, err := cards.DecodeCall(data)
	require.NoError(t, err, "%s", data)
	require.Equal(t, view, decoded, "%s", data)
}

// RequireResultRoundTrip requires view to be non-nil and to come back
// unchanged from cards.EncodeResult and cards.DecodeResult.
func RequireResultRoundTrip(t testing.TB, view cards.ResultView) {
	t.Helper()
	require.NotNil(t, view)
	data, err := cards.EncodeResult(view)
	require.NoError(t, err)
	decoded, err := cards.DecodeResult(data)
	require.NoError(t, err, "%s", data)
	require.Equal(t, view, decoded, "%s", data)
}

// Texts returns the text of every text block.
func Texts(blocks []cards.ContentBlock) []string {
	var out []string
	for _, b := range blocks {
		if tb, ok := b.(cards.TextBlock); ok {
			out = append(out, tb.Text)
		}
	}
	return out
}

// FallbackNote returns the note a fallback card carries, "" when the view
// has none.
func FallbackNote(view any) string {
	var content []cards.ContentBlock
	switch v := view.(type) {
	case cards.GenericCall:
		content = v.Content
	case cards.GenericResult:
		content = v.Content
	}
	for _, s := range Texts(content) {
		if strings.HasPrefix(s, "could not present") {
			return s
		}
	}
	return ""
}

// RequireFallbackNote requires view to be a fallback card whose note
// mentions each of the given fragments.
func RequireFallbackNote(t testing.TB, view any, fragments ...string) {
	t.Helper()
	note := FallbackNote(view)
	require.NotEmpty(t, note, "no fallback note in %#v", view)
	for _, f := range fragments {
		require.Contains(t, note, f)
	}
}

// RequireNoFallback requires view not to be a fallback card.
func RequireNoFallback(t testing.TB, view any) {
	t.Helper()
	require.Empty(t, FallbackNote(view), "unexpected fallback: %#v", view)
}

// Blocks is content of one plain text block per text.
func Blocks(texts ...string) []cards.ContentBlock {
	var out []cards.ContentBlock
	for _, s := range texts {
		out = append(out, cards.TextBlock{Text: s})
	}
	return out
}

// MarkdownBlocks is content of one Markdown block per text.
func MarkdownBlocks(texts ...string) []cards.ContentBlock {
	var out []cards.ContentBlock
	for _, s := range texts {
		out = append(out, cards.TextBlock{Text: s, Markdown: true})
	}
	return out
}

// Preformatted is content of one preformatted text block in lang.
func Preformatted(lang, s string) []cards.ContentBlock {
	return []cards.ContentBlock{cards.TextBlock{Text: s, Lang: lang}}
}

// JSONObject decodes a JSON object with its keys as they are, and fails t
// when s is not one.
func JSONObject(t testing.TB, s string) map[string]any {
	t.Helper()
	var m map[string]any
	require.NoError(t, json.Unmarshal([]byte(s), &m))
	return m
}

// ShownArguments are the arguments a fallback card shows: its raw input
// and its code-like arguments, each a "key:" text and a code block.
func ShownArguments(t testing.TB, g cards.GenericCall) map[string]any {
	t.Helper()
	shown := map[string]any{}
	if g.RawInput != nil {
		shown = JSONObject(t, string(g.RawInput))
	}
	for i := 0; i+1 < len(g.Content); i++ {
		label, isText := g.Content[i].(cards.TextBlock)
		value, isCode := g.Content[i+1].(cards.TextBlock)
		if key, ok := strings.CutSuffix(label.Text, ":"); isText && isCode && ok && label.Lang == "" && !label.Markdown {
			shown[key] = value.Text
			i++
		}
	}
	return shown
}

// Caller presents tool calls: a producers.Registry is one.
type Caller interface {
	Call(tool string, args []byte) cards.CallView
}

// Call presents a call through reg, requiring it to be pure (the same
// call gives the same view twice) and the view to survive the cards codec
// unchanged (RequireCallRoundTrip).
func Call(t testing.TB, reg Caller, tool, args string) cards.CallView {
	t.Helper()
	view := reg.Call(tool, []byte(args))
	require.Equal(t, view, reg.Call(tool, []byte(args)), "the same call gave two views")
	RequireCallRoundTrip(t, view)
	return view
}

// RequireAmbiguousFallback requires view, presented for args with the
// problem Present gave, to be the fallback card of arguments whose keys
// two JSON decoders read differently: the problem mentions reason, the
// card shows every key of args, and its title is not notDrawn (when
// notDrawn is not ""), the title one decoder would draw.
func RequireAmbiguousFallback(t testing.TB, view cards.CallView, problem error, args, reason, notDrawn string) {
	t.Helper()
	assert.Contains(t, problem.Error(), reason)
	g, ok := view.(cards.GenericCall)
	require.True(t, ok, "the fallback card, not %T", view)
	assert.Equal(t, JSONObject(t, args), ShownArguments(t, g), "the card shows every key")
	if notDrawn != "" {
		assert.NotEqual(t, notDrawn, g.Title)
	}
}
