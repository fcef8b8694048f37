package replay

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strings"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/producers"
)

// Options say how to read a session.
type Options struct {
	// Formats are the formats the session may be in, in detection order:
	// agents.Formats, the formats of the agents cardtui knows.
	Formats []Format
	// Format names the session's format, one of Formats; Auto (or "")
	// detects it from the content.
	Format string
	// Producers present the calls and results of a harness's own tools:
	// a tool named here is drawn by its producer instead of the format's
	// family (agents/harness/native's Tools, claude.Tools or codex.Tools),
	// or the fallback card.
	Producers producers.Registry
	// Path is the session's file when it is one ("" for stdin, a pipe or
	// bytes in memory): a PathDecoder reads what its agent writes beside
	// it.
	Path string
}

// PathDecoder is a Decoder that reads files its agent writes beside the
// session file (Claude Code's sub-agent transcripts): Load and Stream give
// it Options.Path, when there is one, before its first line.
type PathDecoder interface {
	Decoder
	UsePath(path string)
}

// usePath gives path to dec when it is a PathDecoder and path is set.
func usePath(dec Decoder, path string) Decoder {
	if pd, ok := dec.(PathDecoder); ok && path != "" {
		pd.UsePath(path)
	}
	return dec
}

// Decoder turns the lines of one format into transcript entries: a
// Format's NewDecoder makes one per session. Load and Stream hand it every
// line of the input but the blank ones, in order; it adds what a line
// holds to the transcript with the Transcript's methods, and a line it
// cannot read as a Problem (AddLineProblem), or, when the line is torn
// (Line.Torn), as a Notice (AddTornNotice). A decoder may also be a
// Flusher, and a Drainer.
type Decoder interface {
	DecodeLine(t *Transcript, l Line)
}

// Flusher is a Decoder that may hold lines back (the Claude Code decoder
// does, to put them in conversation order): Flush applies them all. Load
// and Stream call it at the end of the input; the decoder goes on taking
// lines after a flush.
type Flusher interface {
	Flush(t *Transcript)
}

// decoderFor returns the decoder of the format opts name, or the
// detector of one of opts.Formats for Auto.
func decoderFor(opts Options) (Decoder, error) {
	if opts.Format == "" || opts.Format == Auto {
		return &detector{formats: opts.Formats, extra: opts.Producers, path: opts.Path}, nil
	}
	f, err := lookupFormat(opts.Formats, opts.Format)
	if err != nil {
		return nil, err
	}
	return usePath(f.NewDecoder(opts.Producers), opts.Path), nil
}

// detector detects the format from the first line it can tell it from and
// hands that line and every later one to the format's decoder. A line it
// cannot tell the format from is a Problem (or, when it is a torn last
// line, a Notice), added once the format is detected: until then the
// input may be no session at all (see notSession), and shows nothing.
type detector struct {
	found   Decoder
	formats []Format           // Options.Formats
	extra   producers.Registry // Options.Producers
	// held adds the Problems and Notices of the lines before the format
	// was detected; undetected counts those lines, firstLine and
	// firstReason say why the first of them was not detected; tornObject
	// that the last of them is torn and starts as a JSON object.
	tornObject  bool
	held        []func(t *Transcript)
	undetected  int
	firstLine   int
	firstReason string
	path        string // Options.Path
}

func (d *detector) DecodeLine(t *Transcript, l Line) {
	if d.found != nil {
		d.found.DecodeLine(t, l)
		return
	}
	f, err := Detect(d.formats, l.Data)
	if err != nil {
		d.hold(l, err)
		return
	}
	t.Format = f.Name
	d.found = usePath(f.NewDecoder(d.extra), d.path)
	d.release(t)
	d.found.DecodeLine(t, l)
}

// release adds the Problems and Notices held.
func (d *detector) release(t *Transcript) {
	for _, add := range d.held {
		add(t)
	}
	d.held = nil
}

// hold keeps what a line no format recognises is (a Problem, or a Notice
// when it is torn) for when the format is detected.
func (d *detector) hold(l Line, err error) {
	d.undetected++
	if d.undetected == 1 {
		d.firstLine, d.firstReason = l.Number, strings.TrimPrefix(err.Error(), detectErrorPrefix)
	}
	if l.Torn() {
		d.tornObject = bytes.HasPrefix(bytes.TrimSpace(l.Data), []byte("{"))
		text := tornNoticeText(l)
		d.held = append(d.held, func(t *Transcript) { t.addInputNotice(text) })
		return
	}
	p := cards.Problem{Line: l.Number, Reason: err.Error(), Excerpt: excerptOf(l.Data)}
	d.held = append(d.held, func(t *Transcript) {
		p.Source = t.Source
		t.Stats.Problems++
		t.add(p)
	})
}

// flushDecoder applies the lines dec holds back, if it does.
func flushDecoder(t *Transcript, dec Decoder) {
	if f, ok := dec.(Flusher); ok {
		f.Flush(t)
	}
}

// flush flushes the decoder found, when it holds lines back.
func (d *detector) Flush(t *Transcript) { flushDecoder(t, d.found) }

// Load reads a whole session into a transcript; name becomes the source of
// its problems. The input may be Zstandard-compressed (a .jsonl.zstd file):
// that is detected from its first bytes. Everything about the content —
// bad lines, a torn last line or zstd frame, calls without results — is in
// the transcript; the error is only for a read failure (or an unknown
// opts.Format), and the transcript then holds what was read before it;
// or a *NotSessionError when the input is no session at all (empty,
// binary, no line of a known format among its first lines).
func Load(r io.Reader, name string, opts Options) (*Transcript, error) {
	t := NewTranscript(name)
	t.Format = formatName(opts.Format)
	dec, err := decoderFor(opts)
	if err != nil {
		return t, err
	}
	in, err := openInput(r)
	if err != nil {
		return t, readError(name, err)
	}
	defer in.close()
	if err := readLines(t, in, dec, nil); IsNotSession(err) {
		return t, err
	} else if err != nil {
		return t, readError(name, err)
	}
	t.Finish()
	return t, nil
}

// readError is a failure to read the input called name: "read NAME:"
// and the reason, once (a file's own error already says "read PATH:").
func readError(name string, err error) error {
	var pathErr *fs.PathError
	if errors.As(err, &pathErr) && pathErr.Op == "read" {
		err = pathErr.Err
	}
	return fmt.Errorf("read %s: %w", name, err)
}

// readLines hands every non-blank line of in to dec. A last line that a
// torn zstd frame cut short is not decoded: the notice about the frame
// names it. afterLine, when not nil, runs after each line; an error from
// it stops the reading and is returned.
func readLines(t *Transcript, in *input, dec Decoder, afterLine func() error) error {
	defer flushDecoder(t, dec) // the lines held when the reading fails
	lines := newLineReader(in)
	cutLine := 0
	seen := false // a line that is not blank
	for {
		l, err := lines.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		t.startLine(l)
		first := !seen
		seen = seen || !l.blank() || l.skipped > 0
		switch {
		case l.blank():
		case in.ended() && l.Torn():
			cutLine = l.Number
		default:
			if first && binary(l.Data) {
				return &NotSessionError{Name: t.Source, Reason: "binary data"}
			}
			dec.DecodeLine(t, l)
			if reason := notSession(dec); reason != "" {
				return &NotSessionError{Name: t.Source, Reason: reason}
			}
		}
		if afterLine != nil {
			if err := afterLine(); err != nil {
				return err
			}
		}
	}
	flushDecoder(t, dec)
	if reason := notSessionAtEnd(t, seen, dec); reason != "" && in.limit == nil && in.torn == nil {
		return &NotSessionError{Name: t.Source, Reason: reason}
	}
	switch {
	case in.limit != nil:
		addStreamLimitProblem(t, in.limit, cutLine)
	case in.torn != nil:
		addTornStreamNotice(t, in.torn, cutLine)
	}
	return nil
}

// formatName is the Transcript.Format of a session read with Options.Format
// name: the name, or Auto until the format is detected.
func formatName(name string) string {
	if name == "" {
		return Auto
	}
	return name
}
