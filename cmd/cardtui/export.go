package main

import (
	"html"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/cardtui/cardtui/agents"
	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/cmd/cardtui/internal/listing"
	exporthtml "github.com/cardtui/cardtui/export/html"
	exportmd "github.com/cardtui/cardtui/export/markdown"
	"github.com/cardtui/cardtui/render/mdwrite"
	"github.com/cardtui/cardtui/render/textcut"
	"github.com/cardtui/cardtui/replay"
)

// projectMark stands for the project in the page's header while the
// paths of the page are made relative to it.
const projectMark = "cardtui-project-of-the-session"

// writeShared writes the session to share (see shareOf) to w as it is
// rendered, entry by entry: an HTML page titled by the session's title or
// first prompt, whose header says what the session says of itself (agent,
// project, start) and names no local file; or Markdown, within
// markdownBudget characters unless --full.
func writeShared(w io.Writer, tr *replay.Transcript, cfg printConfig) error {
	sh := shareOf(tr, *cfg.share)
	if cfg.markdown {
		return writeSharedMarkdown(w, sh, cfg)
	}
	h := exporthtml.Header{Title: firstNonEmpty(sh.title, "session"), Agent: tr.Format, Started: sh.started}
	if sh.project != "" {
		h.Project = projectMark // named after the paths are made relative
	}
	lw := &localWriter{w: w, local: sh.local, project: html.EscapeString(listing.ShortPath(sh.project, homeDir()))}
	return exporthtml.Write(lw, sh.entries, h)
}

// writeSharedMarkdown writes the Markdown of a shared session: each
// entry as it is rendered with --full, else the entries fitted to a
// comment (markdownFit keeps no more of them than the comment holds).
func writeSharedMarkdown(w io.Writer, sh sharing, cfg printConfig) error {
	if !cfg.share.full {
		fit := newMarkdownFit(markdownBudget)
		_ = eachMarkdownPart(sh, cfg, func(md string, prompt bool) error {
			fit.add(md, prompt)
			return nil // adding does not fail
		})
		_, err := sh.local.WriteString(w, fit.String())
		return err
	}
	first := true
	return eachMarkdownPart(sh, cfg, func(md string, _ bool) error {
		if !first {
			if _, err := io.WriteString(w, "\n"); err != nil {
				return err
			}
		}
		first = false
		_, err := sh.local.WriteString(w, md)
		return err
	})
}

// eachMarkdownPart calls f with the head of a shared session's Markdown,
// then with each entry's, and whether it is a prompt (never folded),
// until f fails. The head is folded as the cards are: the index of a
// long session's prompts can be longer than a comment.
func eachMarkdownPart(sh sharing, cfg printConfig, f func(md string, prompt bool) error) error {
	if err := f(markdownHead(sh), false); err != nil {
		return err
	}
	for _, e := range sh.entries {
		m, ok := e.(cards.Message)
		if err := f(strings.TrimRight(exportmd.Entry(e, cfg.render), "\n")+"\n", ok && m.Role == cards.RoleUser); err != nil {
			return err
		}
	}
	return nil
}

// localWriter writes each piece written to it to w with the local paths
// rewritten (sharing.local), and the first projectMark as project. A
// piece is rewritten whole: exporthtml.Write writes whole cards, so no
// path is split between two pieces.
type localWriter struct {
	w       io.Writer
	local   *strings.Replacer
	project string
	// marked is set once projectMark has been named.
	marked bool
}

// Write writes p rewritten.
func (l *localWriter) Write(p []byte) (int, error) {
	s := l.local.Replace(string(p))
	if !l.marked && strings.Contains(s, projectMark) {
		s = strings.Replace(s, projectMark, l.project, 1)
		l.marked = true
	}
	if _, err := io.WriteString(l.w, s); err != nil {
		return 0, err
	}
	return len(p), nil
}

// markdownHead is the top of a Markdown export: the session's title, what
// its turns add up to, and the index of its prompts with their times.
func markdownHead(sh sharing) string {
	head := "# " + mdwrite.EscapeInline(textcut.OneLine(firstNonEmpty(sh.title, "session"))) + "\n"
	for _, part := range []string{exportmd.Totals(sh.entries), exportmd.PromptIndex(sh.entries)} {
		if part != "" {
			head += "\n" + part
		}
	}
	return head
}

func firstNonEmpty(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// runExport is `cardtui export FILE`: the session written as one file to
// share, an HTML page by default, to -o or stdout.
func runExport(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("export")
	format := choice(fs, "format", "html", "markdown")
	out := fs.String("o", "", "the file to write (default stdout; - is stdout)")
	withContext := fs.Bool("context", false, "keep the context blocks")
	full := fs.Bool("full", false, "Markdown: everything, however long")
	input := inputFormatFlag(fs)
	operands, code, ok := parseArgs(fs, args, stdout, stderr)
	if !ok {
		return code
	}
	if len(operands) != 1 {
		return usageError(stderr, "export takes one FILE (or - for stdin), got %d", len(operands))
	}
	inputFormat, err := agents.ParseFormat(input.value)
	if err != nil {
		return usageError(stderr, "%v", err)
	}
	cfg := printConfig{
		html:     format.value == "html",
		markdown: format.value == "markdown",
		render:   renderOptions(&choiceValue{value: "markdown"}, "never", "dark", defaultWidth, stdout),
		share:    &shareOptions{context: *withContext, full: *full},
	}
	if *out == "" || *out == "-" {
		return printSession(cfg, operands[0], inputFormat, stdin, stdout, stderr)
	}
	return exportToFile(*out, cfg, operands[0], inputFormat, stdin, stderr)
}

// exportToFile writes the export to path: to a temporary file beside it,
// renamed to path once the whole page is written, so that an export that
// fails leaves nothing (and an older file at path as it was).
func exportToFile(path string, cfg printConfig, operand string, input string, stdin io.Reader, stderr io.Writer) int {
	tr, err := loadInput(operand, stdin, input)
	if err != nil {
		printLine(stderr, "cardtui: %v", err)
		return exitProblems
	}
	if err := writeAtomically(path, func(w io.Writer) error { return printTranscript(w, tr, cfg) }); err != nil {
		printLine(stderr, "cardtui: %v", err)
		return exitProblems
	}
	return problemStatus(tr, stderr)
}

// writeAtomically writes path with write: to a temporary file in its
// directory, renamed to path when write and the close succeed, removed
// when not.
func writeAtomically(path string, write func(io.Writer) error) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	err = f.Chmod(0o644) // as os.Create makes it, not CreateTemp's 0600
	if err == nil {
		err = write(f)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
	}
	return err
}
