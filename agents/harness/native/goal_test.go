package native_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/producertest"
	"github.com/cardtui/cardtui/producers"
)

func TestGoalCalls(t *testing.T) {
	for _, tc := range []struct {
		tool, args string
		want       cards.CallView
	}{
		{"get_goal", `{}`, cards.GenericCall{Title: "Read current goal", Kind: cards.KindRead}},
		{
			"create_goal", `{"objective":"Ship v1 & tag it","max_goal_rounds":5}`,
			cards.GenericCall{Title: "Create goal", Kind: cards.KindOther, RawInput: json.RawMessage(`"Ship v1 \u0026 tag it"`)},
		},
		{
			"update_goal", `{"goal_id":"g1","revision":2,"action":"pause"}`,
			cards.GenericCall{Title: "Pause goal", Kind: cards.KindOther, RawInput: json.RawMessage(`"g1"`)},
		},
		{
			"update_goal", `{"goal_id":"g1","revision":2,"action":"edit","objective":"Ship v2"}`,
			cards.GenericCall{Title: "Edit goal", Kind: cards.KindOther, RawInput: json.RawMessage(`"Ship v2"`)},
		},
		{
			"update_goal", `{"goal_id":"g1","revision":3,"action":"blocked","blocked_reason":"CI is down"}`,
			cards.GenericCall{Title: "Mark goal", Kind: cards.KindOther, RawInput: json.RawMessage(`"CI is down"`)},
		},
	} {
		view := tools.Call(tc.tool, []byte(tc.args))
		producertest.RequireCallRoundTrip(t, view)
		assert.Equal(t, tc.want, view, tc.args)
	}
	producertest.RequireFallbackNote(t, tools.Call("create_goal", []byte(`{}`)), `"objective"`)
	producertest.RequireFallbackNote(t, tools.Call("update_goal", []byte(`{"goal_id":"g1"}`)), `"action"`)

	result := tools.Result("get_goal", []byte(`{}`), producers.Result{Content: producertest.Blocks(`{"goal":null}`)})
	assert.Equal(t, cards.GenericResult{Content: []cards.ContentBlock{cards.TextBlock{Text: `{"goal":null}`, Lang: "json"}}}, result)
}
