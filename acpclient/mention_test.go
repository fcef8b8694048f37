package acpclient_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/acpclient"
)

// TestPromptBlocks: a prompt is its text, then one resource link per
// regular file it mentions inside the session directory, once each; a
// directory, a missing file, a path leaving the directory and an
// absolute path stay text only.
func TestPromptBlocks(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "a.go"), nil, 0o644))
	require.NoError(t, os.Mkdir(filepath.Join(dir, "sub"), 0o755))
	tests := []struct {
		name  string
		text  string
		links []string
	}{
		{"none", "hello", nil},
		{"one", "read @a.go please", []string{"a.go"}},
		{"twice", "@a.go and @a.go", []string{"a.go"}},
		{"a directory", "@sub", nil},
		{"missing", "@b.go", nil},
		{"outside", "@../a.go @sub/../../a.go", nil},
		{"absolute", "@" + filepath.Join(dir, "a.go"), nil},
		{"a bare @", "mail me @ home", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			blocks := acpclient.PromptBlocks(tt.text, dir)
			require.NotEmpty(t, blocks)
			require.NotNil(t, blocks[0].Text)
			assert.Equal(t, tt.text, blocks[0].Text.Text)
			var links []string
			for _, b := range blocks[1:] {
				require.NotNil(t, b.ResourceLink)
				links = append(links, b.ResourceLink.Name)
			}
			assert.Equal(t, tt.links, links)
		})
	}
}
