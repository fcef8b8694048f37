package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/cardtui/cardtui/internal/lazyregexp"
)

// choiceValue is a flag whose value must be one of a fixed list.
type choiceValue struct {
	value   string
	choices []string
	// set is whether the flag was given.
	set bool
}

// String returns the current value.
func (c *choiceValue) String() string { return c.value }

// Set accepts one of the choices.
func (c *choiceValue) Set(s string) error {
	if !slices.Contains(c.choices, s) {
		return fmt.Errorf("want one of %s", strings.Join(c.choices, ", "))
	}
	c.value, c.set = s, true
	return nil
}

// choice defines a flag that takes one of choices; the first is the
// default.
func choice(fs *flag.FlagSet, name string, choices ...string) *choiceValue {
	c := &choiceValue{value: choices[0], choices: choices}
	fs.Var(c, name, strings.Join(choices, "|"))
	return c
}

// newFlagSet returns a flag set that prints nothing: parseArgs reports its
// errors, naming the flags as they were typed.
func newFlagSet(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return fs
}

// parseArgs parses flags that may come before, between or after the
// operands (the flag package alone stops at the first operand); after
// "--" everything is an operand. On -h it prints the command's help to
// stdout; on an error, its short usage to stderr. ok is false when the
// command should exit with code.
func parseArgs(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) (operands []string, code int, ok bool) {
	operands, err := parseInterspersed(fs, args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		fmt.Fprint(stdout, helpFor(fs.Name()))
		return nil, exitOK, false
	case err != nil:
		return nil, usageErrorWith(stderr, shortUsageFor(fs.Name()), "%s", asTyped(err, args)), false
	}
	return operands, exitOK, true
}

func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var operands []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return operands, nil
		}
		if consumed := len(args) - len(rest); consumed > 0 && args[consumed-1] == "--" {
			return append(operands, rest...), nil
		}
		operands = append(operands, rest[0])
		args = rest[1:]
	}
}

// usageError reports a bad use of the command, with the short usage, and
// returns exitUsage.
func usageError(stderr io.Writer, format string, args ...any) int {
	return usageErrorWith(stderr, shortUsage, format, args...)
}

// usageErrorWith is usageError followed by the short usage given.
func usageErrorWith(stderr io.Writer, short, format string, args ...any) int {
	printLine(stderr, "cardtui: "+format, args...)
	fmt.Fprint(stderr, short)
	return exitUsage
}

// flagInError finds the flag a flag package error names ("-colour").
var flagInError = lazyregexp.New(`(?:flag|argument|for):? -([^\s:=]+)`)

// asTyped is a flag package error with the flag named as the user typed
// it (--colour, not -colour), and "unknown flag" for an undefined one.
func asTyped(err error, args []string) string {
	msg := strings.Replace(err.Error(), "flag provided but not defined:", "unknown flag", 1)
	m := flagInError().FindStringSubmatchIndex(msg)
	if m == nil {
		return msg
	}
	name := msg[m[2]:m[3]]
	for _, arg := range args {
		typed, _, _ := strings.Cut(arg, "=")
		if strings.HasPrefix(typed, "-") && strings.TrimLeft(typed, "-") == name {
			return msg[:m[2]-1] + typed + msg[m[3]:]
		}
	}
	return msg
}
