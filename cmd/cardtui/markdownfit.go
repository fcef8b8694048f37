package main

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// foldKeeps are the lines markdownFit folds the entries to, one fold
// after the other, until the whole fits.
var foldKeeps = [...]int{40, 20, 10, 5, 2}

// markdownFit joins the Markdown of the entries, given one at a time,
// within budget characters: past it, the entries but prompts are folded
// to fewer and fewer lines (with a note of what was cut), then the last
// entries are left out (with a note). For the entries whole and at each
// fold it counts the characters of all of them and keeps the first ones
// while they fit, so it never holds more than the budget of each.
type markdownFit struct {
	budget int
	// n is the number of entries added.
	n int
	// levels are the entries whole, then folded to each of foldKeeps.
	levels [len(foldKeeps) + 1]fitLevel
}

// fitLevel is the entries at one fold: the characters of all of them
// joined by newlines, and the first ones while they are within budget.
type fitLevel struct {
	total int
	kept  []string
}

// newMarkdownFit is a markdownFit of budget characters.
func newMarkdownFit(budget int) *markdownFit { return &markdownFit{budget: budget} }

// add adds an entry's Markdown; a prompt is never folded.
func (f *markdownFit) add(md string, prompt bool) {
	for i := range f.levels {
		if i > 0 && !prompt {
			md = foldLines(md, foldKeeps[i-1])
		}
		l := &f.levels[i]
		if f.n > 0 {
			l.total++
		}
		l.total += utf8.RuneCountInString(md)
		if l.total <= f.budget {
			l.kept = append(l.kept, md) // the first entries, while they fit
		}
	}
	f.n++
}

// String is the entries at the first fold that fits, else the first
// entries of the last fold that fit and a note of how many were left out.
func (f *markdownFit) String() string {
	for _, l := range f.levels {
		if l.total <= f.budget {
			return strings.Join(l.kept, "\n")
		}
	}
	last := f.levels[len(f.levels)-1]
	return cutEntries(last.kept, f.n, f.budget)
}

// foldLines keeps the first keep lines of an entry's Markdown, closes a
// code fence left open and notes how many lines were cut.
func foldLines(md string, keep int) string {
	lines := strings.Split(strings.TrimRight(md, "\n"), "\n")
	if len(lines) <= keep+1 {
		return md
	}
	kept := lines[:keep]
	fence := ""
	for _, l := range kept {
		t := strings.TrimSpace(l)
		switch {
		case fence == "" && (strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~")):
			fence = t[:len(t)-len(strings.TrimLeft(t, t[:1]))]
		case fence != "" && strings.HasPrefix(t, fence) && strings.Trim(t, t[:1]) == "":
			fence = ""
		}
	}
	out := strings.Join(kept, "\n") + "\n"
	if fence != "" {
		out += fence + "\n"
	}
	return out + fmt.Sprintf("\n*… %s folded to fit a comment; --full writes everything*\n", count(len(lines)-keep, "line", "lines"))
}

// cutEntries keeps the first of n entries that fit in budget, and a note
// of how many were left out; parts are the first entries, at least as
// many as fit.
func cutEntries(parts []string, n, budget int) string {
	var b strings.Builder
	written := 0 // the characters in b
	for i := range n {
		note := fmt.Sprintf("\n*… %s left out to fit a comment; --full writes everything*\n", count(n-i, "more entry", "more entries"))
		if i == len(parts) || written+utf8.RuneCountInString(parts[i])+1+len(note) > budget {
			b.WriteString(note)
			return b.String()
		}
		if i > 0 {
			b.WriteString("\n")
			written++
		}
		b.WriteString(parts[i])
		written += utf8.RuneCountInString(parts[i])
	}
	return b.String()
}
