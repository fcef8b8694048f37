package sessions

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"sync"

	"github.com/klauspost/compress/zstd"

	"github.com/cardtui/cardtui/internal/regularfile"
)

// docsDir is the directory of the sessions' documents in the cache, each
// compressed with zstd: the documents of 2,000 generated sessions (1.4 GB
// of history) take 155 MB as text, about 12 MB compressed.
const docsDir = "documents"

// legacyDocsDir is where versions before 7 of the index kept the
// documents as text; the next index written removes it.
const legacyDocsDir = "docs"

// docHeader starts a document, with the path of its session: a document
// is only used for the file it names.
const docHeader = "cardtui-document 2\t"

// maxDocFile bounds a document's file, compressed or not: a larger one is
// not read, and its session is read anew.
const maxDocFile = maxDocument + 2*maxDocLine + 64<<10

// docCodec is the encoder and decoder the documents share (zstd's
// EncodeAll and DecodeAll may be called at once from many goroutines);
// the decoder refuses more than maxDocFile bytes of text.
var docCodec = sync.OnceValues(func() (*zstd.Encoder, *zstd.Decoder) {
	enc, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedFastest))
	if err != nil {
		panic(err) // only for options out of range
	}
	dec, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(0), zstd.WithDecoderMaxMemory(maxDocFile))
	if err != nil {
		panic(err)
	}
	return enc, dec
})

// docFile is the file of the document of the session file path in dir:
// named by a hash of the path, so that no path from a session file names
// a file of the cache.
func docFile(dir, path string) string {
	sum := sha256.Sum256([]byte(path))
	return filepath.Join(dir, docsDir, hex.EncodeToString(sum[:16]))
}

// saveDocument writes the document of the session file path to dir,
// compressed. stamp says which state of the session it is ("" for a
// file, whose document the listing rewrites when the file changes; a
// listed session's last activity otherwise).
func saveDocument(dir, path, stamp string, d *Document) error {
	if dir == "" || d == nil {
		return nil
	}
	if err := os.MkdirAll(filepath.Join(dir, docsDir), 0o700); err != nil {
		return err
	}
	text := append([]byte(docHeader+docName(path, stamp)+"\n"), d.data...)
	enc, _ := docCodec()
	return writeAtomic(docFile(dir, path), enc.EncodeAll(text, nil))
}

// docName is what a document's first line names: its session's path, and
// the stamp of the state it was made from, if any.
func docName(path, stamp string) string {
	if stamp == "" {
		return path
	}
	return path + " @" + stamp
}

// docBuffers are the buffers a reader of documents reads them into, one
// after the other: the compressed file and its text.
type docBuffers struct {
	compressed, text []byte
}

// loadDocument reads the document of the session file path from dir
// into buf, grown as needed, whose text the document returned uses;
// false when there is none, when it cannot be read or decompressed (a
// damaged cache is read anew, never trusted), or when the one there
// names another file or another stamp (see saveDocument).
func loadDocument(dir, path, stamp string, buf *docBuffers) (*Document, bool) {
	if dir == "" {
		return nil, false
	}
	compressed, err := regularfile.AppendFile(buf.compressed[:0], docFile(dir, path), maxDocFile)
	buf.compressed = compressed
	if err != nil {
		return nil, false
	}
	_, dec := docCodec()
	data, err := dec.DecodeAll(buf.compressed, buf.text[:0])
	if err != nil {
		return nil, false
	}
	buf.text = data
	head, rest, ok := bytes.Cut(data, []byte("\n"))
	if !ok || string(head) != docHeader+docName(path, stamp) {
		return nil, false
	}
	return &Document{data: rest}, true
}
