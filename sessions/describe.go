package sessions

import (
	"io"
	"strings"

	"github.com/cardtui/cardtui/internal/regularfile"
	"github.com/cardtui/cardtui/replay"
)

// Describe is what Read says of the session file at path, written by the
// agent of src, for a caller that decoded it already into tr (an export):
// only the file's head and tail are read again, for the facts its lines
// give. A compressed file, and a file that is one document (a Gemini CLI
// chat), is read as Read reads it.
func Describe(path string, src Source, tr *replay.Transcript) Session {
	if strings.HasSuffix(path, ".zstd") {
		return Read(path, src)
	}
	rec := record{Session: Session{Agent: src.Agent, Path: path}}
	f, info, err := regularfile.Open(path)
	if err != nil {
		rec.Problem = err.Error()
		return rec.Session
	}
	defer f.Close()
	if src.isDocument(f) {
		return Read(path, src) // its facts are in the whole document, not in lines
	}
	rec.Size, rec.ModTime, rec.LastActivity = info.Size(), info.ModTime().UnixNano(), info.ModTime().UTC()
	scan := &lineScan{}
	if _, err := io.CopyN(scan, f, maxHead); err != nil && err != io.EOF {
		rec.Problem = err.Error()
		return rec.Session
	}
	if from := rec.Size - window; from > maxHead {
		scan.tail, scan.read = nil, from
		if _, err := f.Seek(from, io.SeekStart); err == nil {
			_, _ = io.Copy(scan, f)
		}
	} else {
		_, _ = io.Copy(scan, f)
	}
	rec.describe(&src, tr, scan)
	return rec.Session
}
