package native_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/producertest"
)

func TestCordisCalls(t *testing.T) {
	cases := []struct {
		tool, args string
		want       cards.CallView
	}{
		{
			"cordis_define", `{"plugin":{"kind":"new","idPrefix":"snap"},"name":"Snapshot Marker","purpose":"Exercise the lifecycle.","code":{"host":"return { apply() {} }"}}`,
			cards.GenericCall{Title: "Define Cordis package Snapshot Marker", Kind: cards.KindEdit, Content: []cards.ContentBlock{
				cards.TextBlock{Text: "Exercise the lifecycle."}, cards.TextBlock{Text: "Host:"}, cards.TextBlock{Text: "return { apply() {} }", Lang: "javascript"},
			}},
		},
		{"cordis_run", `{"pluginId":"snap-1","packageId":"pkg-1","mode":"run"}`, cards.GenericCall{Title: "Run Cordis package snap-1/pkg-1", Kind: cards.KindExecute}},
		{"cordis_run", `{"pluginId":"snap-1","packageId":"pkg-1","mode":"restart"}`, cards.GenericCall{Title: "Run Cordis package snap-1/pkg-1 (restart)", Kind: cards.KindExecute}},
		{"cordis_inspect_self", `{"pluginId":"snap-1"}`, cards.GenericCall{Title: "Inspect Cordis plugin snap-1", Kind: cards.KindRead}},
		{
			"cordis_inspect_query", `{"platform":"host","provider":"Service","method":"listService","input":{"service":"tools"}}`,
			cards.GenericCall{Title: "Query Cordis Service.listService on host", Kind: cards.KindSearch, RawInput: json.RawMessage(`{"service":"tools"}`)},
		},
		{"cordis_undefine", `{"pluginId":"snap-1"}`, cards.GenericCall{Title: "Remove Cordis plugin snap-1", Kind: cards.KindDelete}},
	}
	for _, c := range cases {
		t.Run(c.tool+" "+c.args, func(t *testing.T) {
			require.Equal(t, c.want, call(t, c.tool, c.args))
		})
	}
	producertest.RequireFallbackNote(t, call(t, "cordis_run", `{"pluginId":1}`), `field "pluginId"`)
	require.Equal(t, cards.GenericResult{Content: []cards.ContentBlock{cards.TextBlock{Text: "{\"state\": \"running\"}", Lang: "json"}}},
		result(t, "cordis_inspect_self", `{"pluginId":"p"}`, textResult(`{"state": "running"}`)))
}
