package fastjson_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/cardtui/cardtui/internal/fastjson"
)

// TestEmptyAllocatesNothing: an absent field's empty text, which the
// decoders hand over often, fails at once, without the v2 decoder's
// attempt.
func TestEmptyAllocatesNothing(t *testing.T) {
	var ms float64
	assert.Error(t, fastjson.Unmarshal(nil, &ms))
	allocs := testing.AllocsPerRun(100, func() { _ = fastjson.Unmarshal(nil, &ms) })
	assert.LessOrEqual(t, allocs, 2.0, "encoding/json's error alone")
}
