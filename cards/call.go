package cards

import "encoding/json"

// CallView is what a tool's presentCall returns for a call: one of
// GenericCall, TerminalCall or DiffCall.
//
//sumtype:decl
type CallView interface {
	callView()
	// Card is the variant's discriminator on the wire.
	Card() string
}

// GenericCall is a titled card with optional content (text blocks plain
// or Markdown as each says, see TextBlock), raw input and file locations.
type GenericCall struct {
	Title     string
	Kind      ToolCallKind // "" when not given
	RawInput  json.RawMessage
	Content   []ContentBlock
	Locations []FileLocation
}

// TerminalCall is a command run in a console; Title is the command line.
type TerminalCall struct {
	Title       string
	Description string
	Cwd         string
}

// DiffCall is a change to files, drawn as inline hunks. Like every call
// it runs until its card has a Result: a DiffResult, with the hunks the
// tool applied (NewDiffResult), which then replace the proposed ones, or
// empty when the change was applied as proposed. A change that failed or
// was refused sets the card's Outcome (its result the tool's message).
type DiffCall struct {
	Title     string
	Diffs     []FileDiff
	Locations []FileLocation
}

func (GenericCall) callView()  {}
func (TerminalCall) callView() {}
func (DiffCall) callView()     {}

// Card returns "generic".
func (GenericCall) Card() string { return "generic" }

// Card returns "terminal".
func (TerminalCall) Card() string { return "terminal" }

// Card returns "diff".
func (DiffCall) Card() string { return "diff" }

// MarshalJSON writes the view with its card tag.
func (v GenericCall) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Card      string          `json:"card"`
		Title     string          `json:"title"`
		Kind      ToolCallKind    `json:"kind,omitempty"`
		RawInput  json.RawMessage `json:"rawInput,omitempty"`
		Content   []ContentBlock  `json:"content,omitempty"`
		Locations []FileLocation  `json:"locations,omitempty"`
	}{v.Card(), v.Title, v.Kind, v.RawInput, v.Content, v.Locations})
}

// MarshalJSON writes the view with its card tag.
func (v TerminalCall) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Card        string `json:"card"`
		Title       string `json:"title"`
		Description string `json:"description,omitempty"`
		Cwd         string `json:"cwd,omitempty"`
	}{v.Card(), v.Title, v.Description, v.Cwd})
}

// MarshalJSON writes the view with its card tag.
func (v DiffCall) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Card      string         `json:"card"`
		Title     string         `json:"title"`
		Diffs     []FileDiff     `json:"diffs"`
		Locations []FileLocation `json:"locations,omitempty"`
	}{v.Card(), v.Title, nonNil(v.Diffs), v.Locations})
}

// nonNil makes a required array encode as [] rather than null.
func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// EncodeCall writes a call view as JSON with its card tag.
func EncodeCall(v CallView) ([]byte, error) { return json.Marshal(v) }

// DecodeCall decodes a call view strictly (see the package doc).
func DecodeCall(data []byte) (CallView, error) {
	o, card, err := parseTagged(data, "call view", "call", []string{"generic", "terminal", "diff"})
	if err != nil {
		return nil, err
	}
	var v CallView
	switch card {
	case "generic":
		v, err = decodeGenericCall(o)
	case "terminal":
		v, err = decodeTerminalCall(o)
	default:
		v, err = decodeDiffCall(o)
	}
	if err != nil {
		return nil, err
	}
	if err := o.check(); err != nil {
		return nil, err
	}
	return v, nil
}

// parseTagged parses a tagged object and reads its card, which must be one
// of known; the returned object is named "<card> <side>" for errors.
func parseTagged(data []byte, what, side string, known []string) (*object, string, error) {
	o, err := parseObject(data, what)
	if err != nil {
		return nil, "", err
	}
	raw, ok := o.take("card")
	if !ok {
		return nil, "", o.fail("card", ErrMissingCard, "one of "+joinQuoted(known))
	}
	var card string
	if err := o.value("card", raw, &card, "a string"); err != nil {
		return nil, "", err
	}
	if !contains(known, card) {
		return nil, "", o.fail("card", ErrUnknownCard, quote(card)+" is not one of "+joinQuoted(known))
	}
	o.card = card + " " + side
	return o, card, nil
}

func decodeGenericCall(o *object) (CallView, error) {
	var v GenericCall
	var err error
	if v.Title, err = o.requiredStr("title"); err != nil {
		return nil, err
	}
	if v.Kind, err = decodeKind(o); err != nil {
		return nil, err
	}
	v.RawInput = o.raw("rawInput")
	if v.Content, err = decodeContent(o); err != nil {
		return nil, err
	}
	if v.Locations, err = decodeLocations(o); err != nil {
		return nil, err
	}
	return v, nil
}

func decodeTerminalCall(o *object) (CallView, error) {
	var v TerminalCall
	var err error
	if v.Title, err = o.requiredStr("title"); err != nil {
		return nil, err
	}
	if v.Description, err = o.str("description"); err != nil {
		return nil, err
	}
	if v.Cwd, err = o.str("cwd"); err != nil {
		return nil, err
	}
	return v, nil
}

func decodeDiffCall(o *object) (CallView, error) {
	var v DiffCall
	var err error
	if v.Title, err = o.requiredStr("title"); err != nil {
		return nil, err
	}
	if v.Diffs, err = decodeDiffs(o); err != nil {
		return nil, err
	}
	if v.Locations, err = decodeLocations(o); err != nil {
		return nil, err
	}
	return v, nil
}
