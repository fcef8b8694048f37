package markdown

import (
	"strings"
	"testing"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"

	"github.com/cardtui/cardtui/render/style"
)

func TestPlainCodeIsNotHighlighted(t *testing.T) {
	code := "func f() {\n\treturn 1\n}"
	plain, ok := HighlightLines(code, "go", style.Options{Profile: colorprofile.NoTTY})
	assert.True(t, ok)
	assert.Equal(t, strings.Split(code, "\n"), plain)
	styled, ok := HighlightLines(code, "go", style.Options{Profile: colorprofile.TrueColor})
	assert.True(t, ok)
	assert.Contains(t, styled[0], "\x1b[", "coloured output is highlighted")
	assert.Equal(t, "func f() {", ansi.Strip(styled[0]))
}
