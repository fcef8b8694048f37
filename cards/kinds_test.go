package cards_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
)

func TestKinds(t *testing.T) {
	all := []cards.ToolCallKind{
		cards.KindRead, cards.KindEdit, cards.KindDelete, cards.KindMove, cards.KindSearch,
		cards.KindExecute, cards.KindThink, cards.KindFetch, cards.KindSwitchMode, cards.KindOther,
	}
	assert.ElementsMatch(t, all, cards.Kinds)
	for _, k := range all {
		assert.True(t, k.Valid(), "%q", k)
		v, err := cards.DecodeCall([]byte(`{"card":"generic","title":"t","kind":"` + string(k) + `"}`))
		require.NoError(t, err, "%q", k)
		assert.Equal(t, cards.GenericCall{Title: "t", Kind: k}, v)
	}
	assert.Equal(t, cards.ToolCallKind("switch_mode"), cards.KindSwitchMode)
	for _, k := range []cards.ToolCallKind{"explode", "", "Read", "switch-mode"} {
		assert.False(t, k.Valid(), "%q", k)
	}
}
