package harness

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/cardtui/cardtui/internal/demo"
	"github.com/cardtui/cardtui/producers"
	"github.com/cardtui/cardtui/replay"

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

// batchMaxLines is the most lines a batch of replay's Pipeline holds.
const batchMaxLines = 256

// loadOneByOne reads a session as the decoders did before pipelines: every
// line decoded and applied before the next is read.
func loadOneByOne(t *testing.T, data []byte, format replay.Format, decode replay.LineDecode) *replay.Transcript {
	oneByOne := format
	oneByOne.NewDecoder = func(producers.Registry) replay.Decoder { return oneByOneDecoder(decode) }
	tr, err := replay.Load(bytes.NewReader(data), "s", replay.Options{Formats: []replay.Format{oneByOne}, Format: format.Name})
	require.NoError(t, err)
	return tr
}

// oneByOneDecoder decodes and applies each line as it comes.
type oneByOneDecoder replay.LineDecode

func (d oneByOneDecoder) DecodeLine(t *replay.Transcript, l replay.Line) {
	replay.ApplyLine(t, l, replay.LineDecode(d))
}

// TestPipelineIsLineByLine: decoding ahead, in batches on other
// goroutines, gives the transcript of decoding one line after the other.
func TestPipelineIsLineByLine(t *testing.T) {
	for _, headless := range []bool{false, true} {
		t.Run(fmt.Sprint("headless=", headless), func(t *testing.T) {
			data := append(demoRounds(t, 12, headless), reusedIDs(headless)...)
			format := LogFormat
			var decode replay.LineDecode
			if headless {
				format = HeadlessFormat
				decode = (&headlessStream{events: newEventHandler()}).decode
			} else {
				decode = (&harnessLog{events: newEventHandler()}).decode
			}
			want := loadOneByOne(t, data, format, decode)
			got, err := replay.Load(bytes.NewReader(data), "s", replay.Options{Formats: []replay.Format{format}, Format: format.Name})
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
	tr := replay.NewTranscript("s")
	dec := &harnessLog{events: newEventHandler()}
	lines := []string{
		`{"type":"user/message","data":{"content":[{"type":"text","text":"one"}],"source":{"kind":"user"}}}`,
		`{"type":"user/message","data":{"content":[{"type":"text","text":"two"}],"source":{"kind":"user"}}}`,
	}
	for i, l := range lines {
		dec.DecodeLine(tr, replay.Line{Number: i + 1, Data: []byte(l)})
	}
	tr.AddProblem(3, "too long", nil)
	require.Equal(t, []cards.Entry{
		cards.Message{Role: cards.RoleUser, Text: "one"},
		cards.Message{Role: cards.RoleUser, Text: "two"},
		cards.Problem{Source: "s", Line: 3, Reason: "too long"},
	}, tr.Entries)
}
