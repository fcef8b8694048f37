package codex

import (
	"encoding/json"
	"strings"
)

// A code-mode script is JavaScript that calls Codex's tools —
// tools.exec_command({...}), tools.apply_patch("*** Begin Patch…") or
// tools.apply_patch(patch) after `const patch = "…"`. Its object
// arguments are JSON and its patches JSON string literals, as the model
// writes them: scriptCalls reads them so that a script's card shows the
// command it ran or the files it edited, as Codex's own UI does, rather
// than the source with its escapes.

// scriptCall is one call of a tool a script makes: the tool, and the
// source of its first argument, a variable replaced by its value.
type scriptCall struct {
	tool, arg string
}

// scriptCalls are the tool calls of a script, in order.
func scriptCalls(src string) []scriptCall {
	var calls []scriptCall
	rest := src
	for {
		i := strings.Index(rest, "tools.")
		if i < 0 {
			return calls
		}
		rest = rest[i+len("tools."):]
		name := identifier(rest)
		after := strings.TrimLeft(rest[len(name):], " \t\n")
		if name == "" || !strings.HasPrefix(after, "(") {
			continue
		}
		arg := firstArgument(strings.TrimLeft(after[1:], " \t\n"))
		if v := identifier(arg); v != "" && v == arg {
			arg = variableValue(src, v)
		}
		calls = append(calls, scriptCall{tool: name, arg: arg})
	}
}

// identifier is the JavaScript identifier s starts with, "" if none.
func identifier(s string) string {
	n := 0
	for n < len(s) && (s[n] == '_' || s[n] == '$' || s[n] >= 'a' && s[n] <= 'z' || s[n] >= 'A' && s[n] <= 'Z' || n > 0 && s[n] >= '0' && s[n] <= '9') {
		n++
	}
	return s[:n]
}

// firstArgument is the source of the expression s starts with: an object
// or array literal, a string literal, or an identifier.
func firstArgument(s string) string {
	if s == "" {
		return ""
	}
	switch s[0] {
	case '{', '[':
		return s[:balancedEnd(s)]
	case '"', '\'', '`':
		return s[:stringEnd(s)]
	}
	return identifier(s)
}

// balancedEnd is the length of the bracketed expression s starts with,
// strings in it skipped; len(s) when it is not closed.
func balancedEnd(s string) int {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '"', '\'', '`':
			i += stringEnd(s[i:]) - 1
		case '{', '[', '(':
			depth++
		case '}', ']', ')':
			depth--
			if depth == 0 {
				return i + 1
			}
		}
	}
	return len(s)
}

// stringEnd is the length of the string literal s starts with, its
// escapes skipped; len(s) when it is not closed.
func stringEnd(s string) int {
	quote := s[0]
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case quote:
			return i + 1
		}
	}
	return len(s)
}

// variableValue is the source of the literal a `const|let|var name = …`
// of src gives, "" when there is none.
func variableValue(src, name string) string {
	for _, decl := range []string{"const ", "let ", "var "} {
		i := strings.Index(src, decl+name)
		if i < 0 {
			continue
		}
		rest := strings.TrimLeft(src[i+len(decl)+len(name):], " \t")
		if value, ok := strings.CutPrefix(rest, "="); ok {
			return firstArgument(strings.TrimLeft(value, " \t\n"))
		}
	}
	return ""
}

// stringLiteral is the value of a string literal: JSON's escapes for
// "…", a template's text as it is; ok is false for anything else.
func stringLiteral(lit string) (string, bool) {
	if len(lit) >= 2 && lit[0] == '`' && lit[len(lit)-1] == '`' {
		return lit[1 : len(lit)-1], true
	}
	var s string
	return s, len(lit) > 0 && lit[0] == '"' && json.Unmarshal([]byte(lit), &s) == nil
}
