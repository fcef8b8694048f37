package acp

import (
	"bytes"
	"encoding/json"
	"strings"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/cardtui/cardtui/cards"
)

// blockText is a content block as message text: text as it is, the other
// kinds as a visible placeholder or link, so that none disappears.
func blockText(b sdk.ContentBlock) string {
	switch {
	case b.Text != nil:
		return b.Text.Text
	case b.Image != nil:
		return "[image " + b.Image.MimeType + "]"
	case b.Audio != nil:
		return "[audio " + b.Audio.MimeType + "]"
	case b.ResourceLink != nil:
		return "[" + b.ResourceLink.Name + "](" + b.ResourceLink.Uri + ")"
	case b.Resource != nil:
		return resourceText(b.Resource.Resource)
	}
	return "[empty content block]"
}

// resourceText is an embedded resource: its text, or a placeholder for a
// blob.
func resourceText(r sdk.EmbeddedResourceResource) string {
	switch {
	case r.TextResourceContents != nil:
		return r.TextResourceContents.Text
	case r.BlobResourceContents != nil:
		return "[resource " + r.BlobResourceContents.Uri + "]"
	}
	return "[empty resource]"
}

// blocksText is a prompt's blocks as one text, a block per line.
func blocksText(blocks []sdk.ContentBlock) string {
	parts := make([]string, len(blocks))
	for i, b := range blocks {
		parts[i] = blockText(b)
	}
	return strings.Join(parts, "\n")
}

// cardBlock is a tool call's content block as a card's: text and images
// as such, anything else as the block itself, which the renderer shows as
// a placeholder naming its type.
func cardBlock(b sdk.ContentBlock) cards.ContentBlock {
	switch {
	case b.Text != nil:
		return toolText(b.Text.Text)
	case b.Image != nil:
		img := cards.ImageBlock{MimeType: b.Image.MimeType, Data: b.Image.Data}
		if b.Image.Uri != nil {
			img.URI = *b.Image.Uri
		}
		return img
	case b.ResourceLink != nil, b.Resource != nil && b.Resource.Resource.TextResourceContents != nil:
		return cards.TextBlock{Text: blockText(b)}
	}
	raw, _ := json.Marshal(b)
	var head struct {
		Type string `json:"type"`
	}
	_ = json.Unmarshal(raw, &head)
	return cards.OpaqueBlock{Type: head.Type, Raw: raw}
}

// jsonOf is a raw input or output as JSON, nil when there is none.
func jsonOf(v any) json.RawMessage {
	if v == nil {
		return nil
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if enc.Encode(v) != nil {
		return nil
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}
