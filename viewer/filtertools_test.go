package viewer

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/cardtui/cardtui/cards"
)

// toolCards are cards of the tools Read, Bash, Glob, Grep and WebFetch.
func toolCards() []cards.Entry {
	var entries []cards.Entry
	for _, tool := range []string{"Read", "Bash", "Glob", "Grep", "WebFetch", "Read"} {
		entries = append(entries, cards.ToolCard{ID: tool + "1", Tool: tool, Call: cards.GenericCall{Title: tool + " call"}, Result: cards.GenericResult{}})
	}
	return append(entries, cards.Message{Role: cards.RoleUser, Text: "question"})
}

func TestFilterPromptListsTheToolsOfTheSession(t *testing.T) {
	m := newModel(100, 20, toolCards()...)
	m, _ = press(t, m, "f")
	assert.Contains(t, statusRow(m), "filter tools:    tab: Bash Glob Grep Read WebFetch")
	assert.Contains(t, screenRows(m)[m.contentHeight()+1], "tab complete")
	m = typeText(t, m, "g")
	assert.Contains(t, statusRow(m), "filter tools: g   tab: Glob Grep", "the tools starting with what is typed")
	m, _ = press(t, m, "backspace")
	m = typeText(t, m, "fet")
	assert.Contains(t, statusRow(m), "tab: WebFetch", "else those containing it")
}

func TestFilterPromptCompletesToolNamesWithTab(t *testing.T) {
	m := newModel(100, 20, toolCards()...)
	m, _ = press(t, m, "f")
	m = typeText(t, m, "r")
	m, _ = press(t, m, "tab")
	assert.Equal(t, "Read", m.prompt.input, "the one tool starting with r")
	m = typeText(t, m, ", g")
	m, _ = press(t, m, "tab")
	assert.Equal(t, "Read, Glob", m.prompt.input, "Glob and Grep share no more than g: each in turn")
	m, _ = press(t, m, "tab")
	assert.Equal(t, "Read, Grep", m.prompt.input)
	m, _ = press(t, m, "tab")
	assert.Equal(t, "Read, Glob", m.prompt.input)
	m, _ = press(t, m, "enter")
	assert.Equal(t, 3, m.shownCount(), "two reads and a glob")
	assert.Equal(t, "Read, Glob", m.filter.query)
}

func TestCompleteToWhatTheToolsShare(t *testing.T) {
	tools := []string{"Read", "ReadFile", "Grep"}
	input, cycle := complete("r", tools, nil)
	assert.Equal(t, "Read", input, "what Read and ReadFile share")
	input, cycle = complete(input, tools, cycle)
	assert.Equal(t, "ReadFile", input, "then each in turn")
	input, _ = complete(input, tools, cycle)
	assert.Equal(t, "Read", input)
	input, _ = complete("bash,gr", tools, nil)
	assert.Equal(t, "bash,Grep", input)
	input, _ = complete("zz", tools, nil)
	assert.Equal(t, "zz", input, "nothing to complete")
}

func TestFilterByAnUnknownToolSaysWhichToolsThereAre(t *testing.T) {
	m := newModel(120, 20, toolCards()...)
	m, _ = press(t, m, "f")
	m = typeText(t, m, "edit")
	m, _ = press(t, m, "enter")
	assert.False(t, m.filter.active(), "no filter that shows no card")
	assert.Contains(t, statusRow(m), "no card of tool edit; tools here: Bash, Glob, Grep, Read, WebFetch")
	assert.Contains(t, cardArea(m)[0], "Read call", "the cards stay on screen")

	m, _ = press(t, m, "f")
	m = typeText(t, m, "bash edit")
	m, _ = press(t, m, "enter")
	assert.Equal(t, 1, m.shownCount(), "the names that show cards filter")
	assert.Contains(t, statusRow(m), "no card of tool edit")
}

func TestFilterPromptWithoutToolCards(t *testing.T) {
	m := newModel(80, 20, cards.Message{Role: cards.RoleUser, Text: "question"})
	m, _ = press(t, m, "f")
	assert.Contains(t, statusRow(m), "no tool cards here")
	m = typeText(t, m, "read")
	m, _ = press(t, m, "enter")
	assert.Contains(t, statusRow(m), "no card of tool read; tools here: none")
}
