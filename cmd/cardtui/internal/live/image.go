package live

import (
	"encoding/base64"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	tea "charm.land/bubbletea/v2"
	sdk "github.com/coder/acp-go-sdk"
)

// maxImageBytes bounds a pasted image file.
const maxImageBytes = 5 << 20

// imageTypes are the MIME types of the image files a paste attaches, by
// extension.
var imageTypes = map[string]string{".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".gif": "image/gif", ".webp": "image/webp"}

// imageMsg is a pasted image file read: its block, or why it was not.
type imageMsg struct {
	name  string
	block sdk.ContentBlock
	err   error
}

// pastedImagePath is the image file a paste names (one path, quoted or
// not, ending with an image extension); false for any other paste.
func pastedImagePath(text string) (string, bool) {
	p := strings.Trim(strings.TrimSpace(text), `'"`)
	if p == "" || strings.ContainsAny(p, "\n\r") {
		return "", false
	}
	_, ok := imageTypes[strings.ToLower(filepath.Ext(p))]
	return p, ok
}

// paste puts pasted text in the composer, but attaches the image file
// it names when the agent takes images; when it does not, the hint
// says the path stays text.
func (m *Model) paste(msg tea.PasteMsg) tea.Cmd {
	path, ok := pastedImagePath(msg.Content)
	switch {
	case !ok:
		return m.toInput(msg)
	case !m.state.Images:
		m.hint = "the agent takes no images: the path is pasted as text"
		return m.toInput(msg)
	}
	if !filepath.IsAbs(path) {
		path = filepath.Join(m.sess.Dir(), path)
	}
	return func() tea.Msg { return readImage(path) }
}

// readImage reads an image file, at most maxImageBytes, as an image
// block.
func readImage(path string) imageMsg {
	msg := imageMsg{name: filepath.Base(path)}
	f, err := os.Open(path)
	if err != nil {
		msg.err = err
		return msg
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxImageBytes+1))
	switch {
	case err != nil:
		msg.err = err
	case len(data) > maxImageBytes:
		msg.err = fmt.Errorf("%s is larger than %d MiB", msg.name, maxImageBytes>>20)
	default:
		msg.block = sdk.ImageBlock(base64.StdEncoding.EncodeToString(data), imageTypes[strings.ToLower(filepath.Ext(path))])
	}
	return msg
}

// attach adds a read image to the next prompt, with a placeholder in the
// composer; a file that could not be read is a hint.
func (m *Model) attach(msg imageMsg) {
	if msg.err != nil {
		m.hint = "image not attached: " + msg.err.Error()
		return
	}
	m.images = append(m.images, msg.block)
	m.input.InsertString(fmt.Sprintf("[image %d: %s] ", len(m.images), msg.name))
}
