package codex

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"github.com/cardtui/cardtui/internal/fastjson"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/lazyregexp"
	"github.com/cardtui/cardtui/internal/toolkit"
)

// Codex parses each command it runs (codex-rs's parse_command) and tags
// it with what it does, in parsed_cmd: one entry per simple command,
// {type: "read", cmd, name, path}, {type: "search", cmd, query, path},
// {type: "list_files", cmd, path} or {type: "unknown", cmd}. Its UI draws
// a command that only reads, searches and lists (an "exploring" call) as
// a line such as "Read page.tsx" or "Search useState in src" under an
// "Explored" heading rather than as a command (tui/src/exec_cell); replay
// draws it as a read or a search card, the command line shown once, its
// output as the lines read or the matches found.

// parsedCommand is one entry of parsed_cmd.
type parsedCommand struct {
	Type  string  `json:"type"`
	Cmd   string  `json:"cmd"`
	Name  string  `json:"name"`
	Path  *string `json:"path"`
	Query *string `json:"query"`
}

// parseParsedCmd reads a parsed_cmd array; nil when there is none or it
// does not decode (the command is then drawn as a command).
func parseParsedCmd(raw json.RawMessage) []parsedCommand {
	var parsed []parsedCommand
	if fastjson.Unmarshal(raw, &parsed) != nil {
		return nil
	}
	return parsed
}

// exploring reports whether a command only reads, searches and lists, as
// Codex's UI decides it (ExecCell::is_exploring_call).
func exploring(parsed []parsedCommand) bool {
	return len(parsed) > 0 && !slices.ContainsFunc(parsed, func(p parsedCommand) bool {
		return p.Type != "read" && p.Type != "search" && p.Type != "list_files"
	})
}

// exploreLine is a line as Codex's exploring cell words one parsed
// command: "Read calc.py", "List src", "Search def in .", "Run make".
func exploreLine(p parsedCommand) string {
	switch p.Type {
	case "read":
		return "Read " + firstNonEmpty(p.Name, p.Cmd)
	case "list_files":
		return "List " + firstNonEmpty(toolkit.ValueOr(p.Path, ""), p.Cmd)
	case "search":
		query, where := toolkit.ValueOr(p.Query, ""), toolkit.ValueOr(p.Path, "")
		switch {
		case query != "" && where != "":
			return "Search " + query + " in " + where
		case query != "":
			return "Search " + query
		}
		return "Search " + p.Cmd
	}
	return "Run " + p.Cmd
}

// exploreLines words the parsed commands of the calls of an exploring
// group as Codex's exploring cell does: the reads of calls that only
// read, one after the other, are one "Read a, b" line (each name once);
// every other parsed command is a line of its own.
func exploreLines(calls [][]parsedCommand) []string {
	var lines []string
	var reads []string
	flush := func() {
		if len(reads) > 0 {
			lines = append(lines, "Read "+strings.Join(reads, ", "))
			reads = nil
		}
	}
	for _, parsed := range calls {
		if len(parsed) > 0 && !slices.ContainsFunc(parsed, func(p parsedCommand) bool { return p.Type != "read" }) {
			for _, p := range parsed {
				if name := firstNonEmpty(p.Name, p.Cmd); !slices.Contains(reads, name) {
					reads = append(reads, name)
				}
			}
			continue
		}
		flush()
		for _, p := range parsed {
			lines = append(lines, exploreLine(p))
		}
	}
	flush()
	return lines
}

// exploreCall is the call view of an exploring command: titled by what
// it does, its kind search when it searches and read otherwise, and the
// command line, once; a command that only reads has the files it reads
// as locations (the output of one that also lists or searches is not
// theirs alone).
func exploreCall(parsed []parsedCommand, command cards.TerminalCall) cards.GenericCall {
	v := cards.GenericCall{
		Title: strings.Join(exploreLines([][]parsedCommand{parsed}), ", "), Kind: cards.KindRead,
		Content: toolkit.Code("bash", command.Title),
	}
	onlyReads := true
	for _, p := range parsed {
		onlyReads = onlyReads && p.Type == "read"
		if p.Type == "search" {
			v.Kind = cards.KindSearch
		}
	}
	for _, p := range parsed {
		if where := toolkit.ValueOr(p.Path, ""); onlyReads && where != "" {
			v.Locations = append(v.Locations, cards.FileLocation{Path: where})
		}
	}
	return v
}

// exploreResult is the result of an exploring command that ran alone
// (one parsed command): the lines a read printed, numbered from the line
// its command starts at when that is known, or the matches a search found
// (none when it exited 1 with no output, as grep and rg do). Anything
// else — a command that failed, several commands, an output of another
// form — stays the command's terminal result.
func exploreResult(parsed []parsedCommand, r cards.TerminalResult) cards.ResultView {
	if len(parsed) != 1 || r.Signal != "" || r.ExitCode == nil {
		return r
	}
	p, code := parsed[0], *r.ExitCode
	title := exitTitle(r)
	switch {
	case p.Type == "read" && code == 0:
		if v, ok := readView(p, r.Output); ok {
			v.Title = title
			return v
		}
	case p.Type == "search" && code == 1 && strings.TrimSpace(r.Output) == "":
		return cards.SearchMatches{Title: title, Files: []cards.SearchFile{}}
	case p.Type == "search" && code == 0:
		if v, ok := matchesView(p, r.Output); ok {
			v.Title = title
			return v
		}
	}
	return r
}

// exitTitle is what a read or search drawn from a command's result keeps
// of the command's end: "exit 0 · took 15ms".
func exitTitle(r cards.TerminalResult) string {
	title := "exit " + strconv.Itoa(*r.ExitCode)
	if r.Title != "" {
		title += " · " + r.Title
	}
	return title
}

// readView numbers the lines a read printed from the line its command
// starts at; ok is false when that is not known.
func readView(p parsedCommand, output string) (cards.ReadResult, bool) {
	file := toolkit.ValueOr(p.Path, "")
	first, last, ok := readWindow(p.Cmd)
	if !ok || file == "" || output == "" {
		return cards.ReadResult{}, false
	}
	text := strings.Split(strings.TrimSuffix(output, "\n"), "\n")
	v := cards.ReadResult{Path: file, Offset: first}
	for i, line := range text {
		v.Lines = append(v.Lines, cards.ReadLine{Number: first + i, Text: line})
	}
	if end := first + len(text) - 1; last == 0 || end < last {
		v.TotalLines = end // the file ended before the window did
	}
	return v, true
}

// sedWindow is `sed -n 'A,Bp' FILE` (or 'Ap').
var sedWindow = lazyregexp.New(`^sed -n '?"?(\d+)(?:,(\d+))?p'?"? `)

// readWindow is the first and last line a read command prints (last 0
// when it runs to the end of the file): sed -n 'A,Bp', head -n N, cat;
// ok is false for any other command (tail, nl, …).
func readWindow(command string) (first, last int, ok bool) {
	words := strings.Fields(command)
	switch {
	case len(words) == 0:
		return 0, 0, false
	case words[0] == "cat" && len(words) == 2:
		return 1, 0, true
	case words[0] == "head":
		return 1, headCount(words[1:]), true
	}
	m := sedWindow().FindStringSubmatch(command)
	if m == nil {
		return 0, 0, false
	}
	first, _ = strconv.Atoi(m[1])
	last = first
	if m[2] != "" {
		last, _ = strconv.Atoi(m[2])
	}
	return first, last, first >= 1 && last >= first
}

// headCount is the number of lines `head` prints: -n N, -N or 10.
func headCount(args []string) int {
	for i, a := range args {
		switch {
		case a == "-n" && i+1 < len(args):
			if n, err := strconv.Atoi(args[i+1]); err == nil && n > 0 {
				return n
			}
		case strings.HasPrefix(a, "-n"):
			if n, err := strconv.Atoi(a[2:]); err == nil && n > 0 {
				return n
			}
		case strings.HasPrefix(a, "-"):
			if n, err := strconv.Atoi(a[1:]); err == nil && n > 0 {
				return n
			}
		}
	}
	return 10
}

// matchesView reads the output of a search whose lines are "path:N:text"
// (grep -n and rg -n over several files, rg's default) or "N:text" (one
// file); ok is false when a line is neither.
func matchesView(p parsedCommand, output string) (cards.SearchMatches, bool) {
	v := cards.SearchMatches{Files: []cards.SearchFile{}}
	single := toolkit.ValueOr(p.Path, "")
	for _, line := range strings.Split(strings.TrimSuffix(output, "\n"), "\n") {
		file, number, text, ok := matchLine(line, single)
		if !ok {
			return cards.SearchMatches{}, false
		}
		if n := len(v.Files); n == 0 || v.Files[n-1].Path != file {
			v.Files = append(v.Files, cards.SearchFile{Path: file})
		}
		last := &v.Files[len(v.Files)-1]
		last.Matches = append(last.Matches, cards.SearchMatch{LineNumber: number, Line: text})
		v.Total++
	}
	return v, v.Total > 0
}

// matchLine splits "path:N:text", or "N:text" of the one file searched.
func matchLine(line, single string) (file string, number int, text string, ok bool) {
	first, rest, found := strings.Cut(line, ":")
	if !found {
		return "", 0, "", false
	}
	if n, err := strconv.Atoi(first); err == nil && n > 0 && single != "" && !strings.Contains(single, " ") {
		return single, n, rest, true
	}
	digits, text, found := strings.Cut(rest, ":")
	n, err := strconv.Atoi(digits)
	if !found || err != nil || n < 1 || first == "" {
		return "", 0, "", false
	}
	return first, n, text, true
}
