package codex

import (
	"encoding/json"
	"errors"
	"net/url"
	"strings"

	"github.com/cardtui/cardtui/internal/fastjson"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/replay"
)

// Codex 0.169 writes what the UI saw of a turn as event_msg item_completed
// lines, one per item (codex-rs's TurnItem, tagged by "type"), instead of
// the older user_message, agent_message, agent_reasoning, exec_command_end
// and patch_apply_end events:
//
//	item                 what it holds                                   shown as
//	UserMessage          content: [{type: "text", text}]                 the user's message, unless its response item showed it
//	AgentMessage         content: [{type: "Text", text}]                 the assistant's message, likewise
//	Reasoning            summary_text, raw_content: [string]             reasoning, likewise
//	CommandExecution     id (the call's call_id), command (argv), cwd    the call's result meta: exit code, duration, output;
//	                       (a file: URL), parsed_cmd, status,              parsed_cmd makes a read, search or listing card
//	                       aggregated_output, exit_code, duration
//	FileChange           id, changes (path → add / delete / update),     the patch's result meta: the changes with line
//	                       status, stdout, stderr                          numbers, failed unless status is completed
//	ContextCompaction    id                                              a notice, once per turn
//	anything else        (Plan, WebSearch, ImageView, McpToolCall, …)    counted as event_msg/item_completed/<type>: their
//	                                                                       response items show them
//
// A CommandExecution or FileChange whose call was not seen (a command the
// user ran) gets a card of its own.

// turnItem is the item of an item_completed event, of any type.
type turnItem struct {
	Type        *string         `json:"type"`
	ID          string          `json:"id"`
	Content     json.RawMessage `json:"content"`
	SummaryText []string        `json:"summary_text"`
	RawContent  []string        `json:"raw_content"`
	Command     json.RawMessage `json:"command"`
	Cwd         string          `json:"cwd"`
	ParsedCmd   json.RawMessage `json:"parsed_cmd"`
	Changes     json.RawMessage `json:"changes"`
}

// itemCompleted applies an item_completed event; its item's type names
// what is skipped.
func (d *codexRollout) itemCompleted(t *replay.Transcript, raw json.RawMessage) (string, error) {
	payload, err := payloadObject(raw)
	if err != nil {
		return "", errors.New(strings.Replace(err.Error(), `"payload"`, `"payload.item"`, 1))
	}
	var it turnItem
	if err := decodePayload(payload, &it); err != nil {
		return "", withField(err, "payload", "payload.item")
	}
	if it.Type == nil {
		return "", errors.New(`missing field "payload.item.type"`)
	}
	return *it.Type, d.applyTurnItem(t, *it.Type, it, payload)
}

// withField renames the field an error names: the item's fields are the
// payload's item's.
func withField(err error, from, to string) error {
	return errors.New(strings.Replace(err.Error(), `"`+from+`.`, `"`+to+`.`, 1))
}

func (d *codexRollout) applyTurnItem(t *replay.Transcript, typ string, it turnItem, payload []byte) error {
	switch typ {
	case "UserMessage":
		return d.itemText(t, it.Content, cards.RoleUser)
	case "AgentMessage":
		return d.itemText(t, it.Content, cards.RoleAssistant)
	case "Reasoning":
		shown := false
		for _, text := range append(it.SummaryText, it.RawContent...) {
			shown = d.message(t, true, cards.RoleReasoning, text) == nil || shown
		}
		if !shown {
			return errSeen
		}
		return nil
	case "CommandExecution":
		e := codexEvent{CallID: it.ID, Command: it.Command, Cwd: fileURLPath(it.Cwd)}
		return d.endWith(t, e, "shell", shellArgs(e), payload, it.ParsedCmd)
	case "FileChange":
		changes, _ := relativeKeys(it.Changes, d.cwd)
		return d.endWith(t, codexEvent{CallID: it.ID}, "apply_patch", changesArgs(changes), relativeChanges(payload, d.cwd), nil)
	case "ContextCompaction":
		return d.compactionNotice(t, "")
	}
	return errNotShown
}

// itemText shows the text parts of a message item's content.
func (d *codexRollout) itemText(t *replay.Transcript, raw json.RawMessage, role cards.Role) error {
	var parts []codexPart
	if err := unmarshalOptional(raw, &parts); err != nil {
		return errors.New(`field "payload.item.content": want an array of parts`)
	}
	var texts []string
	for _, p := range parts {
		if strings.EqualFold(p.Type, "text") {
			texts = append(texts, p.Text)
		}
	}
	return d.message(t, true, role, strings.Join(texts, "\n"))
}

// fileURLPath is the path of a file: URL ("file:///w" is "/w"); any other
// text is a path already.
func fileURLPath(s string) string {
	if !strings.HasPrefix(s, "file:") {
		return s
	}
	u, err := url.Parse(s)
	if err != nil || u.Path == "" {
		return s
	}
	return u.Path
}

// relativeChanges names the files of a patch event's or FileChange item's
// changes relative to the session's directory, as Codex's UI does, when
// they are in it; the payload is returned as it is otherwise.
func relativeChanges(payload []byte, cwd string) []byte {
	var fields map[string]json.RawMessage
	if cwd == "" || fastjson.Unmarshal(payload, &fields) != nil {
		return payload
	}
	changes, ok := relativeKeys(fields["changes"], cwd)
	if !ok {
		return payload
	}
	fields["changes"] = changes
	out, err := json.Marshal(fields)
	if err != nil {
		return payload
	}
	return out
}

// relativeKeys renames the paths of a changes object (and the move_path
// of each change); ok is false when it is no object or a name would
// collide.
func relativeKeys(raw json.RawMessage, cwd string) (json.RawMessage, bool) {
	var changes map[string]json.RawMessage
	if fastjson.Unmarshal(raw, &changes) != nil || len(changes) == 0 {
		return raw, false
	}
	renamed := make(map[string]json.RawMessage, len(changes))
	for path, change := range changes {
		rel := relativePath(path, cwd)
		if _, taken := renamed[rel]; taken {
			return raw, false
		}
		renamed[rel] = relativeMove(change, cwd)
	}
	out, err := json.Marshal(renamed)
	return out, err == nil
}

// relativeMove renames the move_path of a change, in either form.
func relativeMove(change json.RawMessage, cwd string) json.RawMessage {
	var fields map[string]json.RawMessage
	if fastjson.Unmarshal(change, &fields) != nil {
		return change
	}
	if update, ok := fields["update"]; ok {
		fields["update"] = relativeMove(update, cwd)
	}
	var move string
	if fastjson.Unmarshal(fields["move_path"], &move) == nil && move != "" {
		fields["move_path"], _ = json.Marshal(relativePath(move, cwd))
	}
	out, err := json.Marshal(fields)
	if err != nil {
		return change
	}
	return out
}

// relativePath is path relative to dir when it is inside it.
func relativePath(path, dir string) string {
	dir = strings.TrimSuffix(dir, "/")
	if rest, ok := strings.CutPrefix(path, dir+"/"); ok && dir != "" && rest != "" {
		return rest
	}
	return path
}
