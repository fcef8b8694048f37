package replay

import (
	"bytes"
	"io"
)

// Document reads sessions that are not a log of JSON lines — an agent's
// SQLite database, a session exported as one JSON document — as the
// lines of the agent's Format, which Load and Stream then decode as any
// other. The agents package lists them (agents.Documents).
type Document struct {
	// Format names the Format of the lines Open gives.
	Format string
	// Match reports whether a file whose first bytes are head is such a
	// document.
	Match func(head []byte) bool
	// Open gives the lines of the document r, read from the file at path
	// ("" for a pipe). session selects one session of a document that
	// holds several ("" is all of them, each after a Notice naming it).
	// The error says why the document cannot be read at all.
	Open func(path string, r io.Reader, session string) (io.ReadCloser, error)
}

// IndentedObject reports whether head, the first bytes of a file, starts
// an indented JSON object (its "{" alone on the first line) whose first
// key is key: a document, where a log of JSON lines holds a whole record
// on its first line.
func IndentedObject(head []byte, key string) bool {
	rest, ok := bytes.CutPrefix(bytes.TrimLeft(head, " \t\r\n"), []byte("{"))
	return ok && bytes.HasPrefix(bytes.TrimLeft(rest, " \t\r"), []byte("\n")) &&
		bytes.HasPrefix(bytes.TrimLeft(rest, " \t\r\n"), []byte(`"`+key+`"`))
}
