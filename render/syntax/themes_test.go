package syntax_test

import (
	"testing"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"
	chromastyles "github.com/alecthomas/chroma/v2/styles"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/render/style"
	"github.com/cardtui/cardtui/render/syntax"
)

// TestLexerErrorsArePlainText: what a lexer cannot place (the "|" of a
// TypeScript union in a generic's arguments) is an Error token, which each
// theme's style draws as its plain text, without GitHub's red or red box;
// every other token keeps GitHub's colours.
func TestLexerErrorsArePlainText(t *testing.T) {
	tokens, err := lexers.Get("typescript").Tokenise(nil, "const [e, setE] = useState<Employee | null>(null);\n")
	require.NoError(t, err)
	var sawError bool
	for _, tok := range tokens.Tokens() {
		sawError = sawError || tok.Type == chroma.Error
	}
	require.True(t, sawError, "chroma's TypeScript lexer still gives an Error token here")
	for theme, base := range map[style.Theme]string{style.Dark: "github-dark", style.Light: "github"} {
		s := chromastyles.Get(syntax.ChromaTheme(theme))
		require.Equal(t, syntax.ChromaTheme(theme), s.Name, "registered")
		e := s.Get(chroma.Error)
		assert.False(t, e.Background.IsSet(), theme.String())
		assert.Equal(t, s.Get(chroma.Text).Colour, e.Colour, theme.String())
		assert.Equal(t, chromastyles.Get(base).Get(chroma.Keyword), s.Get(chroma.Keyword), theme.String())
	}
}
