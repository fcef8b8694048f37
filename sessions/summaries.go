package sessions

import (
	"bufio"
	"encoding/binary"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"

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

// maxSummaryPath bounds the path of a session file in the summaries'
// file: a longer one is read as damage.
const maxSummaryPath = 64 << 10

// loadSummaries reads the summaries in dir, keyed by session file. A
// missing, unreadable or corrupt file is read as empty (every document is
// read); what a corrupt file holds before the damage is kept.
func loadSummaries(dir string) map[string]stamped {
	sums := map[string]stamped{}
	eachSummary(dir, func(path []byte, s stamped) {
		s.sum = slices.Clone(s.sum)
		sums[string(path)] = s
	})
	return sums
}

// skippable are the session files whose summary in dir lacks one of
// grams, with the size and mtime their file had: a search does not read
// their documents while the files are still so.
func skippable(dir string, grams []uint64) map[string]stamped {
	skip := map[string]stamped{}
	eachSummary(dir, func(path []byte, s stamped) {
		if !s.sum.mayHold(grams) {
			skip[string(path)] = stamped{size: s.size, mtime: s.mtime}
		}
	})
	return skip
}

// eachSummary calls each with every summary in dir, read in pieces, in
// the order of the file, up to its end or to damage (what the file holds
// before is given); path and s.sum are only valid during the call. A
// missing, unreadable or too large file holds none.
func eachSummary(dir string, each func(path []byte, s stamped)) {
	if dir == "" {
		return
	}
	f, info, err := regularfile.Open(filepath.Join(dir, summariesFile))
	if err != nil || info.Size() >= maxSummaries {
		return
	}
	defer f.Close()
	r := bufio.NewReaderSize(f, 64<<10)
	head := make([]byte, len(summariesHeader))
	if _, err := io.ReadFull(r, head); err != nil || string(head) != summariesHeader {
		return
	}
	var path, sum []byte
	for {
		var s stamped
		var err error
		path, err = readChunk(r, path, maxSummaryPath)
		if err == nil {
			s.size, err = binary.ReadVarint(r)
		}
		if err == nil {
			s.mtime, err = binary.ReadVarint(r)
		}
		if err == nil {
			sum, err = readChunk(r, sum, maxSummary)
		}
		if err != nil {
			return
		}
		s.sum = sum
		each(path, s)
	}
}

// readChunk reads a length-prefixed string of at most limit bytes into
// buf, grown as needed.
func readChunk(r *bufio.Reader, buf []byte, limit int) ([]byte, error) {
	n, err := binary.ReadUvarint(r)
	if err != nil {
		return nil, err
	}
	if n > uint64(limit) {
		return nil, errDamaged
	}
	buf = slices.Grow(buf[:0], int(n))[:n]
	_, err = io.ReadFull(r, buf)
	return buf, err
}

// errDamaged is the error of a summaries' file whose bytes cannot be
// what saveSummaries wrote.
var errDamaged = errors.New("damaged summaries")

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

// unchanged reports whether the file of session is still as it was
// when s was made: same size and mtime.
func (s stamped) unchanged(session Session) bool {
	if s.size != session.Size {
		return false
	}
	info, err := os.Stat(session.Path)
	return err == nil && info.Size() == s.size && info.ModTime().UnixNano() == s.mtime
}
