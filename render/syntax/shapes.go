package syntax

import (
	"path/filepath"
	"strings"
	"sync"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"
)

// Chroma finds a lexer for a name it does not know by matching the name
// against every filename pattern of every lexer, with each backup suffix
// it ignores appended: thousands of filepath.Match calls, each as long as
// the name, some 4 ms for a short name and 80 ms for one of 250 bytes. A
// log's code blocks can name as many languages as they like, so a name
// is only given to chroma when one of its patterns matches it, or the
// part of it before a suffix chroma may ignore (each of which starts
// with "." or "~"). The patterns tried are those whose shape the name
// has: the pattern's literal start begins the name and each of its
// literal runs is in it, which holds whatever suffix is appended.

// globShape is what every name a filename pattern matches holds: prefix
// at its start and each of runs somewhere in it.
type globShape struct {
	glob   string
	prefix string
	runs   []string
}

// fits reports whether name has the shape.
func (s globShape) fits(name string) bool {
	if !strings.HasPrefix(name, s.prefix) {
		return false
	}
	for _, run := range s.runs {
		if !strings.Contains(name, run) {
			return false
		}
	}
	return true
}

// shapeOf is the shape of a filepath.Match pattern: its runs of literal
// bytes outside "*", "?" and character classes, the first one as prefix
// when the pattern starts with it. An escape or a class it cannot read
// ends the runs it collects, which only makes the shape looser.
func shapeOf(glob string) globShape {
	s := globShape{glob: glob}
	start := 0
	addRun := func(end int) {
		if end > start {
			s.runs = append(s.runs, glob[start:end])
		}
	}
	for i := 0; i < len(glob); i++ {
		switch glob[i] {
		case '*', '?':
			addRun(i)
			start = i + 1
		case '[':
			addRun(i)
			end := strings.IndexByte(glob[i:], ']')
			if end < 0 || strings.ContainsRune(glob[i:i+end], '\\') {
				return withPrefix(s, glob)
			}
			i += end
			start = i + 1
		case '\\':
			addRun(i)
			return withPrefix(s, glob)
		}
	}
	addRun(len(glob))
	return withPrefix(s, glob)
}

// withPrefix sets the shape's prefix: its first run when the pattern
// starts with it.
func withPrefix(s globShape, glob string) globShape {
	if len(s.runs) > 0 && strings.HasPrefix(glob, s.runs[0]) {
		s.prefix = s.runs[0]
	}
	return s
}

// globShapes are the shapes of every registered lexer's filename
// patterns, built at the first lookup (as namePrefixes is): register a
// lexer of your own before drawing anything.
var globShapes = sync.OnceValue(func() []globShape {
	globs := lexerGlobs()
	shapes := make([]globShape, len(globs))
	for i, glob := range globs {
		shapes[i] = shapeOf(glob)
	}
	return shapes
})

// mayMatch reports whether a filename pattern of some lexer matches the
// file name (as lexers.Match sees it, its base name) or a part of it
// that a suffix chroma ignores follows: when it is false, lexers.Match
// finds no lexer for it.
func mayMatch(filename string) bool {
	name := filepath.Base(filename)
	for _, s := range globShapes() {
		if s.fits(name) && s.matchesAStem(name) {
			return true
		}
	}
	return false
}

// matchesAStem reports whether the pattern matches name, or name up to a
// "." or "~" after its first byte.
func (s globShape) matchesAStem(name string) bool {
	for end := len(name); end > 0; end = strings.LastIndexAny(name[:end], ".~") {
		if ok, _ := filepath.Match(s.glob, name[:end]); ok {
			return true
		}
	}
	return false
}

// lexerNames are the registered lexers by name and by alias, each also
// lowercased, as chroma's registry keeps them, built at the first lookup.
var lexerNames = sync.OnceValue(func() (names [2]map[string]chroma.Lexer) {
	names = [2]map[string]chroma.Lexer{{}, {}}
	for _, l := range lexers.GlobalLexerRegistry.Lexers {
		c := l.Config()
		names[0][c.Name], names[0][strings.ToLower(c.Name)] = l, l
		for _, alias := range c.Aliases {
			names[1][alias], names[1][strings.ToLower(alias)] = l, l
		}
	}
	return names
})

// byName is the lexer named or aliased lang, looked up as chroma's Get
// does before it matches filename patterns: the name, then the alias,
// then both lowercased.
func byName(lang string) chroma.Lexer {
	names := lexerNames()
	for _, key := range []string{lang, strings.ToLower(lang)} {
		for _, m := range names {
			if l := m[key]; l != nil {
				return l
			}
		}
	}
	return nil
}

// lookUpLanguage is lexers.Get(lang) without its pattern matching when
// no pattern could match what it would match: lang as an extension
// ("filename.lang") and as a file name.
func lookUpLanguage(lang string) chroma.Lexer {
	if l := byName(lang); l != nil || !mayMatch("filename."+lang) && !mayMatch(lang) {
		return l
	}
	return lexers.Get(lang)
}
