package markdown

import (
	"fmt"
	"strings"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/render/diffview"
	"github.com/cardtui/cardtui/render/mdwrite"
	"github.com/cardtui/cardtui/render/textcut"
	"github.com/cardtui/cardtui/termsafe"
)

// Diff writes file diffs as Markdown: per file a ```diff block in
// unified format (a one-line summary for binary or unchanged content),
// then the "+A -R · N files" totals. No diffs write nothing.
func Diff(diffs []cards.FileDiff) string {
	if len(diffs) == 0 {
		return ""
	}
	files := diffview.Files(diffs)
	var b strings.Builder
	for _, f := range files {
		b.WriteString(fileMarkdown(f))
		b.WriteString("\n")
	}
	added, removed := diffview.Totals(files)
	fmt.Fprintf(&b, "+%d -%d · %s\n", added, removed, diffview.FileCount(len(files)))
	return b.String()
}

// fileMarkdown is one file's fenced unified diff, after a line naming a
// change of line endings, or its summary line.
func fileMarkdown(f diffview.File) string {
	name := textcut.OneLine(f.Path)
	switch {
	case f.Opaque != nil:
		return mdwrite.EscapeInline(name) + ": " + diffview.OpaqueSummary(*f.Opaque) + "\n"
	case len(f.Hunks) == 0:
		return mdwrite.EscapeInline(name) + ": " + diffview.Unchanged(f) + "\n"
	}
	body := unifiedDiff(f, name)
	fence := strings.Repeat("`", max(3, mdwrite.LongestRun(body, '`')+1))
	endings := ""
	if f.Endings != "" {
		// The sanitised lines no longer show their carriage returns.
		endings = mdwrite.EscapeInline(name) + ": line endings " + f.Endings + "\n\n"
	}
	if f.Rough {
		endings += "_" + mdwrite.EscapeInline(diffview.RoughNote) + "_\n\n"
	}
	return endings + fence + "diff\n" + body + fence + "\n"
}

// unifiedDiff is a file's hunks in unified format, every text sanitised.
// Hunks that do not know where they are get a "@@ ⋯ @@" separator in place
// of their header when unchanged lines were folded before them.
// An absolute path is written as git writes a path outside its tree, with
// no slash after a/ and b/.
func unifiedDiff(f diffview.File, name string) string {
	var b strings.Builder
	path := strings.TrimLeft(name, "/")
	if f.NewFile {
		b.WriteString("--- /dev/null\n")
	} else {
		b.WriteString("--- a/" + path + "\n")
	}
	if f.Deleted {
		b.WriteString("+++ /dev/null\n")
	} else {
		b.WriteString("+++ b/" + path + "\n")
	}
	for _, h := range f.Hunks {
		switch {
		case h.KnownStarts():
			b.WriteString(diffview.HunkHeader(h) + "\n")
		case h.Fold != 0:
			b.WriteString("@@ " + diffview.FoldText(h.Fold) + " @@\n")
		}
		for _, l := range h.Lines {
			b.WriteString(diffview.LineSigns[l.Kind] + termsafe.SanitizeText(l.Text) + "\n")
			if l.NoEOL {
				b.WriteString("\\ No newline at end of file\n")
			}
		}
	}
	return b.String()
}
