package acpclient

import (
	"net/url"
	"os"
	"path/filepath"
	"strings"

	sdk "github.com/coder/acp-go-sdk"
)

// maxMentions bounds the files one prompt links.
const maxMentions = 32

// PromptBlocks is a prompt as the content blocks sent to the agent: its
// text, then a resource link (which every ACP agent accepts) for each
// "@path" in it that names a regular file under dir, once each.
func PromptBlocks(text, dir string) []sdk.ContentBlock {
	blocks := []sdk.ContentBlock{sdk.TextBlock(text)}
	seen := map[string]bool{}
	for _, word := range strings.Fields(text) {
		rel, ok := strings.CutPrefix(word, "@")
		if !ok || rel == "" || seen[rel] || len(seen) == maxMentions {
			continue
		}
		abs, ok := inside(dir, rel)
		if !ok {
			continue
		}
		if info, err := os.Stat(abs); err != nil || !info.Mode().IsRegular() {
			continue
		}
		seen[rel] = true
		uri := (&url.URL{Scheme: "file", Path: abs}).String()
		blocks = append(blocks, sdk.ResourceLinkBlock(filepath.Base(abs), uri))
	}
	return blocks
}

// inside is rel joined to dir when it stays inside dir.
func inside(dir, rel string) (string, bool) {
	if dir == "" || filepath.IsAbs(rel) {
		return "", false
	}
	abs := filepath.Join(dir, rel)
	r, err := filepath.Rel(dir, abs)
	if err != nil || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) {
		return "", false
	}
	return abs, true
}
