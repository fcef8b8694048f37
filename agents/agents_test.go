package agents_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/agents"
	"github.com/cardtui/cardtui/agents/crush"
	"github.com/cardtui/cardtui/agents/nodb"
	"github.com/cardtui/cardtui/agents/opencode"
	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/producers"
	"github.com/cardtui/cardtui/replay"
	"github.com/cardtui/cardtui/sessions"
)

// noteDecoder decodes the lines of a format of the test's own:
// {"type":"note","text":"..."}, each an assistant message.
type noteDecoder struct{}

func (noteDecoder) DecodeLine(t *replay.Transcript, l replay.Line) {
	var note struct{ Text string }
	if err := json.Unmarshal(l.Data, &note); err != nil {
		t.AddProblem(l.Number, err.Error(), l.Data)
		return
	}
	t.AddMessage(cards.RoleAssistant, note.Text)
}

// notes is the test's format, told by its lines' type.
var notes = replay.Format{
	Name:       "notes",
	Detect:     func(_ map[string]json.RawMessage, typ string) bool { return typ == "note" },
	Expect:     "notes: note",
	NewDecoder: func(producers.Registry) replay.Decoder { return noteDecoder{} },
}

// TestFormatOfItsOwn shows that a format is one row of the table: a
// session in a format replay does not know is detected and read once the
// format is added to agents.Formats.
func TestFormatOfItsOwn(t *testing.T) {
	const session = `{"type":"note","text":"one"}` + "\n" + `{"type":"note","text":"two"}` + "\n"
	formats := append(slices.Clone(agents.Formats), notes)
	tr, err := replay.Load(strings.NewReader(session), "notes.jsonl", replay.Options{Formats: formats})
	require.NoError(t, err)
	assert.Equal(t, "notes", tr.Format)
	assert.Equal(t, []cards.Entry{
		cards.Message{Role: cards.RoleAssistant, Text: "one"},
		cards.Message{Role: cards.RoleAssistant, Text: "two"},
	}, tr.Entries)
	assert.Equal(t, 2, tr.Stats.Events)
	assert.Contains(t, replay.FormatNames(formats), "notes")

	_, err = replay.Load(strings.NewReader(session), "notes.jsonl", agents.Options(replay.Auto))
	require.True(t, replay.IsNotSession(err), "not a format of the table: %v", err)
	assert.ErrorContains(t, err, `type "note" belongs to no known format`)
}

// TestFormatsAreNoDBsAndTheDatabases: agents.Formats is nodb's formats,
// in order, and the two read from SQLite databases.
func TestFormatsAreNoDBsAndTheDatabases(t *testing.T) {
	var want []string
	for _, name := range formatNames(agents.Formats) {
		if name != opencode.Format.Name && name != crush.Format.Name {
			want = append(want, name)
		}
	}
	require.Len(t, want, len(agents.Formats)-2, "opencode and crush are rows of agents.Formats")
	assert.Equal(t, want, formatNames(nodb.Formats))
	opts := nodb.Options("claude")
	assert.Equal(t, want, formatNames(opts.Formats))
	assert.Equal(t, "claude", opts.Format)
}

// TestSessionsAreNoDBsAndTheDatabases: agents.Sessions is nodb's
// sources, in order, and the two agents whose sessions are SQLite
// databases.
func TestSessionsAreNoDBsAndTheDatabases(t *testing.T) {
	var want []sessions.Agent
	for _, a := range agents.SessionAgents() {
		if a != opencode.Sessions.Agent && a != crush.Sessions.Agent {
			want = append(want, a)
		}
	}
	require.Len(t, want, len(agents.Sessions)-2, "opencode and crush are rows of agents.Sessions")
	var got []sessions.Agent
	for _, s := range nodb.Sessions {
		got = append(got, s.Agent)
	}
	assert.Equal(t, want, got)
}

// formatNames are the names of formats, in order.
func formatNames(formats []replay.Format) []string {
	var names []string
	for _, f := range formats {
		names = append(names, f.Name)
	}
	return names
}
