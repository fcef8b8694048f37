package style_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/render/style"
)

func TestParseDiffLayout(t *testing.T) {
	for _, l := range []style.DiffLayout{style.DiffAuto, style.DiffUnified, style.DiffSplit} {
		got, err := style.ParseDiffLayout(l.String())
		require.NoError(t, err)
		assert.Equal(t, l, got)
	}
	_, err := style.ParseDiffLayout("sideways")
	assert.ErrorContains(t, err, `"sideways"`)
}
