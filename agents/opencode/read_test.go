package opencode_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/agents/opencode"
	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/producertest"
	"github.com/cardtui/cardtui/producers"
)

// TestReadWithoutDisplayMeta: a read opencode 1.15 recorded with no
// display metadata, whose output wraps the numbered lines in <path>,
// <type> and <content> and ends with a note of the lines shown, is the
// read card of those lines, without the wrapper.
func TestReadWithoutDisplayMeta(t *testing.T) {
	output := "<path>C:\\w\\plan.md</path>\n<type>file</type>\n<content>\n28: \n29: ## Tech\n30: a: b\n\n" +
		"(Showing lines 28-30 of 58. Use offset=31 to continue.)\n</content>"
	view := opencode.Tools().Result("read", []byte(`{"filePath":"C:\\w\\plan.md","offset":28,"limit":3}`),
		producers.Result{Content: producertest.Blocks(output), Meta: []byte(`{"preview":"x"}`)})
	read, ok := view.(cards.ReadResult)
	require.True(t, ok, "%T", view)
	assert.Equal(t, cards.ReadResult{Path: `C:\w\plan.md`, Offset: 28, TotalLines: 58, Lines: []cards.ReadLine{
		{Number: 28, Text: ""}, {Number: 29, Text: "## Tech"}, {Number: 30, Text: "a: b"},
	}}, read)

	whole := "<path>/w/a.go</path>\n<type>file</type>\n<content>\n1: package a\n\n(End of file - total 1 lines)\n</content>"
	view = opencode.Tools().Result("read", []byte(`{"filePath":"/w/a.go"}`), producers.Result{Content: producertest.Blocks(whole)})
	assert.Equal(t, cards.ReadResult{Path: "/w/a.go", Offset: 1, TotalLines: 1, Lines: []cards.ReadLine{{Number: 1, Text: "package a"}}}, view)

	empty := "<path>/w/e.txt</path>\n<type>file</type>\n<content>\n\n\n(End of file - total 0 lines)\n</content>"
	view = opencode.Tools().Result("read", []byte(`{"filePath":"/w/e.txt"}`), producers.Result{Content: producertest.Blocks(empty)})
	assert.Equal(t, cards.ReadResult{Path: "/w/e.txt", Offset: 1}, view)

	dir := "<path>/w</path>\n<type>directory</type>\n<entries>\na.go\n</entries>"
	view = opencode.Tools().Result("read", []byte(`{"filePath":"/w"}`), producers.Result{Content: producertest.Blocks(dir)})
	assert.IsType(t, cards.GenericResult{}, view, "not a file's lines: as it is")
}
