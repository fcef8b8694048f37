package html_test

import (
	"bytes"
	"context"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit"
)

// chromium finds a Chromium to run headless; .ci/run installs Debian's.
func chromium(t *testing.T) string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	t.Skip("no chromium on PATH: `apt-get install chromium` runs this browser test (.ci/run does)")
	return ""
}

// runChromium runs a headless Chromium with a profile of its own on the
// page with the extra arguments and returns its standard output.
func runChromium(t *testing.T, bin, page string, args ...string) []byte {
	t.Helper()
	return startChromium(t, bin, page, args...)()
}

// startChromium starts runChromium's Chromium and returns a function
// that waits for it to end and returns its standard output; the test
// fails there when Chromium did.
func startChromium(t *testing.T, bin, page string, args ...string) (wait func() []byte) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	base := []string{
		"--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
		"--user-data-dir=" + t.TempDir(), "--hide-scrollbars",
	}
	cmd := exec.CommandContext(ctx, bin, append(append(base, args...), "file://"+page)...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Start()
	return func() []byte {
		t.Helper()
		defer cancel()
		if err == nil {
			err = cmd.Wait()
		}
		require.NoError(t, err, "chromium: %s", stderr.String())
		return stdout.Bytes()
	}
}

// TestHTMLInBrowser loads the demo's export in a headless Chromium: the
// DOM it builds holds every card and the diff lines with their classes,
// and screenshots of the page, light and dark, are written to a temporary
// directory ($CARDTUI_SCREENSHOTS, to keep them, else one the test
// removes). One run dumps the DOM and takes the light screenshot; the
// dark one, another run, goes on meanwhile.
func TestHTMLInBrowser(t *testing.T) {
	testkit.SkipLong(t, "runs a headless Chromium twice")
	bin := chromium(t)
	page, tr := demoHTML(t)
	dir := os.Getenv("CARDTUI_SCREENSHOTS")
	if dir == "" {
		dir = t.TempDir()
	}
	file := filepath.Join(dir, "demo.html")
	require.NoError(t, os.WriteFile(file, []byte(page), 0o644))

	shot, dark := filepath.Join(dir, "demo.png"), filepath.Join(dir, "demo-dark.png")
	darkRun := startChromium(t, bin, file, "--window-size=1000,3000", "--force-dark-mode", "--screenshot="+dark)
	dumped := runChromium(t, bin, file, "--window-size=1000,3000", "--dump-dom", "--screenshot="+shot)
	darkRun()
	dom, err := html.Parse(bytes.NewReader(dumped))
	require.NoError(t, err)

	var calls int
	for _, e := range tr.Entries {
		if _, ok := e.(cards.ToolCard); ok {
			calls++
		}
	}
	assert.Equal(t, calls, countElements(dom, "details", "card"), "one <details> per tool card")
	added := findElement(dom, "tr", "add")
	require.NotNil(t, added, "a diff line with class add")
	assert.NotEmpty(t, strings.TrimSpace(nodeText(added)))
	assert.NotNil(t, findElement(dom, "span", "badge"), "the exit badges")

	for _, path := range []string{shot, dark} {
		assert.Equal(t, 1000, pngWidth(t, path))
	}
	t.Logf("screenshots: %s, %s", shot, dark)
}

// pngWidth is the width of the PNG image at path.
func pngWidth(t *testing.T, path string) int {
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	img, err := png.Decode(f)
	require.NoError(t, err)
	return img.Bounds().Dx()
}

// hasClass reports whether n is the element tag with class in its list.
func hasClass(n *html.Node, tag, class string) bool {
	if n.Type != html.ElementNode || n.Data != tag {
		return false
	}
	for _, a := range n.Attr {
		if a.Key == "class" && strings.Contains(" "+a.Val+" ", " "+class+" ") {
			return true
		}
	}
	return false
}

func countElements(doc *html.Node, tag, class string) int {
	n := 0
	for e := range doc.Descendants() {
		if hasClass(e, tag, class) {
			n++
		}
	}
	return n
}

func findElement(doc *html.Node, tag, class string) *html.Node {
	for e := range doc.Descendants() {
		if hasClass(e, tag, class) {
			return e
		}
	}
	return nil
}

func nodeText(n *html.Node) string {
	var b strings.Builder
	for c := range n.Descendants() {
		if c.Type == html.TextNode {
			b.WriteString(c.Data)
		}
	}
	return b.String()
}
