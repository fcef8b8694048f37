package viewer

import (
	"strings"
	"testing"

	"github.com/charmbracelet/colorprofile"
	"github.com/stretchr/testify/assert"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/render"
)

// streamOpts are the options the stream tests draw with.
func streamOpts() render.Options {
	o := render.DefaultOptions()
	o.Width, o.Profile = 60, colorprofile.TrueColor
	return o
}

func TestStreamedMessageDrawsAsWhole(t *testing.T) {
	text := "First paragraph, with **bold** text.\n\n```go\nfunc f() {\n\n\treturn\n}\n```\n\n- a list\n- of items\n\nLast paragraph that is still being written"
	o := streamOpts()
	var ss streams
	for end := 1; end <= len(text); end += 7 {
		ss.draw(0, cards.Message{Role: cards.RoleAssistant, Text: text[:end]}, o)
	}
	got := ss.draw(0, cards.Message{Role: cards.RoleAssistant, Text: text}, o).Lines()
	assert.Equal(t, render.Draw(cards.Message{Role: cards.RoleAssistant, Text: text}, o).Lines(), got,
		"a message streamed a chunk at a time draws as the whole message does")
	assert.Len(t, ss, 1)
	assert.Equal(t, "First paragraph, with **bold** text.\n\n```go\nfunc f() {\n\n\treturn\n}\n```\n\n- a list\n- of items\n\n", ss[0].prefix,
		"the complete paragraphs are kept; a blank line inside a code fence ends none")
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
	assert.LessOrEqual(t, len(ss), maxStreams)
}

func TestStreamsAreBounded(t *testing.T) {
	o := streamOpts()
	var ss streams
	for i := range 10 {
		ss.draw(i, cards.Message{Role: cards.RoleAssistant, Text: strings.Repeat("x\n\n", i+1)}, o)
	}
	assert.Len(t, ss, maxStreams)
	assert.Equal(t, 9, ss[0].index, "the last drawn first")
}
