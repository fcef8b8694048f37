package render

import (
	"testing"

	"github.com/charmbracelet/colorprofile"
	"github.com/stretchr/testify/assert"

	"github.com/cardtui/cardtui/render/markdown"
	"github.com/cardtui/cardtui/render/style"
	"github.com/cardtui/cardtui/termsafe"
)

// TestGlamourOutputIsNeutralised: glamour decodes character references
// into controls; none reaches what MarkdownText returns, in colour or not.
func TestGlamourOutputIsNeutralised(t *testing.T) {
	md := "t &#x1b;]0;PWNED&#7; `&#27;[2J` [a](https://a.example/) &#x202E; &#13;"
	for _, p := range []colorprofile.Profile{colorprofile.TrueColor, colorprofile.NoTTY} {
		o := style.Options{Width: 80, Profile: p, Terminal: true, Hyperlinks: true}
		for _, line := range markdown.Text(md, 80, o) {
			assert.Equal(t, line, termsafe.NeutralizeRendered(line), "nothing is left to neutralise")
			assert.NotContains(t, line, "\x1b]0")
			assert.NotContains(t, line, "\x07PWNED")
		}
		assert.Contains(t, finishLine(markdown.Text(md, 80, o)[0], o), "&#x1b;]0;PWNED&#7;")
	}
}
