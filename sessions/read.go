package sessions

import (
	"bytes"
	"io"
	"os"
	"strings"

	"github.com/klauspost/compress/zstd"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/regularfile"
	"github.com/cardtui/cardtui/replay"
)

// record is what the index keeps of one file: its session and what says
// whether the file changed since.
type record struct {
	Session
	// ModTime is the file's mtime in Unix nanoseconds when it was read.
	ModTime int64 `json:"mtime"`
	// summary is the summary of the document read now; the index keeps
	// it in its own file.
	summary summary
}

// fresh reports whether the record still describes the file c.
func (r *record) fresh(c candidate) bool {
	return r.Size == c.info.Size() && r.ModTime == c.info.ModTime().UnixNano()
}

// readCandidate reads the file c whole, with the agent's own decoder, the
// code the viewer reads it with: its title, first prompt, tool calls and
// problems are the ones the viewer shows. What is worth searching in it
// is the document returned, a tool card's text given by cardText.
func readCandidate(c candidate, cardText func(cards.ToolCard) string) (record, *Document) {
	rec := record{Session: Session{Agent: c.source.Agent, Path: c.path, Archived: c.archived}}
	f, info, err := regularfile.Open(c.path)
	if err != nil {
		rec.Problem = err.Error()
		return rec, nil
	}
	defer f.Close()
	rec.Size, rec.ModTime, rec.LastActivity = info.Size(), info.ModTime().UnixNano(), info.ModTime().UTC()
	if rec.Size == 0 {
		rec.Problem = "empty file"
		return rec, nil
	}
	tr, scan, err := load(f, c)
	if err != nil {
		rec.Problem = err.Error()
	}
	if tr == nil {
		return rec, nil
	}
	rec.describe(c.source, tr, scan)
	rec.Project = firstNonEmpty(rec.Project, c.project)
	return rec, NewDocument(tr.Entries, cardText)
}

// load reads the file f of c with replay, keeping its head and tail for
// the facts its lines give (project, start, last activity). A zstd log is
// decompressed here, so that the head and tail kept are its lines.
func load(f *os.File, c candidate) (*replay.Transcript, *lineScan, error) {
	var in io.Reader = f
	if strings.HasSuffix(c.path, ".zstd") {
		dec, err := zstd.NewReader(f, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxWindow(maxZstdWindow))
		if err != nil {
			return nil, nil, err
		}
		defer dec.Close()
		in = dec
	}
	lines, err := c.source.documentLines(c.path, in)
	if err != nil {
		return nil, nil, err
	}
	defer lines.Close()
	scan := &lineScan{}
	tr, err := replay.Load(io.TeeReader(lines, scan), c.path, c.source.loadOptions(c.path))
	return tr, scan, err
}

// documentHead is how much of a file Source.Document's Match sees.
const documentHead = 512

// documentLines is what to read of the file at path, r: its lines when
// the source's Document matches it, else r itself.
func (s *Source) documentLines(path string, r io.Reader) (io.ReadCloser, error) {
	if s.Document == nil {
		return io.NopCloser(r), nil
	}
	head := make([]byte, documentHead)
	n, _ := io.ReadFull(r, head)
	full := io.MultiReader(bytes.NewReader(head[:n]), r)
	if !s.Document.Match(head[:n]) {
		return io.NopCloser(full), nil
	}
	return s.Document.Open(path, full, "")
}

// isDocument reports whether the source's Document matches the head of
// f, read at its start without moving its offset.
func (s *Source) isDocument(f io.ReaderAt) bool {
	if s.Document == nil {
		return false
	}
	head := make([]byte, documentHead)
	n, _ := f.ReadAt(head, 0)
	return s.Document.Match(head[:n])
}

// maxZstdWindow bounds the memory a zstd frame may ask for, as replay's
// own reader does.
const maxZstdWindow = 128 << 20

// describe fills the record from the transcript and the lines' facts.
func (r *record) describe(src *Source, tr *replay.Transcript, scan *lineScan) {
	head := headFacts(src, completeLines(scan.head))
	tail := tailFacts(src, completeLines(fromLineStart(scan.tail, scan.tailStart())))
	r.Project, r.Started, r.Subagent = firstNonEmpty(head.Project, tail.Project), head.Started, head.Subagent
	r.Model = firstNonEmpty(firstNonEmpty(tail.Model, head.Model), lastModel(tr.Entries))
	if !tail.Last.IsZero() {
		r.LastActivity = tail.Last
	}
	r.Title = firstNonEmpty(tr.Title, firstNonEmpty(tail.Title, head.Title))
	r.FirstPrompt = firstPrompt(tr.Entries)
	r.ToolCalls = tr.Stats.ToolCards
	r.Problem = firstProblem(tr.Entries)
	if r.Problem == "" && len(tr.Entries) == 0 && bytes.IndexByte(scan.head, '\n') < 0 && scan.read > 0 {
		r.Problem = "no complete line"
	}
}

// lastModel is the model that answered last, as the turns say.
func lastModel(entries []cards.Entry) string {
	models := cards.SessionTotals(entries).Models
	if len(models) == 0 {
		return ""
	}
	return models[len(models)-1]
}

// Read describes the session file at path, written by the agent of src,
// reading it as List would (without an index).
func Read(path string, src Source) Session {
	info, err := os.Stat(path)
	if err != nil {
		return Session{Agent: src.Agent, Path: path, Problem: err.Error()}
	}
	rec, _ := readCandidate(candidate{source: &src, path: path, info: info}, nil)
	return rec.Session
}

// quickRecord describes the file c from its head and tail alone, without
// reading it whole: the project, times, model and title their lines give,
// and the first prompt its head holds, read by the agent's decoder. Its
// ModTime is zero: the index never keeps it.
func quickRecord(c candidate, o Options) record {
	rec := statRecord(c)
	if strings.HasSuffix(c.path, ".zstd") {
		return rec
	}
	f, _, err := regularfile.Open(c.path)
	if err != nil {
		rec.Problem = err.Error()
		return rec
	}
	defer f.Close()
	head, tail := readEnds(f, c.info.Size())
	hf, tf := headFacts(c.source, head), tailFacts(c.source, tail)
	rec.Project, rec.Started, rec.Subagent = firstNonEmpty(firstNonEmpty(hf.Project, tf.Project), c.project), hf.Started, hf.Subagent
	rec.Model, rec.Title = firstNonEmpty(tf.Model, hf.Model), firstNonEmpty(tf.Title, hf.Title)
	if !tf.Last.IsZero() {
		rec.LastActivity = tf.Last
	}
	rec.FirstPrompt, rec.Title = headPrompt(c, head, rec.Title)
	return rec
}

// promptHead is how much of a head is decoded first for its first
// prompt: most sessions give it in their first lines.
const promptHead = 8 << 10

// promptLines is how many lines of a head are decoded next when the
// first promptHead bytes have no prompt: Codex writes the session's
// instructions (tens of kilobytes) and its context before the first
// prompt, on few lines that call no tool, which cost little to decode
// beside the tool calls that fill the rest of a head.
const promptLines = 16

// headPrompt is the first prompt the complete lines of head hold, and
// the title the decoder gives them, else title: decoded up to the line
// that crosses promptHead first, then up to line promptLines, and whole
// only when those have no prompt.
func headPrompt(c candidate, head []byte, title string) (string, string) {
	opts := c.source.loadOptions(c.path)
	opts.Path = "" // the files beside it are not read for a head
	tried := 0
	for _, n := range []int{lineAfter(head, promptHead), nthLineEnd(head, promptLines), len(head)} {
		if n <= tried {
			continue
		}
		tried = n
		if tr, _ := replay.Load(bytes.NewReader(head[:n]), c.path, opts); tr != nil {
			if p := firstPrompt(tr.Entries); p != "" || n == len(head) {
				return p, firstNonEmpty(tr.Title, title)
			}
		}
	}
	return "", title
}

// lineAfter is the end of the line of data that crosses offset n (just
// after its newline), len(data) when that line does not end.
func lineAfter(data []byte, n int) int {
	if i := bytes.IndexByte(data[min(n, len(data)):], '\n'); i >= 0 {
		return min(n, len(data)) + i + 1
	}
	return len(data)
}

// nthLineEnd is the end of data's n-th line (just after its newline),
// len(data) when data has fewer lines.
func nthLineEnd(data []byte, n int) int {
	end := 0
	for range n {
		i := bytes.IndexByte(data[end:], '\n')
		if i < 0 {
			return len(data)
		}
		end += i + 1
	}
	return end
}

// statRecord describes the file c by its path, size and mtime alone.
func statRecord(c candidate) record {
	return record{Session: Session{
		Agent: c.source.Agent, Path: c.path, Archived: c.archived, Project: c.project,
		Size: c.info.Size(), LastActivity: c.info.ModTime().UTC(),
	}}
}

// readEnds reads the complete lines of the head (as lineScan keeps it)
// and of the tail of the file f of size bytes.
func readEnds(f *os.File, size int64) (head, tail []byte) {
	scan := &lineScan{}
	buf := make([]byte, window)
	for scan.read < size && len(scan.head) < maxHead && (len(scan.head) < window || bytes.IndexByte(scan.head[window:], '\n') < 0) {
		n, err := f.ReadAt(buf, scan.read)
		scan.keepHead(buf[:n])
		scan.read += int64(n)
		if err != nil {
			break
		}
	}
	head = completeLines(scan.head)
	start := max(0, size-window)
	n, _ := f.ReadAt(buf, start)
	return head, completeLines(fromLineStart(buf[:n], start))
}
