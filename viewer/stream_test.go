package viewer

import (
	"strings"
	"testing"

	"github.com/charmbracelet/colorprofile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/render"
)

// streamOpts are the options the stream tests draw with.
func streamOpts() render.Options {
	o := render.DefaultOptions()
	o.Width, o.Profile = 60, colorprofile.TrueColor
	return o
}

// streamChunks draws text as a message streamed 7 bytes at a time and
// returns the drawing of the whole text, composed from its parts.
func streamChunks(ss *streams, text string, o render.Options) []string {
	for end := 1; end < len(text); end += 7 {
		ss.draw(0, cards.Message{Role: cards.RoleAssistant, Text: text[:end]}, o)
	}
	return ss.draw(0, cards.Message{Role: cards.RoleAssistant, Text: text}, o).Lines()
}

func TestStreamedMessageDrawsAsWhole(t *testing.T) {
	for name, text := range map[string]string{
		"paragraphs and a list":  "First paragraph, with **bold** text.\n\n- a list\n- of items\n\nLast paragraph that is still being written",
		"a code block":           "Here:\n\n```go\nfunc f() {\n\n\treturn 1\n}\n```\n\nThat was the code.",
		"a reply ending in code": "```sh\nls -l\ncd /tmp\n",
	} {
		t.Run(name, func(t *testing.T) {
			o := streamOpts()
			var ss streams
			got := streamChunks(&ss, text, o)
			whole := render.Draw(cards.Message{Role: cards.RoleAssistant, Text: text}, o).Lines()
			assert.Equal(t, whole, got, "a message streamed a chunk at a time draws as the whole message does")
			require.Len(t, ss.kept, 1)
			assert.NotEmpty(t, ss.kept[0].prefix, "complete parts are kept")
			assert.Equal(t, whole, ss.draw(0, cards.Message{Role: cards.RoleAssistant, Text: text}, o).Lines())
			assert.Empty(t, ss.kept, "sent again unchanged, the message is complete: drawn whole, its stream forgotten")
		})
	}
}

func TestCutPoints(t *testing.T) {
	for _, c := range []struct {
		text, fence string
		cut         int
		after       string
	}{
		{"one\n\ntwo", "", len("one\n\n"), ""},
		{"no break yet\n", "", 0, ""},
		{"```go\na\nb\nc", "", len("```go\na\n"), "```go"},
		{"a\n```\n\nnext", "```go", len("a\n```\n\n"), ""},
		{"a\n```\n", "```go", 0, ""},
		{"x\n\n```\n\ny\n", "", len("x\n\n```\n\n"), "```"},
	} {
		cut, fence := cutPoint(c.text, c.fence)
		assert.Equal(t, c.cut, cut, "%q", c.text)
		assert.Equal(t, c.after, fence, "%q", c.text)
	}
}

func TestStreamRestartsWhenTheTextChanges(t *testing.T) {
	o := streamOpts()
	var ss streams
	ss.draw(0, cards.Message{Role: cards.RoleAssistant, Text: "one\n\ntwo"}, o)
	got := ss.draw(0, cards.Message{Role: cards.RoleAssistant, Text: "other\n\ntext"}, o).Lines()
	assert.Equal(t, render.Draw(cards.Message{Role: cards.RoleAssistant, Text: "other\n\ntext"}, o).Lines(), got)
	wide := o
	wide.Width = 90
	got = ss.draw(0, cards.Message{Role: cards.RoleAssistant, Text: "other\n\ntext and more"}, wide).Lines()
	assert.Equal(t, render.Draw(cards.Message{Role: cards.RoleAssistant, Text: "other\n\ntext and more"}, wide).Lines(), got,
		"new options draw afresh")
	user := cards.Message{Role: cards.RoleUser, Text: "a\n\nb"}
	assert.Equal(t, render.Draw(user, o).Lines(), ss.draw(1, user, o).Lines(), "only assistant text streams")
	assert.LessOrEqual(t, len(ss.kept), maxStreams)
}

func TestStreamsAreBounded(t *testing.T) {
	o := streamOpts()
	var ss streams
	for i := range 10 {
		ss.draw(i, cards.Message{Role: cards.RoleAssistant, Text: strings.Repeat("x\n\n", i+1)}, o)
	}
	assert.Len(t, ss.kept, maxStreams)
	assert.Equal(t, 9, ss.kept[0].index, "the last drawn first")
}
