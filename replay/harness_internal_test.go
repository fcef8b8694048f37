package replay

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/cardtui/cardtui/internal/demo"

	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
)

// demoRounds is the demo session log repeated rounds times with fresh call
// ids, a few of them reused so that results meet calls of other batches
// and duplicate ids; every seventh round is wrapped as a headless stream
// would wrap it when headless is set.
func demoRounds(t *testing.T, rounds int, headless bool) []byte {
	demo, err := demo.Session, error(nil)
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSpace(string(demo)), "\n")
	var b bytes.Buffer
	if !headless {
		b.WriteString(lines[0] + "\n")
	}
	for r := range rounds {
		for i, l := range lines[1:] {
			l = strings.ReplaceAll(l, `"call_`, fmt.Sprintf(`"r%d_call_`, r%(rounds-2)))
			if headless {
				l = `{"type":"session_event","sessionId":"s","event":` + l + `}`
			}
			if (r+i)%97 == 0 {
				l = `{"type":"tool/call","data":{"callId":7}}` // a Problem
			}
			b.WriteString(l + "\n")
		}
	}
	return b.Bytes()
}

// reusedIDs are lines in which a result is decoded after a call with its
// id in the same batch, but belongs to an earlier call with that id and
// other arguments, out of the batch: a background command, whose result
// is a generic card, not a terminal.
func reusedIDs(headless bool) []byte {
	var b strings.Builder
	event := func(e string) {
		if headless {
			e = `{"type":"session_event","sessionId":"s","event":` + e + `}`
		}
		b.WriteString(e + "\n")
	}
	call := func(background bool) {
		args := fmt.Sprintf(`{\"command\":\"ls\",\"description\":\"List\",\"run_in_background\":%v}`, background)
		event(`{"type":"tool/call","data":{"callId":"x","name":"bash","arguments":"` + args + `"}}`)
	}
	call(true)
	for range batchMaxLines {
		event(`{"type":"step/start","data":{}}`)
	}
	call(false)
	event(`{"type":"tool/result","data":{"message":{"content":[{"type":"tool-result","toolCallId":"x","content":[{"type":"text","text":"a.go"}]}]}}}`)
	return []byte(b.String())
}

// loadOneByOne reads a session as the decoders did before pipelines: every
// line decoded and applied before the next is read.
func loadOneByOne(t *testing.T, data []byte, decode func(*Transcript, []byte) error) *Transcript {
	tr := NewTranscript("s")
	eachLine(tr, data, func(l Line) { ApplyLine(tr, l, decode) })
	tr.Finish()
	return tr
}

// eachLine reads the lines of data into tr, one after the other, and
// calls apply with every one that is not blank.
func eachLine(tr *Transcript, data []byte, apply func(Line)) {
	lr := newLineReader(bytes.NewReader(data))
	for {
		l, err := lr.next()
		if err != nil {
			return
		}
		tr.startLine(l)
		if !l.blank() {
			apply(l)
		}
	}
}

// TestPipelineIsLineByLine: decoding ahead, in batches on other
// goroutines, gives the transcript of decoding one line after the other.
func TestPipelineIsLineByLine(t *testing.T) {
	for _, headless := range []bool{false, true} {
		t.Run(fmt.Sprint("headless=", headless), func(t *testing.T) {
			data := append(demoRounds(t, 12, headless), reusedIDs(headless)...)
			format := HarnessLogFormat
			var decode func(*Transcript, []byte) error
			if headless {
				format = HeadlessFormat
				decode = (&headlessStream{events: newEventHandler()}).decode
			} else {
				decode = (&harnessLog{events: newEventHandler()}).decode
			}
			want := loadOneByOne(t, data, decode)
			got, err := Load(bytes.NewReader(data), "s", Options{Formats: []Format{format}, Format: format.Name})
			require.NoError(t, err)
			require.Greater(t, got.Stats.Lines, 2*batchMaxLines)
			first := got.Entries[len(got.Entries)-3].(cards.ToolCard)
			require.Equal(t, "x", first.ID)
			require.IsType(t, cards.GenericResult{}, first.Result)
			require.Positive(t, got.Stats.Problems)
			require.Equal(t, want.Entries, got.Entries)
			require.Equal(t, want.Stats, got.Stats)
		})
	}
}

// TestPipelineAppliesHeldLinesFirst: an entry the transcript takes from
// elsewhere while lines are held comes after them.
func TestPipelineAppliesHeldLinesFirst(t *testing.T) {
	tr := NewTranscript("s")
	dec := &harnessLog{events: newEventHandler()}
	lines := []string{
		`{"type":"user/message","data":{"content":[{"type":"text","text":"one"}],"source":{"kind":"user"}}}`,
		`{"type":"user/message","data":{"content":[{"type":"text","text":"two"}],"source":{"kind":"user"}}}`,
	}
	for i, l := range lines {
		dec.DecodeLine(tr, Line{Number: i + 1, Data: []byte(l), terminated: true})
	}
	tr.AddProblem(3, "too long", nil)
	require.Equal(t, []cards.Entry{
		cards.Message{Role: cards.RoleUser, Text: "one"},
		cards.Message{Role: cards.RoleUser, Text: "two"},
		cards.Problem{Source: "s", Line: 3, Reason: "too long"},
	}, tr.Entries)
}
