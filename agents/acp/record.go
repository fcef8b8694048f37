package acp

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// Peer names who a recorded line comes from.
type Peer string

// The peers of a recording: the client (cardtui) and the agent speak
// JSON-RPC; Local records are cardtui's own account of what happened
// outside the protocol (the session's start, a terminal's output, the
// agent's exit).
const (
	FromClient Peer = "client"
	FromAgent  Peer = "agent"
	Local      Peer = "cardtui"
)

// Record is one line of a recording (cardtui acp --record FILE): a
// timestamped JSON object with the peer it comes from and exactly one of
// Msg (a JSON-RPC message as it went over the wire), Text (a line the
// agent wrote on stdout that is not JSON), Start, Terminal, Write or
// Notice.
type Record struct {
	Time time.Time       `json:"time"`
	From Peer            `json:"from"`
	Msg  json.RawMessage `json:"msg,omitempty"`
	Text *string         `json:"text,omitempty"`
	// Start opens a recording: the agent's command line and the session
	// directory.
	Start *SessionStart `json:"start,omitempty"`
	// Terminal is the state of a client-side terminal: recorded when its
	// command exits, so that a replay shows the output the live card
	// showed.
	Terminal *TerminalState `json:"terminal,omitempty"`
	// Write is what cardtui found before it answered an
	// fs/write_text_file: the file on disk and its verdict.
	Write *FileWrite `json:"write,omitempty"`
	// Notice is something cardtui saw that is not a message: the agent
	// exited, crashed, wrote on stderr.
	Notice *string `json:"notice,omitempty"`
}

// SessionStart is the first record of a recording.
type SessionStart struct {
	Command []string `json:"command"`
	Dir     string   `json:"dir"`
}

// TerminalState is a client-side terminal's output and, once its command
// ended, its exit status (at most one of ExitCode and Signal).
type TerminalState struct {
	ID        string `json:"id"`
	Output    string `json:"output"`
	Truncated bool   `json:"truncated,omitempty"`
	Exited    bool   `json:"exited,omitempty"`
	ExitCode  *int   `json:"exitCode,omitempty"`
	Signal    string `json:"signal,omitempty"`
}

// DecodeRecord decodes one line of a recording strictly: a JSON object
// with a time, a known peer and exactly one payload that fits the peer
// (a message or text from the agent, a message from the client, a start,
// terminal or notice from cardtui).
func DecodeRecord(line []byte) (Record, error) {
	var r Record
	if err := json.Unmarshal(line, &r); err != nil {
		return Record{}, fmt.Errorf("not an ACP recording line: %w", err)
	}
	if r.Time.IsZero() {
		return Record{}, errors.New(`ACP recording line: no "time"`)
	}
	payloads := 0
	for _, set := range []bool{r.Msg != nil, r.Text != nil, r.Start != nil, r.Terminal != nil, r.Write != nil, r.Notice != nil} {
		if set {
			payloads++
		}
	}
	if payloads != 1 {
		return Record{}, fmt.Errorf("ACP recording line: want exactly one of msg, text, start, terminal, write, notice, got %d", payloads)
	}
	switch {
	case r.From == FromAgent && (r.Msg != nil || r.Text != nil):
	case r.From == FromClient && r.Msg != nil:
	case r.From == Local && r.Msg == nil && r.Text == nil:
	default:
		return Record{}, fmt.Errorf("ACP recording line: from %q cannot carry this payload", r.From)
	}
	if r.Terminal != nil && r.Terminal.ID == "" {
		return Record{}, errors.New("ACP recording line: a terminal without an id")
	}
	return r, nil
}

// IsRecordLine reports whether a decoded JSON object looks like a line of
// a recording: it has a "from" naming a peer and a "time". Replay's format
// detection uses it.
func IsRecordLine(head map[string]json.RawMessage) bool {
	var from Peer
	if _, ok := head["time"]; !ok || json.Unmarshal(head["from"], &from) != nil {
		return false
	}
	return from == FromClient || from == FromAgent || from == Local
}
