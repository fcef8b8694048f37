package cards

import (
	"errors"
	"fmt"
)

// The reasons a view can be rejected. Every *Error wraps exactly one of
// them, so callers and tests can tell the failures apart with errors.Is.
var (
	ErrMissingCard  = errors.New("missing card")
	ErrUnknownCard  = errors.New("unknown card")
	ErrUnknownField = errors.New("field does not belong to this card")
	ErrMissingField = errors.New("missing required field")
	ErrDuplicate    = errors.New("duplicate field")
	ErrWrongType    = errors.New("wrong type")
	ErrExclusive    = errors.New("mutually exclusive fields")
	ErrInvalidValue = errors.New("invalid value")
	ErrNotObject    = errors.New("not a JSON object")
)

// Error is a decoding failure. Card names the variant being decoded
// ("diff call", "terminal result", "FileDiff", ...), Field the JSON path of
// the offending field inside it (empty when the value as a whole is wrong),
// Reason one of the Err* sentinels and Detail what was found.
type Error struct {
	Card   string
	Field  string
	Reason error
	Detail string
}

// Error formats the failure as "<card>: field <path>: <reason>: <detail>".
func (e *Error) Error() string {
	msg := e.Card
	if e.Field != "" {
		msg += fmt.Sprintf(": field %q", e.Field)
	}
	msg += ": " + e.Reason.Error()
	if e.Detail != "" {
		msg += ": " + e.Detail
	}
	return msg
}

// Unwrap returns the sentinel reason so that errors.Is works.
func (e *Error) Unwrap() error { return e.Reason }

// within prefixes the field path of a nested error with the path of the
// field that holds it, e.g. "diffs[1]" + "oldText".
func within(err error, card, path string) error {
	var e *Error
	if !errors.As(err, &e) {
		return err
	}
	nested := *e
	if nested.Field == "" {
		nested.Field = path
	} else {
		nested.Field = path + "." + nested.Field
	}
	nested.Card = card
	return &nested
}
