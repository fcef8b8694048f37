package replay

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"

	"github.com/cardtui/cardtui/producers"
)

// Options say how to read a session.
type Options struct {
	// Format is the session's format; Auto detects it from the content.
	Format Format
	// Producers present the calls and results of a harness's own tools:
	// a tool named here is drawn by its producer instead of the format's
	// family (producers.Native, Claude or Codex), or the fallback card.
	Producers producers.Registry
}

// lineDecoder turns the lines of one format into transcript entries.
// Blank lines never reach it.
type lineDecoder interface {
	decodeLine(t *Transcript, l line)
}

// flusher is a lineDecoder that may hold lines back (the Claude Code
// decoder does, to put them in conversation order): flush applies them
// all. readLines calls it at the end of the input; the decoder goes on
// taking lines after a flush.
type flusher interface {
	flush(t *Transcript)
}

// decoderFor returns the decoder of format f, whose producers are its
// family's with extra's added over them.
func decoderFor(f Format, extra producers.Registry) (lineDecoder, error) {
	switch f {
	case Auto:
		return &detector{extra: extra}, nil
	case ViewStream:
		return &viewStream{}, nil
	case HarnessLog:
		return &harnessLog{events: eventHandlerWith(extra)}, nil
	case Headless:
		return &headlessStream{events: eventHandlerWith(extra)}, nil
	case ClaudeCode:
		d := newClaudeCode()
		d.tools = withProducers(d.tools, extra)
		return d, nil
	case Codex:
		d := newCodexRollout()
		d.tools = withProducers(d.tools, extra)
		return d, nil
	case ACP:
		return &acpRecording{}, nil
	}
	return nil, fmt.Errorf("replay: unknown format %v", f)
}

// eventHandlerWith is the harness events' handler with extra producers.
func eventHandlerWith(extra producers.Registry) *eventHandler {
	h := newEventHandler()
	h.tools = withProducers(h.tools, extra)
	return h
}

// withProducers is family with extra's producers added over it.
func withProducers(family, extra producers.Registry) producers.Registry {
	maps.Copy(family, extra)
	return family
}

// detector detects the format from the first line it can tell it from and
// hands that line and every later one to the format's decoder. A line it
// cannot tell the format from is a Problem (or, when it is a torn last
// line, a Notice).
type detector struct {
	found lineDecoder
	extra producers.Registry // Options.Producers
}

func (d *detector) decodeLine(t *Transcript, l line) {
	if d.found != nil {
		d.found.decodeLine(t, l)
		return
	}
	f, err := Detect(l.data)
	switch {
	case err != nil && tornJSON(l):
		addTornNotice(t, l)
	case err != nil:
		t.AddProblem(l.number, err.Error(), l.data)
	default:
		t.Format = f
		d.found, _ = decoderFor(f, d.extra)
		d.found.decodeLine(t, l)
	}
}

// flushDecoder applies the lines dec holds back, if it does.
func flushDecoder(t *Transcript, dec lineDecoder) {
	if f, ok := dec.(flusher); ok {
		f.flush(t)
	}
}

// flush flushes the decoder found, when it holds lines back.
func (d *detector) flush(t *Transcript) { flushDecoder(t, d.found) }

// Load reads a whole session into a transcript; name becomes the source of
// its problems. The input may be Zstandard-compressed (a .jsonl.zstd file):
// that is detected from its first bytes. Everything about the content —
// bad lines, a torn last line or zstd frame, calls without results — is in
// the transcript; the error is only for a read failure (or an unknown
// opts.Format), and the transcript then holds what was read before it.
func Load(r io.Reader, name string, opts Options) (*Transcript, error) {
	t := NewTranscript(name)
	t.Format = opts.Format
	dec, err := decoderFor(opts.Format, opts.Producers)
	if err != nil {
		return t, err
	}
	in, err := openInput(r)
	if err != nil {
		return t, readError(name, err)
	}
	defer in.close()
	if err := readLines(t, in, dec, nil); err != nil {
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
func readLines(t *Transcript, in *input, dec lineDecoder, afterLine func() error) error {
	defer flushDecoder(t, dec) // the lines held when the reading fails
	lines := newLineReader(in)
	cutLine := 0
	for {
		l, err := lines.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		t.startLine(l)
		switch {
		case l.blank():
		case in.ended() && tornJSON(l):
			cutLine = l.number
		default:
			dec.decodeLine(t, l)
		}
		if afterLine != nil {
			if err := afterLine(); err != nil {
				return err
			}
		}
	}
	flushDecoder(t, dec)
	switch {
	case in.limit != nil:
		addStreamLimitProblem(t, in.limit, cutLine)
	case in.torn != nil:
		addTornStreamNotice(t, in.torn, cutLine)
	}
	return nil
}
