package replay

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/cardtui/cardtui/acp"
)

// Format is a session file format.
type Format int

// The formats replay reads. Auto detects the format from the content.
const (
	Auto Format = iota
	// ViewStream is the view stream: call, result and message lines that
	// carry views computed by the harness (DESIGN.md 3.3).
	ViewStream
	// HarnessLog is the harness's session log: a "session" header line,
	// then one {"type", "data"} event per line (DESIGN.md 3.1).
	HarnessLog
	// Headless is the harness's headless stream: the session log's events
	// wrapped as {"type":"session_event","event":{...}}, and a final
	// {"type":"result"} line (DESIGN.md 3.2).
	Headless
	// ClaudeCode is a Claude Code transcript (~/.claude/projects/*/*.jsonl):
	// user, assistant, summary and system lines (DESIGN.md 3.4).
	ClaudeCode
	// Codex is a Codex CLI rollout (~/.codex/sessions/…/rollout-*.jsonl):
	// {"timestamp","type","payload"} lines.
	Codex
	// ACP is a recording of `cardtui acp --record`: one
	// {"time","from","msg"|...} line per JSON-RPC message of a session
	// with an ACP agent.
	ACP
)

// formatNames are the names of the formats as the --input-format flag
// spells them, indexed by Format.
var formatNames = []string{
	Auto:       "auto",
	ViewStream: "views",
	HarnessLog: "harness",
	Headless:   "headless",
	ClaudeCode: "claude",
	Codex:      "codex",
	ACP:        "acp",
}

// FormatNames lists the names ParseFormat accepts.
func FormatNames() []string { return slices.Clone(formatNames) }

// String returns the format's flag name.
func (f Format) String() string {
	if f < 0 || int(f) >= len(formatNames) {
		return fmt.Sprintf("Format(%d)", int(f))
	}
	return formatNames[f]
}

// ParseFormat parses a format name as the --input-format flag spells it.
func ParseFormat(name string) (Format, error) {
	if i := slices.Index(formatNames, name); i >= 0 {
		return Format(i), nil
	}
	return Auto, fmt.Errorf("unknown input format %q: want one of %s", name, strings.Join(formatNames, ", "))
}

// viewStreamTypes are the "type" values of view-stream lines.
var viewStreamTypes = []string{"call", "result", "message"}

// Line types that tell the harness formats apart.
const (
	headerType       = "session"
	sessionEventType = "session_event"
)

// Detect tells the format of a session from its first line: the view
// stream's call, result and message lines; the session log's header or,
// for a log whose header was lost, any of its events ("tool/call",
// "reasoning-chunks"...); the headless stream's session_event lines; a
// Codex rollout's lines, whose type is one of its own and which carry a
// payload; a Claude Code transcript's lines, which carry a uuid,
// parentUuid, sessionId or leafUuid; an ACP recording's lines, which carry
// a time and the peer they come from.
func Detect(firstLine []byte) (Format, error) {
	head := topFields(firstLine)
	if head == nil {
		return Auto, errors.New("cannot detect the input format: the line is not a JSON object")
	}
	if acp.IsRecordLine(head) {
		return ACP, nil
	}
	raw, ok := head["type"]
	if !ok {
		return Auto, errors.New(`cannot detect the input format: the line has no "type" field, nor the time and peer of an ACP recording line`)
	}
	var typ string
	if err := json.Unmarshal(raw, &typ); err != nil {
		return Auto, errors.New(`cannot detect the input format: "type" is not a string`)
	}
	switch {
	case slices.Contains(viewStreamTypes, typ):
		return ViewStream, nil
	case typ == headerType || isEventType(typ):
		return HarnessLog, nil
	case typ == sessionEventType:
		return Headless, nil
	case isCodexLine(head, typ):
		return Codex, nil
	case isClaudeLine(head, typ):
		return ClaudeCode, nil
	}
	return Auto, fmt.Errorf("cannot detect the input format: type %q belongs to no known format "+
		"(views: %s; harness log: %s or an event type such as tool/call; headless: %s; "+
		"codex: %s with a payload; claude: a line with a uuid or sessionId)",
		typ, strings.Join(viewStreamTypes, ", "), headerType, sessionEventType, strings.Join(codexLineTypes, ", "))
}

// topFields is the fields of the JSON object on a line, as json.Unmarshal
// into a map gives them; nil when the line is not a JSON object. A valid
// line whose keys are plain (see plainKey) is split by hand (splitTop):
// its values, a whole diff in a view stream's first line, are checked
// but neither decoded nor copied.
func topFields(line []byte) map[string]json.RawMessage {
	if head, ok := splitTop(line); ok {
		return head
	}
	var head map[string]json.RawMessage
	if json.Unmarshal(line, &head) != nil {
		return nil
	}
	return head
}

// splitTop splits a line that is one JSON object into its fields, checking
// it on the way as validJSON does: one pass over the line, where checking
// it whole and then splitting it took two, and copying the values a third
// (15 ms of the first line of a diff of 100,000 lines, 11 MB). The values
// are slices of line, which Detect reads before the next line is. ok is
// false when the line is not valid JSON or has a key that is not plain,
// which encoding/json decodes.
func splitTop(line []byte) (head map[string]json.RawMessage, ok bool) {
	v := validator{data: line}
	if v.space() == len(line) || line[v.i] != '{' {
		return nil, false
	}
	v.i++
	head = map[string]json.RawMessage{}
	if v.space() < len(line) && line[v.i] == '}' {
		v.i++
		return head, v.space() == len(line)
	}
	for {
		key, ok := v.key()
		if !ok {
			return nil, false
		}
		start := v.space()
		if !v.value(1) { // 1: inside the line's object, as validJSON counts
			return nil, false
		}
		head[string(key)] = line[start:v.i]
		if !v.next('}') {
			return nil, false
		}
		if line[v.i-1] == '}' {
			return head, v.space() == len(line)
		}
	}
}

// key reads a plain key (see plainKey) and the colon after it.
func (v *validator) key() ([]byte, bool) {
	if v.space() == len(v.data) || v.data[v.i] != '"' {
		return nil, false
	}
	start := v.i
	if !v.string() {
		return nil, false
	}
	key := v.data[start+1 : v.i-1]
	if !plainKey(key) || v.space() == len(v.data) || v.data[v.i] != ':' {
		return nil, false
	}
	v.i++
	return key, true
}

// isEventType reports whether typ looks like the type of a session-log
// event: a path such as "tool/call", or a packed row such as
// "text-chunks".
func isEventType(typ string) bool {
	return strings.Contains(strings.Trim(typ, "/"), "/") || strings.HasSuffix(typ, "-chunks")
}
