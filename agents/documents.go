package agents

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"os"
	"strings"

	"github.com/cardtui/cardtui/agents/crush"
	"github.com/cardtui/cardtui/agents/gemini"
	"github.com/cardtui/cardtui/agents/opencode"
	"github.com/cardtui/cardtui/internal/regularfile"
	"github.com/cardtui/cardtui/replay"
)

// Documents are the sessions that are not logs of JSON lines — opencode's
// database and exports, Crush's databases, Gemini CLI's chat documents —
// each read as the lines of its agent's Format, tried in order.
var Documents = []replay.Document{opencode.Document, crush.Document, gemini.Document}

// headBytes is how much of a file Match sees.
const headBytes = 512

// OpenDocument opens the session file operand names when it is one of
// Documents (for a database, "FILE#SESSION" is one session of it): its
// lines, read whole, and their format. ok is false when it is not one,
// and the caller reads the file as lines; the error says why a document
// could not be read.
func OpenDocument(operand string) (r io.ReadCloser, format string, ok bool, err error) {
	path, session := operand, ""
	if _, statErr := os.Stat(operand); statErr != nil {
		if i := strings.LastIndexByte(operand, '#'); i > 0 {
			path, session = operand[:i], operand[i+1:]
		}
	}
	f, _, err := regularfile.Open(path)
	if err != nil {
		return nil, "", false, nil // the caller's open says why; a pipe is read as lines
	}
	defer f.Close()
	var in io.Reader = f
	head := make([]byte, headBytes)
	n, _ := io.ReadFull(in, head)
	head = head[:n]
	full := io.MultiReader(bytes.NewReader(head), in)
	var errs []error
	for _, d := range Documents {
		if !d.Match(head) {
			continue
		}
		rc, err := d.Open(path, full, session)
		if err == nil {
			return rc, d.Format, true, nil
		}
		errs = append(errs, err)
	}
	if len(errs) > 0 {
		return nil, "", true, errors.Join(errs...)
	}
	return nil, "", false, nil
}

// PipeDocument tells whether the stream r (a pipe: `opencode export ID |
// cardtui -`) is one of Documents. A log of JSON lines never starts with
// a line holding "{" alone, an indented JSON document does: only then is
// more than the first line waited for, so that a live log is not held up.
// lines is what to read as a log when it is no document (r, with the
// first line put back); doc and format are the document's lines and
// their format when it is one, and err says why a document could not be
// read.
func PipeDocument(r io.Reader) (lines io.Reader, doc io.ReadCloser, format string, err error) {
	br := bufio.NewReaderSize(r, headBytes)
	first, readErr := br.ReadSlice('\n')
	first = bytes.Clone(first)
	lines = io.MultiReader(bytes.NewReader(first), br)
	if readErr != nil || string(bytes.TrimSpace(first)) != "{" {
		return lines, nil, "", nil
	}
	head, _ := br.Peek(headBytes - len(first))
	head = append(first, head...)
	var errs []error
	for _, d := range Documents {
		if !d.Match(head) {
			continue
		}
		rc, err := d.Open("", lines, "")
		if err == nil {
			return nil, rc, d.Format, nil
		}
		errs = append(errs, err)
	}
	if len(errs) > 0 {
		return nil, nil, "", errors.Join(errs...)
	}
	return lines, nil, "", nil
}
