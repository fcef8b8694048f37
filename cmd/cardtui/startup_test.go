package main

import (
	"bytes"
	"debug/elf"
	"errors"
	"net/http/cookiejar"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"charm.land/glamour/v2"
	"github.com/alecthomas/chroma/v2/lexers"
	"github.com/microcosm-cc/bluemonday/css"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/publicsuffix"
)

// Package initialisation runs at every start of cardtui, before main, for
// every package linked in, whatever the command does. These budgets are
// in bytes allocated, which GODEBUG=inittrace=1 reports and which are the
// same from run to run (times are not): the allocations follow the work.
const (
	// packageInitBudget is the most one package's initialisation may
	// allocate. Before the third_party copies of bluemonday, gorilla/css,
	// goldmark, glamour and x/net, seven packages allocated 110–495 KB
	// each compiling regular expressions and building tables.
	packageInitBudget = 80 << 10
	// totalInitBudget is the most all of them together may allocate
	// (2.4 MB before; about 340 KB with the copies and lazy variables,
	// 272 KB with go-diff's regexps, bluemonday's style handlers and
	// ultraviolet's key tables lazy too). The rest is headroom for the environment, which lipgloss
	// copies at initialisation (os.Environ).
	totalInitBudget = 296 << 10
)

// lazyPackages are the packages whose initialisation a patched copy in
// third_party/ (or a lazy variable of ours) made nearly free, with the
// most each may allocate now: a budget broken here means that a patch
// was lost (a replace line removed, a release taken instead of the copy)
// or that eager work came back.
var lazyPackages = map[string]int{
	"github.com/microcosm-cc/bluemonday":             4 << 10,  // was 294 KB
	"github.com/microcosm-cc/bluemonday/css":         6 << 10,  // was 495 KB, then 10.6 KB with its map of style handlers
	"github.com/gorilla/css/scanner":                 4 << 10,  // was 223 KB
	"github.com/yuin/goldmark/extension":             24 << 10, // was 266 KB
	"github.com/yuin/goldmark/parser":                8 << 10,  // was 110 KB
	"github.com/yuin/goldmark/util":                  1 << 10,  // was 146 KB
	"charm.land/glamour/v2/internal/autolink":        1 << 10,  // was 144 KB
	"golang.org/x/net/html":                          1 << 10,  // was 113 KB
	"github.com/klauspost/compress/internal/snapref": 1 << 10,  // was 9 KB and 0.4-0.8 ms of CRC tables
	"github.com/alecthomas/chroma/v2/lexers":         24 << 10, // was 235 KB
	"github.com/cardtui/cardtui/render":              32 << 10, // was 88 KB (316 KB once goldmark compiled lazily)
	"github.com/sergi/go-diff/diffmatchpatch":        2 << 10,  // was 18 KB
	"github.com/charmbracelet/ultraviolet":           1 << 10,  // was 27 KB: its key tables
}

// packageInit is one line of GODEBUG=inittrace=1: a package and what its
// initialisation allocated.
type packageInit struct {
	pkg   string
	bytes int
}

// traceInit runs the built command with GODEBUG=inittrace=1 and returns
// the package initialisations it reports.
func traceInit(t *testing.T, bin string, args ...string) []packageInit {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	require.NoError(t, cmd.Run(), "%s", stderr.String())
	var inits []packageInit
	for line := range strings.Lines(stderr.String()) {
		// init PKG @T ms, C ms clock, B bytes, A allocs
		f := strings.Fields(line)
		if len(f) != 11 || f[0] != "init" || f[8] != "bytes," {
			continue
		}
		n, err := strconv.Atoi(f[7])
		require.NoError(t, err, line)
		inits = append(inits, packageInit{pkg: f[1], bytes: n})
	}
	require.NotEmpty(t, inits, "no inittrace lines in %q", stderr.String())
	return inits
}

func TestStartUpInitialisesLittle(t *testing.T) {
	bin := buildCardtui(t, t.TempDir())
	session := writeFile(t, "one.jsonl", `{"type":"message","role":"user","text":"hello"}`+"\n")
	for _, args := range [][]string{{"--version"}, {"replay", "--print", session}} {
		t.Run(strings.Join(args[:1], " "), func(t *testing.T) {
			inits := traceInit(t, bin, args...)
			total, seen := 0, map[string]bool{}
			for _, in := range inits {
				total += in.bytes
				seen[in.pkg] = true
				assert.LessOrEqual(t, in.bytes, packageInitBudget, "package %s allocates %d bytes at init", in.pkg, in.bytes)
				if budget, ok := lazyPackages[in.pkg]; ok {
					assert.LessOrEqual(t, in.bytes, budget, "package %s allocates %d bytes at init again", in.pkg, in.bytes)
				}
			}
			assert.LessOrEqual(t, total, totalInitBudget, "package initialisation allocates %d bytes in all", total)
			assert.False(t, seen["net/http"], "net/http is linked again (third_party/xnet's publicsuffix dropped it)")
			assert.False(t, seen["net"], "net is linked again, and with it the C library (see TestStartUpIsStatic)")
			assert.True(t, seen["github.com/cardtui/cardtui/render"], "the trace lists cardtui's own packages")
		})
	}
}

// TestStartUpIsStatic: cardtui links no package with cgo files (net,
// os/user), so that, built with cgo enabled as it is by default where a C
// compiler is installed, it is still a static program: no dynamic loader,
// libc start-up or cgo thread set-up before main, about 1 ms of every
// start. render/url.go uses net/netip for that, third_party/terminfo
// reads $HOME instead of calling os/user.
func TestStartUpIsStatic(t *testing.T) {
	bin := buildCardtui(t, t.TempDir())
	f, err := elf.Open(bin)
	var notELF *elf.FormatError
	if errors.As(err, &notELF) {
		t.Skipf("not an ELF binary: %v", err)
	}
	require.NoError(t, err)
	defer f.Close()
	for _, p := range f.Progs {
		assert.NotEqual(t, elf.PT_INTERP, p.Type, "cardtui is dynamically linked again: a package with cgo files came back "+
			"(go list -deps -f '{{if .CgoFiles}}{{.ImportPath}}{{end}}' ./cmd/cardtui)")
	}
}

// writeFile writes text to a file name in a temporary directory and
// returns its path.
func writeFile(t *testing.T, name, text string) string {
	t.Helper()
	path := t.TempDir() + "/" + name
	require.NoError(t, os.WriteFile(path, []byte(text), 0o600))
	return path
}

// TestPatchedLibrariesKeepMarkdownOutput draws, through the patched
// copies, what their lazy variables serve: HTML stripped by bluemonday
// (with x/net/html's entities), goldmark's HTML blocks, tables, task
// lists and case-folded link labels, glamour's GitHub autolinks. The
// expected text is the releases' output (the test passes with the
// replace lines removed).
func TestPatchedLibrariesKeepMarkdownOutput(t *testing.T) {
	md := strings.Join([]string{
		"Some <b>bold</b> &amp; &copy; text, see [Ä link][ä link].",
		"",
		"<div>",
		"<script>alert(1)</script> kept &lt;text&gt;",
		"</div>",
		"",
		"| left | right |",
		"|:-----|------:|",
		"| a    | <https://github.com/charmbracelet/glamour/issues/123> |",
		"",
		"- [x] done",
		"- [ ] open",
		"",
		"[ä link]: https://example.com/",
		"",
	}, "\n")
	tr, err := glamour.NewTermRenderer(glamour.WithStandardStyle("notty"), glamour.WithWordWrap(60))
	require.NoError(t, err)
	got, err := tr.Render(md)
	require.NoError(t, err)
	assert.Equal(t, wantPatchedMarkdown, got)
}

// wantPatchedMarkdown is TestPatchedLibrariesKeepMarkdownOutput's
// expected output.
const wantPatchedMarkdown = "\n" +
	"  Some bold & © text, see \x1b]8;id=3774601396;https://example.com/\aÄ link\x1b]8;;\a \x1b]8;id=3774601396;https://example.com/\ahttps://example.com/\x1b]8;;\a.    \n" +
	"  kept <text>                                             \n" +
	"   left                    |                        right \n" +
	"  -------------------------|------------------------------\n" +
	"   a                       | \x1b]8;id=70948802;https://github.com/charmbracelet/glamour/issues/123\acharmbracelet/glamour#123[1]\x1b]8;;\a \n" +
	"                                                          \n" +
	"  [1]: charmbracelet/glamour#123 \x1b]8;id=70948802;https://github.com/charmbracelet/glamour/issues/123\ahttps://github.com/charm…\x1b]8;;\a\n" +
	"                                                          \n" +
	"  [x] done                                                \n" +
	"  [ ] open                                                \n" +
	"\n"

func TestPatchedChromaRemapsLispWords(t *testing.T) {
	lexer := lexers.Get("emacs-lisp")
	require.NotNil(t, lexer)
	it, err := lexer.Tokenise(nil, `(defun hello () (message "hi") (setq x 1))`)
	require.NoError(t, err)
	var got []string
	for _, tok := range it.Tokens() {
		if strings.TrimSpace(tok.Value) != "" {
			got = append(got, tok.Type.String()+" "+tok.Value)
		}
	}
	assert.Equal(t, wantLispTokens, got)
}

// wantLispTokens is TestPatchedChromaRemapsLispWords' expected tokens.
var wantLispTokens = []string{"Punctuation (", "NameBuiltin defun", "NameVariable hello", "Punctuation (", "Punctuation )", "Punctuation (", "NameFunction message", "LiteralString \"", "LiteralString hi", "LiteralString \"", "Punctuation )", "Punctuation (", "NameBuiltin setq", "NameVariable x", "LiteralNumberInteger 1", "Punctuation )", "Punctuation )"}

// publicSuffixList is third_party/xnet's publicsuffix.List still used as
// cookiejar documents it.
var _ cookiejar.PublicSuffixList = publicsuffix.List

// TestPatchedBluemondayStyleHandlers: third_party/bluemonday's map of
// style handlers, built on first use, still hands out each property's
// handler, and BaseHandler for a property it does not know.
func TestPatchedBluemondayStyleHandlers(t *testing.T) {
	assert.True(t, css.GetDefaultHandler("color")("red"))
	assert.False(t, css.GetDefaultHandler("color")("not a colour"))
	assert.True(t, css.GetDefaultHandler("z-index")("5"))
	assert.True(t, css.GetDefaultHandler("text-align")("center"))
	assert.False(t, css.GetDefaultHandler("no-such-property")("anything"))
}
