package render

import (
	"fmt"
	"strings"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/render/style"
	"github.com/cardtui/cardtui/termsafe"
)

// diffMarkdown writes file diffs as Markdown: per file a ```diff block in
// unified format (a one-line summary for binary or unchanged content),
// then the "+A -R · N files" totals. No diffs write nothing.
func diffMarkdown(diffs []cards.FileDiff) string {
	if len(diffs) == 0 {
		return ""
	}
	files := diffFiles(diffs)
	var b strings.Builder
	for _, f := range files {
		b.WriteString(fileMarkdown(f))
		b.WriteString("\n")
	}
	added, removed := diffTotals(files)
	fmt.Fprintf(&b, "+%d -%d · %s\n", added, removed, fileCount(len(files)))
	return b.String()
}

// fileMarkdown is one file's fenced unified diff, after a line naming a
// change of line endings, or its summary line.
func fileMarkdown(f diffFile) string {
	name := style.OneLine(f.Path)
	switch {
	case f.Opaque != nil:
		return escapeInline(name) + ": " + opaqueSummary(*f.Opaque) + "\n"
	case len(f.Hunks) == 0:
		return escapeInline(name) + ": " + unchanged(f) + "\n"
	}
	body := unifiedDiff(f, name)
	fence := strings.Repeat("`", max(3, longestRun(body, '`')+1))
	endings := ""
	if f.Endings != "" {
		// The sanitised lines no longer show their carriage returns.
		endings = escapeInline(name) + ": line endings " + f.Endings + "\n\n"
	}
	if f.Rough {
		endings += "_" + escapeInline(roughNote) + "_\n\n"
	}
	return endings + fence + "diff\n" + body + fence + "\n"
}

// unifiedDiff is a file's hunks in unified format, every text sanitised.
// Hunks that do not know where they are get a "@@ ⋯ @@" separator in place
// of their header when unchanged lines were folded before them.
func unifiedDiff(f diffFile, name string) string {
	var b strings.Builder
	if f.NewFile {
		b.WriteString("--- /dev/null\n")
	} else {
		b.WriteString("--- a/" + name + "\n")
	}
	if f.Deleted {
		b.WriteString("+++ /dev/null\n")
	} else {
		b.WriteString("+++ b/" + name + "\n")
	}
	for _, h := range f.Hunks {
		switch {
		case h.knownStarts():
			b.WriteString(hunkHeader(h) + "\n")
		case h.Fold != 0:
			b.WriteString("@@ " + foldText(h.Fold) + " @@\n")
		}
		for _, l := range h.Lines {
			b.WriteString(lineSigns[l.Kind] + termsafe.SanitizeText(l.Text) + "\n")
			if l.NoEOL {
				b.WriteString("\\ No newline at end of file\n")
			}
		}
	}
	return b.String()
}
