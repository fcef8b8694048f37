package syntax

import (
	"fmt"
	"strings"
	"testing"

	"github.com/alecthomas/chroma/v2/lexers"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/internal/testkit"
)

func TestCodeLexerIsLookedUpOncePerLanguage(t *testing.T) {
	codeLanguages.mu.Lock()
	codeLanguages.byKey = nil // forget what earlier tests (or runs of this one) looked up
	codeLanguages.mu.Unlock()
	ForLanguage("no-such-language")
	before := codeLanguages.lookups
	for range 3 {
		assert.Equal(t, lexers.Fallback.Config().Name, ForLanguage("no-such-language").Config().Name)
		assert.Equal(t, "Haskell", ForLanguage("haskell").Config().Name)
	}
	assert.Equal(t, before+1, codeLanguages.lookups, "haskell is looked up once, the unknown language not again")
}

func TestLexerCache(t *testing.T) {
	ForPath("first.go")
	before := pathLexers.lookups
	for i := range 10 {
		ForPath(fmt.Sprintf("dir%d/file%d.go", i, i))
	}
	assert.Equal(t, before, pathLexers.lookups, "names with the same extensions are looked up once")
	assert.Equal(t, "*.go", lexerKey("main.go"))
	assert.Equal(t, "*.test.js", lexerKey("app.test.js"))
	assert.Equal(t, ".bashrc", lexerKey(".bashrc"))
	assert.Equal(t, "*.bashrc", lexerKey("x.bashrc"))
	assert.Equal(t, "Makefile.am", lexerKey("Makefile.am"))
	assert.Equal(t, "README", lexerKey("README"))
}

// TestLexerKeyAgreesWithChroma checks lexerKey's premise on chroma's own
// patterns, and that the cached lexer is the one lexers.Match finds for
// names built from every pattern that does not start with "*" and from
// one in eight of the others (lexers.Match costs a millisecond).
func TestLexerKeyAgreesWithChroma(t *testing.T) {
	testkit.SkipLong(t, "matches thousands of names against every chroma pattern")
	instantiate := strings.NewReplacer("*", "name", "?", "a", "[", "", "]", "")
	var names []string
	for i, glob := range lexerGlobs() {
		name := instantiate.Replace(glob)
		switch {
		case !strings.HasPrefix(glob, "*"):
			names = append(names, name, "x."+name, name+".bak")
		case i%8 == 0:
			names = append(names, name, "x."+name)
		}
		if strings.HasPrefix(glob, "*") {
			require.True(t, strings.HasPrefix(glob, "*.") && !strings.Contains(glob[1:], "*"),
				"pattern %q: every pattern starting with * is *.suffix", glob)
		}
	}
	for _, name := range names {
		want := lexers.Match(name)
		if want != nil && want.Config().Name == "plaintext" {
			want = nil
		}
		got := ForPath(name)
		require.Equal(t, want == nil, got == nil, "%q", name)
		if want != nil {
			require.Equal(t, want.Config().Name, got.Config().Name, "%q", name)
		}
	}
}

// TestLongNamesFindNoLexer: a file or language name past maxLexerName is
// not looked up (chroma would try it against every filename pattern).
func TestLongNamesFindNoLexer(t *testing.T) {
	long := strings.Repeat("a*", maxLexerName)
	assert.Nil(t, ForPath("/tmp/"+long+".go"))
	assert.Equal(t, lexers.Fallback, ForLanguage(long))
	assert.NotNil(t, ForPath("/tmp/main.go"), "an ordinary name still finds its lexer")
}
