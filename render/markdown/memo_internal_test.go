package markdown

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/render/style"
)

// TestMarkdownRendererRemembersItsOutput: a text rendered before comes
// back as glamour rendered it, without glamour; a renderer that has
// remembered renderedLimit bytes forgets all before it remembers more,
// and never remembers a text larger than that.
func TestMarkdownRendererRemembersItsOutput(t *testing.T) {
	// A renderer of its own, so that a run of the test (-count) does not
	// find what an earlier one remembered.
	r := &markdownRenderer{tr: cachedRenderer(37, style.Light, false).tr, rendered: map[string]string{}}
	t.Cleanup(func() { rememberedBytes.Add(-int64(r.renderedBytes)) })
	md := "# Memo\n\nA *remembered* paragraph, `code` and a [link](https://example.com).\n"
	want, err := r.tr.Render(md)
	require.NoError(t, err)
	first, ok := r.render(md)
	require.True(t, ok)
	assert.Equal(t, want, first)
	r.mu.Lock()
	r.rendered[md] = "remembered"
	r.mu.Unlock()
	again, ok := r.render(md)
	require.True(t, ok)
	assert.Equal(t, "remembered", again, "the second render is the remembered output")

	fresh := &markdownRenderer{tr: r.tr, rendered: map[string]string{}}
	other := &markdownRenderer{tr: r.tr, rendered: map[string]string{}}
	before := rememberedBytes.Load()
	t.Cleanup(func() { rememberedBytes.Add(-int64(fresh.renderedBytes + other.renderedBytes)) })
	fresh.remember("a", "b")
	huge := strings.Repeat("x", renderedLimit+1) // and its prefixes: one 8 MiB text built, not two
	fresh.remember(huge, "")
	assert.Empty(t, fresh.rendered, "a text larger than the limit is not kept, and the renderer forgot all first")
	assert.Equal(t, before, rememberedBytes.Load())
	other.remember("c", "d")
	fresh.remember(huge[:renderedLimit-int(rememberedBytes.Load())], "")
	assert.Len(t, fresh.rendered, 1, "what fits the limit of all the renderers is kept")
	assert.EqualValues(t, renderedLimit, rememberedBytes.Load())
	other.remember("e", "f")
	assert.Equal(t, map[string]string{"e": "f"}, other.rendered, "a renderer forgets all it has when the renderers are full")
	assert.EqualValues(t, renderedLimit, rememberedBytes.Load())
	fresh.remember("g", "h")
	assert.Equal(t, map[string]string{"g": "h"}, fresh.rendered)
	assert.Equal(t, before+4, rememberedBytes.Load(), "e, f, g and h")
}
