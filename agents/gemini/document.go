package gemini

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/cardtui/cardtui/replay"
)

// Document reads the chat file Gemini CLI wrote before it logged JSON
// lines (chats/session-*.json, rewritten whole on every turn): one
// indented JSON document, the session's metadata and its "messages",
// given as the lines of Format, the metadata first, a message a line.
var Document = replay.Document{Format: "gemini", Match: matchDocument, Open: openDocument}

// matchDocument recognises a chat document: an indented JSON object
// whose first key is "sessionId" and which has a "projectHash".
func matchDocument(head []byte) bool {
	return replay.IndentedObject(head, "sessionId") && bytes.Contains(head, []byte(`"projectHash"`))
}

// maxDocument bounds the chat document read: Gemini CLI cuts each tool
// output at 50 KiB, and real chats are a few megabytes.
const maxDocument = 64 << 20

// openDocument gives the lines of a chat document: its metadata (every
// key but "messages") and then each message, compacted to one line.
func openDocument(_ string, r io.Reader, _ string) (io.ReadCloser, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxDocument+1))
	if err != nil {
		return nil, fmt.Errorf("gemini chat: %w", err)
	}
	if len(data) > maxDocument {
		return nil, fmt.Errorf("gemini chat: larger than %d MiB", maxDocument>>20)
	}
	var doc map[string]json.RawMessage
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("gemini chat: %w", err)
	}
	var messages []json.RawMessage
	if err := json.Unmarshal(doc["messages"], &messages); doc["messages"] != nil && err != nil {
		return nil, fmt.Errorf("gemini chat: messages: %w", replay.ObjectError(err))
	}
	delete(doc, "messages")
	var out bytes.Buffer
	meta, err := json.Marshal(doc)
	out.Write(meta)
	out.WriteByte('\n')
	for _, m := range messages {
		err = errors.Join(err, json.Compact(&out, m))
		out.WriteByte('\n')
	}
	return io.NopCloser(&out), err
}
