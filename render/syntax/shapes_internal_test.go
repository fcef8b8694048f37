package syntax

import (
	"strings"
	"testing"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"
	"github.com/stretchr/testify/assert"

	"github.com/cardtui/cardtui/internal/testkit"
)

func TestShapesOfPatterns(t *testing.T) {
	for glob, want := range map[string]globShape{
		"*.go":         {glob: "*.go", runs: []string{".go"}},
		"Makefile":     {glob: "Makefile", prefix: "Makefile", runs: []string{"Makefile"}},
		"Makefile.*":   {glob: "Makefile.*", prefix: "Makefile.", runs: []string{"Makefile."}},
		"*.[1-9]":      {glob: "*.[1-9]", runs: []string{"."}},
		"*.php[345]":   {glob: "*.php[345]", runs: []string{".php"}},
		"?akefile":     {glob: "?akefile", runs: []string{"akefile"}},
		`a\*b`:         {glob: `a\*b`, prefix: "a", runs: []string{"a"}},
		`x[a\]]y`:      {glob: `x[a\]]y`, prefix: "x", runs: []string{"x"}},
		"*.tar.gz":     {glob: "*.tar.gz", runs: []string{".tar.gz"}},
		"[Mm]akefile*": {glob: "[Mm]akefile*", runs: []string{"akefile"}},
	} {
		assert.Equal(t, want, shapeOf(glob), glob)
	}
}

// nameOf is a lexer's name, "" for none.
func nameOf(l chroma.Lexer) string {
	if l == nil {
		return ""
	}
	return l.Config().Name
}

// assertChromasLexer checks that lookUpLanguage gives lang chroma's own
// lexer where it does not ask chroma for it: the lexer it finds by name,
// and none where no filename pattern matches.
func assertChromasLexer(t *testing.T, lang string) {
	t.Helper()
	if byName(lang) == nil && (mayMatch("filename."+lang) || mayMatch(lang)) {
		return // lookUpLanguage is lexers.Get
	}
	assert.Equal(t, nameOf(lexers.Get(lang)), nameOf(lookUpLanguage(lang)), "%q", lang)
}

// TestLanguagesAreLookedUpAsChromaDoes: a language, a file name used as
// one, a backup of it and a hostile name get the lexer chroma's own
// lookup gives.
func TestLanguagesAreLookedUpAsChromaDoes(t *testing.T) {
	for _, lang := range []string{
		"go", "Go", "GO", "golang", "py", "python3", "c++", "C#", "objective-c", "shell", "console", "diff",
		"main.go", "main.go.bak", "main.go~", "x.rs.orig", "Makefile", "Dockerfile.dev", "x.php5", "man.1",
		".bashrc", "CMakeLists.txt", "a/b/c.py", "no-such-language", "zzzz", "\x1b]8;;x\x07", "e\u0301",
	} {
		assertChromasLexer(t, lang)
	}
}

// TestEveryLexerNameIsLookedUpAsChromaDoes: every name and alias of a
// registered lexer, as it is and in capitals, the file name of every
// pattern as a language, its extension alone and with a backup's "~",
// and long names, get chroma's own lexer.
func TestEveryLexerNameIsLookedUpAsChromaDoes(t *testing.T) {
	testkit.SkipLong(t, "looks up thousands of names with chroma, a millisecond each")
	var langs []string
	for _, l := range lexers.GlobalLexerRegistry.Lexers {
		c := l.Config()
		for _, name := range append([]string{c.Name}, c.Aliases...) {
			langs = append(langs, name, strings.ToUpper(name))
		}
	}
	instantiate := strings.NewReplacer("*", "name", "?", "a", "[", "", "]", "")
	for _, glob := range lexerGlobs() {
		name := instantiate.Replace(glob)
		langs = append(langs, name, strings.TrimPrefix(name, "name."), name+"~")
	}
	langs = append(langs, strings.Repeat("q", 200), strings.Repeat("q", 199)+".c", strings.Repeat("a.", 100)+"go")
	for _, lang := range langs {
		assertChromasLexer(t, lang)
	}
}

func BenchmarkUnknownLanguage(b *testing.B) {
	long := strings.Repeat("q", 250)
	for _, lang := range []string{"zzzz", long} {
		b.Run(lang[:4]+"…", func(b *testing.B) {
			b.Run("chroma", func(b *testing.B) {
				for b.Loop() {
					lexers.Get(lang)
				}
			})
			b.Run("cardtui", func(b *testing.B) {
				for b.Loop() {
					lookUpLanguage(lang)
				}
			})
		})
	}
}

// FuzzLanguageLookup: whatever a code block names as its language, the
// lexer is the one chroma's own lookup gives.
func FuzzLanguageLookup(f *testing.F) {
	for _, seed := range []string{"go", "x.go~", "Makefile.am", "man.1.bak", "a.php5.orig", "Dockerfile", "zzzz"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, lang string) {
		if len(lang) > maxLexerName {
			return
		}
		assertChromasLexer(t, lang)
	})
}
