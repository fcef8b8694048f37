package producers

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/toolkit"
)

// Result is what a tool returned, as a session log records it.
type Result struct {
	// Content is the model-facing result content.
	Content []cards.ContentBlock
	// IsError is set when the tool failed.
	IsError bool
	// Error is the top-level error of the result, "" when there is none
	// (see DescribeError).
	Error string
	// Meta is the persisted presentation metadata that result producers
	// read; nil when the result has none.
	Meta json.RawMessage
	// Outcome is how the call ended: failed for an error, or the
	// rejection, denial or interruption the agent's words for the model
	// say; the constructors (NewResult here, an agent's own such as
	// agents/claude's ToolResult) set it.
	Outcome cards.Outcome
}

// NewResult builds a Result from the parts of a harness tool/result event:
// the tool-result part's content and isError, and the event's error and
// meta (each may be nil). It never fails: content that cannot be decoded is
// kept as a note holding the raw JSON, so nothing is lost.
func NewResult(content json.RawMessage, isError bool, errValue, meta json.RawMessage) Result {
	blocks, err := DecodeContent(content)
	if err != nil {
		blocks = UndecodedContent(content, err)
	}
	r := Result{Content: blocks, IsError: isError, Error: DescribeError(errValue)}
	if len(bytes.TrimSpace(meta)) > 0 {
		r.Meta = meta
	}
	r.Outcome = harnessOutcome(r)
	return r
}

// UndecodedContent is the note NewResult keeps for content it cannot decode.
func UndecodedContent(raw json.RawMessage, err error) []cards.ContentBlock {
	note := "could not decode the result content: " + err.Error()
	return []cards.ContentBlock{
		cards.TextBlock{Text: toolkit.ValidUTF8(note)},
		cards.TextBlock{Text: toolkit.ValidUTF8(string(raw)), Lang: "json"},
	}
}

// DecodeContent decodes the content of a tool-result part: an array of
// content blocks (the harness's form; an image that refers to a stored
// attachment keeps its media type), a bare string, or an AI SDK output
// object {type: "text"|"error-text", value: string}, {type:
// "json"|"error-json", value} (shown as a JSON code block) or {type:
// "content", value: blocks}. Absent or null content decodes to nil. The
// blocks come out in the exact form the cards codec re-encodes.
func DecodeContent(raw json.RawMessage) ([]cards.ContentBlock, error) {
	trimmed := bytes.TrimSpace(raw)
	if len(trimmed) == 0 || string(trimmed) == "null" {
		return nil, nil
	}
	switch trimmed[0] {
	case '[':
		return decodeBlocks(trimmed)
	case '"':
		var s string
		if err := json.Unmarshal(trimmed, &s); err != nil {
			return nil, err
		}
		return toolkit.Text(s), nil
	case '{':
		return decodeOutput(trimmed)
	default:
		return nil, fmt.Errorf("want an array of blocks, a string or an output object")
	}
}

// decodeBlocks decodes an array of content blocks.
func decodeBlocks(raw []byte) ([]cards.ContentBlock, error) {
	var items []json.RawMessage
	if err := json.Unmarshal(raw, &items); err != nil {
		return nil, err
	}
	var blocks []cards.ContentBlock
	for i, item := range items {
		b, err := DecodeBlock(item)
		if err != nil {
			return nil, fmt.Errorf("block %d: %w", i, err)
		}
		blocks = append(blocks, b)
	}
	return blocks, nil
}

// DecodeBlock decodes one block with the cards codec, which keeps an
// opaque block in canonical JSON; an image without data or URI takes the
// media type of the stored attachment it refers to.
func DecodeBlock(raw json.RawMessage) (cards.ContentBlock, error) {
	b, err := cards.DecodeContentBlock(raw)
	if err != nil {
		return nil, err
	}
	if img, ok := b.(cards.ImageBlock); ok && img.MimeType == "" && img.Data == "" && img.URI == "" {
		return cards.ImageBlock{MimeType: attachmentMediaType(raw)}, nil
	}
	return b, nil
}

// attachmentMediaType reads {attachment: {mediaType}} from an image block,
// "" when it is not there.
func attachmentMediaType(raw json.RawMessage) string {
	var block struct {
		Attachment struct {
			MediaType string `json:"mediaType"`
		} `json:"attachment"`
	}
	if json.Unmarshal(raw, &block) != nil {
		return ""
	}
	return block.Attachment.MediaType
}

// decodeOutput decodes an AI SDK tool output object.
func decodeOutput(raw []byte) ([]cards.ContentBlock, error) {
	var out struct {
		Type  string          `json:"type"`
		Value json.RawMessage `json:"value"`
	}
	if err := json.Unmarshal(raw, &out); err != nil {
		return nil, err
	}
	switch out.Type {
	case "text", "error-text":
		var s string
		if err := json.Unmarshal(out.Value, &s); err != nil {
			return nil, fmt.Errorf("%s output: value: want a string", out.Type)
		}
		return toolkit.Text(s), nil
	case "json", "error-json":
		var pretty bytes.Buffer
		if err := json.Indent(&pretty, out.Value, "", "  "); err != nil {
			return nil, fmt.Errorf("%s output: value: %w", out.Type, err)
		}
		return toolkit.Code("json", pretty.String()), nil
	case "content":
		return decodeBlocks(out.Value)
	default:
		return nil, fmt.Errorf("unknown output type %q", out.Type)
	}
}

// DescribeError turns the top-level error of a tool/result event into text:
// the harness's {name, code, message} object as "name (code): message", a
// string as it is, anything else as its JSON. Absent or null gives "".
func DescribeError(raw json.RawMessage) string {
	trimmed := bytes.TrimSpace(raw)
	if len(trimmed) == 0 || string(trimmed) == "null" {
		return ""
	}
	var s string
	if json.Unmarshal(trimmed, &s) == nil {
		return s
	}
	var e struct {
		Name    string `json:"name"`
		Code    string `json:"code"`
		Message string `json:"message"`
	}
	if json.Unmarshal(trimmed, &e) != nil || e.Name+e.Code+e.Message == "" {
		return toolkit.ValidUTF8(string(trimmed))
	}
	return formatError(e.Name, e.Code, e.Message)
}

// formatError joins the parts of a structured error that are present.
func formatError(name, code, message string) string {
	var parts []string
	if name != "" {
		parts = append(parts, name)
	}
	if code != "" {
		parts = append(parts, "("+code+")")
	}
	head := strings.Join(parts, " ")
	switch {
	case head == "":
		return message
	case message == "":
		return head
	default:
		return head + ": " + message
	}
}

// cleanContent puts blocks into the exact form the cards codec re-encodes:
// Text made valid UTF-8 and opaque blocks in canonical JSON (an opaque block
// that is not a valid block becomes a visible placeholder). It returns a new
// slice; nil for no blocks.
func cleanContent(blocks []cards.ContentBlock) []cards.ContentBlock {
	var out []cards.ContentBlock
	for _, b := range blocks {
		out = append(out, cleanBlock(b))
	}
	return out
}

func cleanBlock(b cards.ContentBlock) cards.ContentBlock {
	switch b := b.(type) {
	case cards.TextBlock:
		return cards.TextBlock{Text: toolkit.ValidUTF8(b.Text), Markdown: b.Markdown, Lang: toolkit.ValidUTF8(b.Lang)}
	case cards.ImageBlock:
		return cards.ImageBlock{MimeType: toolkit.ValidUTF8(b.MimeType), Data: toolkit.ValidUTF8(b.Data), URI: toolkit.ValidUTF8(b.URI)}
	case cards.OpaqueBlock:
		return cleanOpaque(b)
	}
	return b
}

// cleanOpaque re-reads an opaque block through the codec.
func cleanOpaque(b cards.OpaqueBlock) cards.ContentBlock {
	raw, err := b.MarshalJSON()
	if err == nil {
		var clean cards.ContentBlock
		if clean, err = DecodeBlock(raw); err == nil {
			return clean
		}
	}
	return cards.TextBlock{Text: fmt.Sprintf("[unreadable %s block]", toolkit.ValidUTF8(b.Type))}
}
