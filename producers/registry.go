package producers

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/jsonscan"
	"github.com/cardtui/cardtui/internal/toolkit"
)

// Producer presents the calls and results of one tool. Both functions must
// be pure; an error makes the Registry fall back to a generic card.
type Producer struct {
	// PresentCall returns the view of a call from its arguments, which the
	// Registry has checked to be a JSON object.
	PresentCall func(args json.RawMessage) (cards.CallView, error)
	// PresentResult returns the view of a result from the call's arguments
	// (a JSON object) and what the tool returned.
	PresentResult func(args json.RawMessage, r Result) (cards.ResultView, error)
}

// Registry maps a tool name, as the session log spells it, to its
// producer. Registries of several families can be merged with maps.Copy.
type Registry map[string]Producer

// Call returns the view of a call to tool with the raw JSON arguments. It
// never fails: see the package documentation for the fallback.
func (reg Registry) Call(tool string, args []byte) cards.CallView {
	view, _ := reg.Present(tool, args)
	return view
}

// Present is Call, and says when the call's arguments are a problem of
// the input rather than of its presentation: when their keys are
// ambiguous (ErrAmbiguousKeys), the view is the fallback card, whose raw
// input shows every key, and problem says why.
func (reg Registry) Present(tool string, args []byte) (view cards.CallView, problem error) {
	p, ok := reg[tool]
	if !ok {
		return FallbackCall(tool, args, nil), nil
	}
	view, err := presentCall(p, args)
	if err != nil {
		view = FallbackCall(tool, args, err)
	}
	if errors.Is(err, ErrAmbiguousKeys) {
		return view, err
	}
	return view, nil
}

// Result returns the view of a result of tool, called with the raw JSON
// arguments. It never fails: see the package documentation for the
// fallback.
func (reg Registry) Result(tool string, args []byte, r Result) cards.ResultView {
	r.Content = cleanContent(r.Content)
	r.Error = toolkit.ValidUTF8(r.Error)
	p, ok := reg[tool]
	if !ok {
		return FallbackResult(r, nil)
	}
	view, err := presentResult(p, args, r)
	if err != nil {
		return FallbackResult(r, err)
	}
	return view
}

// presentCall runs a call producer, turning a panic, a missing view and a
// view the codec rejects into errors. The view is checked with
// cards.CheckCall, which says what encoding and decoding it would say
// without copying its text: every call of a session goes through here.
func presentCall(p Producer, args []byte) (view cards.CallView, err error) {
	defer recoverInto(&err)
	if err := checkArgs(args); err != nil {
		return nil, err
	}
	if view, err = p.PresentCall(args); err != nil {
		return nil, err
	}
	return view, checkView(view, func() error { return cards.CheckCall(view) })
}

// presentResult runs a result producer like presentCall.
func presentResult(p Producer, args []byte, r Result) (view cards.ResultView, err error) {
	defer recoverInto(&err)
	if err := checkArgs(args); err != nil {
		return nil, err
	}
	if view, err = p.PresentResult(args, r); err != nil {
		return nil, err
	}
	return view, checkView(view, func() error { return cards.CheckResult(view) })
}

// recoverInto turns a panic of the producer into an error.
func recoverInto(err *error) {
	if p := recover(); p != nil {
		*err = fmt.Errorf("the producer panicked: %v", p)
	}
}

// checkView rejects a missing view, a pointer to a view (the renderer
// switches on view values) and a view the codec does not read back, as
// check reports it.
func checkView(view any, check func() error) error {
	switch {
	case view == nil:
		return errors.New("the producer returned no view")
	case reflect.ValueOf(view).Kind() == reflect.Pointer:
		return fmt.Errorf("the producer returned a pointer (%T), not a view value", view)
	default:
		return toolkit.Within("the producer returned an invalid view", check())
	}
}

// checkArgs requires the arguments to be one JSON object.
func checkArgs(args []byte) error {
	trimmed := bytes.TrimSpace(args)
	switch {
	case !jsonscan.Valid(trimmed):
		return errors.New("the arguments are not valid JSON")
	case trimmed[0] != '{':
		return fmt.Errorf("the arguments are %s, not a JSON object", cards.ValidJSONType(trimmed))
	default:
		return toolkit.Within("arguments", checkKeys(trimmed))
	}
}

// FallbackCall is the generic card shown for a call no producer could
// present: titled by the tool's name, with its code-like string arguments
// as fenced blocks (see codeLikeArguments), the other arguments as its
// input (as JSON when they are valid JSON, else as a JSON string of the
// raw text) and, when reason is not nil, a note saying why it fell back.
func FallbackCall(tool string, args []byte, reason error) cards.GenericCall {
	title := toolkit.ValidUTF8(tool)
	if title == "" {
		title = "unnamed tool"
	}
	content, input := codeLikeArguments(args)
	if reason != nil {
		content = append(content, toolkit.Text(toolkit.ValidUTF8("could not present this call: "+reason.Error()))...)
	}
	return cards.GenericCall{Title: title, Kind: cards.KindOther, RawInput: input, Content: content}
}

// RawInput is the raw arguments as a view's raw input: canonical JSON when
// they are a JSON value other than null, else a JSON string of the text;
// nil when there is no text at all.
func RawInput(args []byte) json.RawMessage {
	trimmed := bytes.TrimSpace(args)
	if len(trimmed) == 0 {
		return nil
	}
	if raw, err := toolkit.CanonicalJSON(trimmed); err == nil && string(raw) != "null" {
		return raw
	}
	return toolkit.JSONString(toolkit.ValidUTF8(string(args)))
}

// FallbackResult is the generic card shown for a result no producer could
// present: the result's content, the tool's error when there is one and,
// when reason is not nil, a note saying why it fell back.
func FallbackResult(r Result, reason error) cards.GenericResult {
	r.Content = cleanContent(r.Content)
	r.Error = toolkit.ValidUTF8(r.Error)
	content := WithError(r.Content, r)
	if reason != nil {
		content = append(content, toolkit.Text(toolkit.ValidUTF8("could not present this result: "+reason.Error()))...)
	}
	return cards.GenericResult{Content: content}
}
