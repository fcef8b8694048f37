package harness_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/agents/nodb"
	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/harnesslog"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
	"github.com/cardtui/cardtui/producers"
	"github.com/cardtui/cardtui/replay"
)

// deployProducer is a harness's own tool: deploy {env}.
var deployProducer = producers.Producer{
	PresentCall: func(args json.RawMessage) (cards.CallView, error) {
		var a struct{ Env string }
		if err := json.Unmarshal(args, &a); err != nil {
			return nil, err
		}
		return cards.TerminalCall{Title: "deploy " + a.Env}, nil
	},
	PresentResult: func(_ json.RawMessage, r producers.Result) (cards.ResultView, error) {
		return cards.TerminalResult{Output: "deployed", ExitCode: cards.Exit(0)}, nil
	},
}

func TestOptionsProducersDrawTheHarnessOwnTools(t *testing.T) {
	input := header + "\n" + strings.Join([]string{
		harnesslog.CallEvent("d1", "deploy", `{"env":"staging"}`),
		harnesslog.ResultEvent("d1", "ok", false, ""),
		harnesslog.CallEvent("b1", "bash", bashArgs),
	}, "\n") + "\n"
	opts := replay.Options{Formats: nodb.Formats, Producers: producers.Registry{"deploy": deployProducer}}
	for _, format := range []string{replay.Auto, "harness"} {
		opts.Format = format
		tr, err := replay.Load(strings.NewReader(input), "s.jsonl", opts)
		require.NoError(t, err)
		var tools []cards.ToolCard
		for _, e := range tr.Entries {
			if c, ok := e.(cards.ToolCard); ok {
				tools = append(tools, c)
			}
		}
		require.Len(t, tools, 2, replaytest.Describe(tr))
		assert.Equal(t, cards.TerminalCall{Title: "deploy staging"}, tools[0].Call)
		assert.Equal(t, cards.TerminalResult{Output: "deployed", ExitCode: cards.Exit(0)}, tools[0].Result)
		assert.IsType(t, cards.TerminalCall{}, tools[1].Call, "the family's producers still draw the other tools")
	}

	tr, err := replay.Load(strings.NewReader(input), "s.jsonl", replay.Options{Formats: nodb.Formats})
	require.NoError(t, err)
	assert.IsType(t, cards.GenericCall{}, tr.Entries[0].(cards.ToolCard).Call, "without the option the tool falls back")
}
