package syntax

import (
	"github.com/alecthomas/chroma/v2"
	chromastyles "github.com/alecthomas/chroma/v2/styles"

	"github.com/cardtui/cardtui/render/style"
)

// The chroma styles of the two themes are GitHub's light and dark ones,
// registered under names of their own with one change: chroma's Error
// token — what a lexer could not place, such as the "|" of a TypeScript
// union type in a generic's arguments — is plain text. GitHub's styles
// draw it as a red error (a red box in the light one), which reads as a
// mistake in code that has none.
var themeNames = [...]string{style.Dark: "cardtui-github-dark", style.Light: "cardtui-github"}

func init() {
	chromastyles.Register(plainErrors(themeNames[style.Dark], chromastyles.Get("github-dark")))
	chromastyles.Register(plainErrors(themeNames[style.Light], chromastyles.Get("github")))
}

// plainErrors is base, named name, with the Error token drawn as the
// style's plain text: its Text colour, no background, nothing inherited.
func plainErrors(name string, base *chroma.Style) *chroma.Style {
	plain := chroma.StyleEntry{Colour: base.Get(chroma.Text).Colour, NoInherit: true}
	s, err := base.Builder().AddEntry(chroma.Error, plain).Build()
	if err != nil {
		// Entries written by String parse again.
		panic("syntax: building the " + name + " style: " + err.Error())
	}
	s.Name = name
	return s
}

// ChromaTheme names the chroma style used for code in a theme.
func ChromaTheme(t style.Theme) string {
	if t == style.Light {
		return themeNames[style.Light]
	}
	return themeNames[style.Dark]
}
