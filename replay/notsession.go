package replay

import (
	"errors"
	"fmt"
)

// maxUndetectedLines is how many lines an input may start with, none of
// them a line of a known format, and still be a session: past them it is
// not one. A session's first line tells its format; a few bad lines
// before it (a torn write, a stray log line) are problems of the session.
const maxUndetectedLines = 100

// binarySniffBytes is how much of an input's first line is looked at for
// bytes no JSON line holds.
const binarySniffBytes = 1024

// NotSessionError is the error of Load and Stream for an input that is no
// session at all, rather than a session with bad lines: it is empty, its
// first bytes are binary, or none of its first lines is a line of a known
// format. Nothing of it is shown.
type NotSessionError struct {
	// Name names the input, as Load and Stream were given it.
	Name string
	// Reason says why it is none: "empty", "binary data"…
	Reason string
}

func (e *NotSessionError) Error() string {
	return fmt.Sprintf("%s: not a session file (%s)", e.Name, e.Reason)
}

// IsNotSession reports whether err says the input is no session file.
func IsNotSession(err error) bool {
	var ns *NotSessionError
	return errors.As(err, &ns)
}

// binary reports whether the start of a line holds a byte that no line
// of JSON holds: a control character other than tab, carriage return and
// line feed (inside a JSON string they are escaped, outside it they are
// no white space).
func binary(line []byte) bool {
	for _, b := range line[:min(len(line), binarySniffBytes)] {
		if b < 0x20 && b != '\t' && b != '\r' && b != '\n' {
			return true
		}
	}
	return false
}

// notSession says why the input read so far is no session, "" while it may
// be one: called after each line handed to dec, it is when dec is to
// detect the format and none of the first lines told it.
func notSession(dec Decoder) string {
	d, ok := dec.(*detector)
	if !ok || d.found != nil || d.undetected <= maxUndetectedLines {
		return ""
	}
	return fmt.Sprintf("none of its first %d lines is of a known format; line %d: %s",
		maxUndetectedLines, d.firstLine, d.firstReason)
}

// notSessionAtEnd says why the whole input is no session, "" when it is
// one: it had no line (seen is false), or, when its format was to be
// detected, no line of a known format. A session whose first and only
// line a writer has not finished (a torn line that starts as an object
// does) is one: its notice is added.
func notSessionAtEnd(t *Transcript, seen bool, dec Decoder) string {
	if !seen {
		return "empty"
	}
	d, ok := dec.(*detector)
	if !ok || d.found != nil {
		return ""
	}
	if d.tornObject && d.undetected == 1 {
		d.release(t)
		return ""
	}
	return fmt.Sprintf("no line of a known format; line %d: %s", d.firstLine, d.firstReason)
}
