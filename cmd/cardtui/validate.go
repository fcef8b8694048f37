package main

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/cardtui/cardtui/agents"
	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/replay"
)

// runValidate is `cardtui validate FILE...`: it lists every problem of
// every file and a summary per file, and exits 1 when any file has a
// problem or could not be read.
func runValidate(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("validate")
	input := inputFormatFlag(fs)
	files, code, ok := parseArgs(fs, args, stdout, stderr)
	if !ok {
		return code
	}
	if len(files) == 0 {
		return usageError(stderr, "validate needs at least one FILE (- for stdin)")
	}
	format, err := agents.ParseFormat(input.value)
	if err != nil {
		return usageError(stderr, "%v", err)
	}
	status := exitOK
	for _, file := range files {
		if !validateFile(file, format, stdin, stdout, stderr) {
			status = exitProblems
		}
	}
	return status
}

// validateFile reports one file and says whether it was clean.
func validateFile(file string, format string, stdin io.Reader, stdout, stderr io.Writer) bool {
	tr, err := loadInput(file, stdin, format)
	if tr != nil && !replay.IsNotSession(err) {
		writeReport(stdout, tr)
	}
	if err != nil {
		printLine(stderr, "cardtui: %v", err)
		return false
	}
	return tr.Stats.Problems == 0
}

// writeReport writes every problem as FILE:LINE: reason, every notice
// about the input itself (a torn tail), and the summary line, each made
// safe for a terminal by printLine. The notices that belong to the
// session (its title, approvals...) are not reported.
func writeReport(w io.Writer, tr *replay.Transcript) {
	for _, e := range tr.Entries {
		if p, ok := e.(cards.Problem); ok {
			printLine(w, "%s: %s", location(p), p.Reason)
		}
	}
	for _, text := range tr.InputNotices {
		printLine(w, "%s: notice: %s", tr.Source, text)
	}
	printLine(w, "%s: %s: %s", tr.Source, formatName(tr.Format), summary(tr.Stats))
}

// location is FILE:LINE, or FILE for a problem not tied to a line.
func location(p cards.Problem) string {
	if p.Line == 0 {
		return p.Source
	}
	return fmt.Sprintf("%s:%d", p.Source, p.Line)
}

// formatName names the format a session was read as, for the summary line.
func formatName(f string) string {
	if f == replay.Auto {
		return "unknown format"
	}
	return f
}

// summary is "N lines, N events, N tool cards, N problems" followed by the
// skipped event types, most frequent first.
func summary(s replay.Stats) string {
	parts := []string{
		count(s.Lines, "line", "lines"),
		count(s.Events, "event", "events"),
		count(s.ToolCards, "tool card", "tool cards"),
		count(s.Problems, "problem", "problems"),
	}
	line := strings.Join(parts, ", ")
	if skipped := skippedList(s.Skipped); skipped != "" {
		line += ", skipped: " + skipped
	}
	return line
}

// skippedList is "a×2 b×1", most frequent first, then by name.
func skippedList(skipped map[string]int) string {
	types := make([]string, 0, len(skipped))
	for t := range skipped {
		types = append(types, t)
	}
	sort.Slice(types, func(i, j int) bool {
		if skipped[types[i]] != skipped[types[j]] {
			return skipped[types[i]] > skipped[types[j]]
		}
		return types[i] < types[j]
	})
	parts := make([]string, len(types))
	for i, t := range types {
		parts[i] = fmt.Sprintf("%s×%d", t, skipped[t])
	}
	return strings.Join(parts, " ")
}
