package syntax

import (
	"path/filepath"
	"strings"
	"sync"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"
)

// maxCachedLexers bounds the lexer cache; it is emptied when full.
const maxCachedLexers = 1024

// LexerMemo caches lexer lookups by key (nil for none), bounded to
// maxCachedLexers keys and emptied when full; lookups counts the keys that
// were not in it. Chroma's lookups try every filename pattern of every
// lexer (about a millisecond each), so each key is looked up once.
type LexerMemo struct {
	mu      sync.Mutex
	byKey   map[string]chroma.Lexer
	lookups int
}

// Get returns the cached lexer of key, calling lookup the first time.
func (m *LexerMemo) Get(key string, lookup func() chroma.Lexer) chroma.Lexer {
	m.mu.Lock()
	defer m.mu.Unlock()
	if l, ok := m.byKey[key]; ok {
		return l
	}
	l := lookup()
	if m.byKey == nil || len(m.byKey) >= maxCachedLexers {
		m.byKey = map[string]chroma.Lexer{}
	}
	m.byKey[key] = l
	m.lookups++
	return l
}

// maxLexerName bounds the file or language name a lexer is looked up
// for: chroma matches a name that is no lexer's against every filename
// pattern, which takes seconds for a name of kilobytes that a hostile log
// can give. No lexer's name or pattern is near this long.
const maxLexerName = 256

// pathLexers holds the lexers of files by lexerKey.
var pathLexers LexerMemo

// ForPath returns the lexer of a path, nil when none matches or when it
// is the plain-text one, cached by lexerKey.
func ForPath(path string) chroma.Lexer {
	name := filepath.Base(path)
	if len(name) > maxLexerName {
		return nil
	}
	return pathLexers.Get(lexerKey(name), func() chroma.Lexer {
		if !mayMatch(name) {
			return nil
		}
		l := lexers.Match(name)
		if l == nil || l.Config().Name == "plaintext" {
			return nil
		}
		return l
	})
}

// lexerKey is what chroma's filename patterns see of a base name: the
// name itself when it has no dot or starts like a pattern that does not
// start with "*" (Makefile, Dockerfile.*, .bashrc…); else "*" and its
// extensions, from its first dot on. Every other pattern is "*." and a
// suffix without "*", which matches a name when its extensions end with
// that suffix, so names with the same extensions get the same lexer. (A
// name keyed by itself cannot start with "*.": no clash.)
func lexerKey(name string) string {
	dot := strings.IndexByte(name, '.')
	if dot < 0 {
		return name
	}
	for _, prefix := range namePrefixes() {
		if strings.HasPrefix(name, prefix) {
			return name
		}
	}
	return "*" + name[dot:]
}

// namePrefixes are the literal starts of chroma's filename patterns that
// do not start with "*", built once.
var namePrefixes = sync.OnceValue(func() []string {
	var prefixes []string
	for _, glob := range lexerGlobs() {
		if !strings.HasPrefix(glob, "*") {
			prefixes = append(prefixes, glob[:strings.IndexAny(glob+"*", "*?[\\")])
		}
	}
	return prefixes
})

// lexerGlobs are the filename patterns of every registered lexer.
func lexerGlobs() []string {
	var globs []string
	for _, l := range lexers.GlobalLexerRegistry.Lexers {
		globs = append(globs, l.Config().Filenames...)
		globs = append(globs, l.Config().AliasFilenames...)
	}
	return globs
}

// codeLanguages holds the lexers of code-block languages.
var codeLanguages LexerMemo

// ForLanguage returns the lexer of a code block's language (chroma's
// fallback when it names none), cached: for a language that is no lexer's
// name or alias chroma tries every filename pattern, so it is asked only
// when a pattern matches (lookUpLanguage).
func ForLanguage(lang string) chroma.Lexer {
	if len(lang) > maxLexerName {
		return lexers.Fallback
	}
	return codeLanguages.Get(lang, func() chroma.Lexer {
		l := lookUpLanguage(lang)
		if l == nil {
			l = lexers.Fallback
		}
		return l
	})
}

// Known reports whether a code block's language has a lexer of its own
// (ForLanguage's answer is not chroma's fallback), cached and bounded as
// ForLanguage is.
func Known(lang string) bool {
	return lang != "" && ForLanguage(lang) != lexers.Fallback
}

// Coalesce joins the tokens of one type that follow each other, as
// chroma.Coalesce does for a lexer.
func Coalesce(tokens chroma.Iterator) chroma.Iterator {
	next := tokens()
	return func() chroma.Token {
		tok := next
		if tok == chroma.EOF {
			return tok
		}
		for next = tokens(); next != chroma.EOF && next.Type == tok.Type; next = tokens() {
			tok.Value += next.Value
		}
		return tok
	}
}
