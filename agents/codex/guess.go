package codex

import (
	"path"
	"slices"
	"strings"

	"github.com/cardtui/cardtui/internal/lazyregexp"
)

// A rollout before parsed_cmd says nothing of what a command does: these
// read it as codex-rs's parser does (shell-command/src/parse_command.rs),
// for the commands models explore with.

// guessCommands reads a command line as codex-rs's parser does, simply:
// each simple command of a list or pipeline (split at &&, ||, ; and |) is
// a read of a file (cat, sed -n A,Bp, head, tail, nl, bat, less), a
// search (rg, grep, ag, ack, git grep) with its query and path, a listing
// (ls, find, fd, tree, rg --files, git ls-files) of a path, or unknown;
// a cd, and a command that only reshapes what a pipe gives it (head or
// sed without a file, wc, sort, …), are left out.
func guessCommands(line string) []parsedCommand {
	var parsed []parsedCommand
	for _, c := range simpleCommands(line) {
		if len(c.words) == 0 || c.words[0] == "cd" || c.piped && isFormatting(c.words) {
			continue
		}
		parsed = append(parsed, guessCommand(c.words))
	}
	return parsed
}

// guessCommand is what one simple command does.
func guessCommand(words []string) parsedCommand {
	p := parsedCommand{Type: "unknown", Cmd: strings.Join(words, " ")}
	args := operands(words[1:])
	switch words[0] {
	case "cat", "head", "tail", "nl", "bat", "batcat", "less", "more":
		if len(args) > 0 {
			p.read(args[len(args)-1])
		}
	case "sed":
		if len(args) == 2 && sedPrint().MatchString(args[0]) && slices.Contains(words, "-n") {
			p.read(args[1])
		}
	case "rg":
		if slices.Contains(words, "--files") {
			p.list(args)
		} else {
			p.search(words[1:], args)
		}
	case "grep", "egrep", "fgrep", "ag", "ack":
		p.search(words[1:], args)
	case "ls", "eza", "exa", "tree", "find":
		p.list(args)
	case "fd":
		p.list(args[min(1, len(args)):])
	case "git":
		p.git(words[1:])
	}
	return p
}

// git is a git grep (a search) or a git ls-files (a listing).
func (p *parsedCommand) git(words []string) {
	switch {
	case len(words) > 0 && words[0] == "grep":
		p.search(words[1:], operands(words[1:]))
	case len(words) > 0 && words[0] == "ls-files":
		p.list(operands(words[1:]))
	}
}

// read makes p the read of file.
func (p *parsedCommand) read(file string) {
	p.Type, p.Name, p.Path = "read", path.Base(file), &file
}

// list makes p the listing of the first of args, if any.
func (p *parsedCommand) list(args []string) {
	p.Type = "list_files"
	if len(args) > 0 {
		short := shortDisplayPath(args[0])
		p.Path = &short
	}
}

// search makes p a search: its query is the value of -e, else the first
// of args; its path the next of args.
func (p *parsedCommand) search(words, args []string) {
	p.Type = "search"
	if i := slices.Index(words, "-e"); i >= 0 && i+1 < len(words) {
		args = append([]string{words[i+1]}, args...)
	}
	if len(args) > 0 {
		p.Query = &args[0]
	}
	if len(args) > 1 {
		short := shortDisplayPath(args[1])
		p.Path = &short
	}
}

// sedPrint is the script of `sed -n`: 'A,Bp' or 'Ap'.
var sedPrint = lazyregexp.New(`^\d+(,\d+)?p$`)

// valued are the options of the search and read commands that take the
// next word as their value.
var valued = map[string]bool{
	"-e": true, "-f": true, "-g": true, "--glob": true, "--iglob": true, "-t": true, "--type": true,
	"-T": true, "--type-not": true, "-A": true, "-B": true, "-C": true, "-m": true, "--max-count": true,
	"--max-depth": true, "-d": true, "-n": true, "-c": true, "--context": true,
	"--after-context": true, "--before-context": true, "-name": true, "-iname": true, "-type": true,
	"-path": true, "-maxdepth": true, "-mindepth": true,
}

// operands are the words of a command that are neither options, nor an
// option's value, nor a redirection. -n takes a value only as a number
// (head -n 40; grep -n is a flag).
func operands(words []string) []string {
	var out []string
	for i := 0; i < len(words); i++ {
		w := words[i]
		switch {
		case isRedirection(w):
			if strings.TrimLeft(w, "0123456789&<>") == "" {
				i++ // the target is the next word
			}
		case strings.HasPrefix(w, "-") && len(w) > 1:
			if valued[w] && i+1 < len(words) && (w != "-n" || isNumber(words[i+1])) {
				i++
			}
		default:
			out = append(out, w)
		}
	}
	return out
}

// isRedirection reports whether a word redirects: >f, 2>/dev/null, <f,
// 2>&1.
func isRedirection(w string) bool {
	trimmed := strings.TrimLeft(w, "0123456789&")
	return strings.HasPrefix(trimmed, ">") || strings.HasPrefix(trimmed, "<")
}

func isNumber(w string) bool {
	return w != "" && strings.Trim(w, "0123456789") == ""
}

// shortDisplayPath is the path as Codex names it in a line: its last
// component that is not build, dist, node_modules or src.
func shortDisplayPath(p string) string {
	trimmed := strings.TrimRight(p, "/")
	parts := strings.Split(trimmed, "/")
	for i := len(parts) - 1; i >= 0; i-- {
		switch parts[i] {
		case "", "build", "dist", "node_modules", "src":
			continue
		}
		return parts[i]
	}
	return trimmed
}

// isFormatting reports whether a command that reads a pipe only reshapes
// what it prints: a head, tail, nl or sed given no file, wc, sort, uniq,
// cut, tr, column, awk, xargs, tee.
func isFormatting(words []string) bool {
	switch words[0] {
	case "wc", "sort", "uniq", "cut", "tr", "column", "awk", "xargs", "tee":
		return true
	case "head", "tail", "nl":
		return len(operands(words[1:])) == 0
	case "sed":
		return guessCommand(words).Type != "read"
	}
	return false
}

// simpleCommand is one command of a list or pipeline: its words, and
// whether it reads the output of the one before it (it follows a |).
type simpleCommand struct {
	words []string
	piped bool
}

// simpleCommands splits a command line into its simple commands at &&,
// ||, ;, | and newlines outside quotes; quotes are removed.
func simpleCommands(line string) []simpleCommand {
	var commands []simpleCommand
	var current simpleCommand
	var word strings.Builder
	inWord := false
	endWord := func() {
		if inWord {
			current.words = append(current.words, word.String())
			word.Reset()
			inWord = false
		}
	}
	endCommand := func(pipe bool) {
		endWord()
		commands = append(commands, current)
		current = simpleCommand{piped: pipe}
	}
	for i := 0; i < len(line); i++ {
		switch ch := line[i]; {
		case ch == '\'' || ch == '"':
			end := strings.IndexByte(line[i+1:], ch)
			if end < 0 {
				end = len(line) - i - 1
			}
			word.WriteString(line[i+1 : i+1+end])
			inWord, i = true, i+1+end
		case ch == ' ' || ch == '\t':
			endWord()
		case ch == '&' && (i > 0 && line[i-1] == '>' || i+1 < len(line) && line[i+1] == '>'):
			word.WriteByte(ch) // a redirection: 2>&1, &>file
			inWord = true
		case ch == '&' || ch == '|' || ch == ';' || ch == '\n':
			double := i+1 < len(line) && (line[i+1] == '&' || line[i+1] == '|')
			endCommand(ch == '|' && !double)
			if double {
				i++
			}
		default:
			word.WriteByte(ch)
			inWord = true
		}
	}
	endCommand(false)
	return commands
}
