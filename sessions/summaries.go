package sessions

import (
	"bytes"
	"encoding/binary"
	"io"
	"os"
	"path/filepath"

	"github.com/cardtui/cardtui/internal/regularfile"
)

// summariesFile is the part of the index that holds the summaries of the
// sessions' documents, beside the records: a search reads it, a listing
// that reads no file does not.
const summariesFile = "sessions-summaries"

// summariesHeader starts the summaries' file; another version is read as
// empty.
const summariesHeader = "cardtui-summaries 2\n"

// maxSummaries bounds the summaries' file read: a larger one is read as
// empty.
const maxSummaries = 256 << 20

// stamped is the summary of the document of a session file, and the
// file's size and mtime (Unix nanoseconds) when it was read: it is used
// only while the file is still so.
type stamped struct {
	size, mtime int64
	sum         summary
}

// loadSummaries reads the summaries in dir, keyed by session file. A
// missing, unreadable or corrupt file is read as empty (every document is
// read); what a corrupt file holds before the damage is kept.
func loadSummaries(dir string) map[string]stamped {
	sums := map[string]stamped{}
	if dir == "" {
		return sums
	}
	f, info, err := regularfile.Open(filepath.Join(dir, summariesFile))
	if err != nil || info.Size() >= maxSummaries {
		return sums
	}
	defer f.Close()
	data := make([]byte, info.Size())
	if _, err := io.ReadFull(f, data); err != nil {
		return sums
	}
	data, ok := bytes.CutPrefix(data, []byte(summariesHeader))
	for ok && len(data) > 0 {
		var path, sum []byte
		var s stamped
		path, data, ok = chunk(data)
		if ok {
			s.size, data, ok = varint(data)
		}
		if ok {
			s.mtime, data, ok = varint(data)
		}
		if ok {
			sum, data, ok = chunk(data)
		}
		if ok {
			s.sum = sum
			sums[string(path)] = s
		}
	}
	return sums
}

// chunk reads a length-prefixed string.
func chunk(data []byte) (c, rest []byte, ok bool) {
	n, w := binary.Uvarint(data)
	if w <= 0 || n > uint64(len(data)-w) {
		return nil, nil, false
	}
	return data[w : w+int(n)], data[w+int(n):], true
}

// varint reads a signed varint.
func varint(data []byte) (int64, []byte, bool) {
	v, w := binary.Varint(data)
	if w <= 0 {
		return 0, nil, false
	}
	return v, data[w:], true
}

// saveSummaries writes the summaries of the records to dir atomically:
// the ones made now, else the ones the file held for the same file at
// the same size and mtime.
func saveSummaries(dir string, records map[string]*record) error {
	var old map[string]stamped
	var b []byte
	b = append(b, summariesHeader...)
	for path, r := range records {
		sum := r.summary
		if sum == nil {
			if old == nil {
				old = loadSummaries(dir)
			}
			if s, ok := old[path]; ok && s.size == r.Size && s.mtime == r.ModTime {
				sum = s.sum
			}
		}
		if sum == nil {
			continue
		}
		b = binary.AppendUvarint(b, uint64(len(path)))
		b = append(b, path...)
		b = binary.AppendVarint(b, r.Size)
		b = binary.AppendVarint(b, r.ModTime)
		b = binary.AppendUvarint(b, uint64(len(sum)))
		b = append(b, sum...)
	}
	return writeAtomic(filepath.Join(dir, summariesFile), b)
}

// skips reports whether the document of s surely holds no match of m:
// its summary, made from the file as it still is, lacks a gram every
// match holds.
func (s stamped) skips(session Session, m Matcher) bool {
	if len(m.grams) == 0 || s.size != session.Size || s.sum.mayHold(m.grams) {
		return false
	}
	info, err := os.Stat(session.Path)
	return err == nil && info.Size() == s.size && info.ModTime().UnixNano() == s.mtime
}
