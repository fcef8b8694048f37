package cards

import "encoding/json"

// ContentBlock is one block of LLM content. The vocabulary is open: a
// block type this package does not know decodes into an OpaqueBlock, which
// the renderer shows as a visible placeholder instead of failing.
//
//sumtype:decl
type ContentBlock interface {
	contentBlock()
	// BlockType is the block's "type" on the wire.
	BlockType() string
}

// TextBlock is text. What a tool returned is preformatted text, shown as
// it is (line breaks, indentation, tags kept): only a block whose producer
// knows it is Markdown — a page converted to Markdown, a plan, a
// sub-agent's report — sets Markdown, and only then is it rendered as
// Markdown. Lang names the language of preformatted text (a Chroma lexer
// name or alias such as "go", "json", "console") for syntax colours.
//
// On the wire: {"type":"text", "text", "markdown"?: true, "lang"?: string};
// markdown and lang are exclusive.
type TextBlock struct {
	Text     string
	Markdown bool
	Lang     string
}

// ImageBlock is an image, carried as base64 Data or as a URI.
type ImageBlock struct {
	MimeType string
	Data     string
	URI      string
}

// OpaqueBlock is a block of a type cardtui does not render; Raw keeps the
// whole block so nothing is lost on re-encoding.
type OpaqueBlock struct {
	Type string
	Raw  json.RawMessage
}

func (TextBlock) contentBlock()   {}
func (ImageBlock) contentBlock()  {}
func (OpaqueBlock) contentBlock() {}

// BlockType returns "text".
func (TextBlock) BlockType() string { return "text" }

// BlockType returns "image".
func (ImageBlock) BlockType() string { return "image" }

// BlockType returns the unknown block's own type.
func (b OpaqueBlock) BlockType() string { return b.Type }

// MarshalJSON writes {"type":"text","text":...}, with "markdown": true or
// the "lang" when they are set.
func (b TextBlock) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Type     string `json:"type"`
		Text     string `json:"text"`
		Markdown bool   `json:"markdown,omitempty"`
		Lang     string `json:"lang,omitempty"`
	}{"text", b.Text, b.Markdown, b.Lang})
}

// MarshalJSON writes {"type":"image",...}.
func (b ImageBlock) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Type     string `json:"type"`
		MimeType string `json:"mimeType,omitempty"`
		Data     string `json:"data,omitempty"`
		URI      string `json:"uri,omitempty"`
	}{"image", b.MimeType, b.Data, b.URI})
}

// MarshalJSON writes the block exactly as it was read.
func (b OpaqueBlock) MarshalJSON() ([]byte, error) {
	if len(b.Raw) == 0 {
		return json.Marshal(struct {
			Type string `json:"type"`
		}{b.Type})
	}
	return b.Raw, nil
}

// DecodeContentBlock decodes one block. Known types are checked (a text
// block needs its text); fields beyond those cardtui uses are allowed, as
// LLM blocks carry annotations; an unknown type becomes an OpaqueBlock.
func DecodeContentBlock(data []byte) (ContentBlock, error) {
	return decodeContentBlock(data, parseObject)
}

// decodeContentBlock is DecodeContentBlock with the data parsed by parse.
func decodeContentBlock(data []byte, parse parser) (ContentBlock, error) {
	o, err := parse(data, "ContentBlock")
	if err != nil {
		return nil, err
	}
	typ, err := o.nonEmptyStr("type")
	if err != nil {
		return nil, err
	}
	switch typ {
	case "text":
		return decodeText(o)
	case "image":
		return decodeImage(o)
	default:
		return OpaqueBlock{Type: typ, Raw: canonical(data)}, nil
	}
}

// decodeText reads a text block: its text, and whether it is Markdown or
// preformatted text in a language (not both).
func decodeText(o *object) (ContentBlock, error) {
	var b TextBlock
	var err error
	if b.Text, err = o.requiredStr("text"); err != nil {
		return nil, err
	}
	if b.Markdown, err = o.optionalBool("markdown"); err != nil {
		return nil, err
	}
	if b.Lang, err = o.str("lang"); err != nil {
		return nil, err
	}
	if b.Markdown && b.Lang != "" {
		return nil, o.fail("lang", ErrExclusive, "a Markdown block has no language")
	}
	return b, nil
}

func decodeImage(o *object) (ContentBlock, error) {
	var img ImageBlock
	var err error
	if img.MimeType, err = o.str("mimeType"); err != nil {
		return nil, err
	}
	if img.Data, err = o.str("data"); err != nil {
		return nil, err
	}
	if img.URI, err = o.str("uri"); err != nil {
		return nil, err
	}
	return img, nil
}

// decodeContent reads an optional "content" array of blocks.
func decodeContent(o *object) ([]ContentBlock, error) {
	items, _, err := o.array("content")
	if err != nil || items == nil {
		return nil, err
	}
	return decodeEach(o, "content", items, func(data []byte) (ContentBlock, error) {
		return decodeContentBlock(data, parseValid) // an element of a parsed object
	})
}
