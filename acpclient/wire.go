package acpclient

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/cardtui/cardtui/agents/acp"
)

// maxLineBytes is the longest line read from the agent; the SDK itself
// reads lines of up to 10 MiB.
const maxLineBytes = 10 << 20

// tapWriter is what the SDK writes to the agent through: every line is
// recorded and applied to the transcript before it goes out, so that the
// agent's answer never comes before the request it answers.
type tapWriter struct {
	s  *Session
	to io.Writer
}

func (w tapWriter) Write(b []byte) (int, error) {
	for line := range bytes.Lines(b) {
		if trimmed := bytes.TrimSpace(line); len(trimmed) > 0 {
			w.s.observe(acp.Record{From: acp.FromClient, Msg: json.RawMessage(bytes.Clone(trimmed))})
		}
	}
	return w.to.Write(b)
}

// tap reads the agent's stdout line by line: each line is recorded and
// applied to the transcript, then JSON lines go on to the SDK through
// sdkIn; a line that is not JSON is shown instead. It closes sdkIn at the
// end of the output.
func (s *Session) tap(from io.Reader, sdkIn *io.PipeWriter) {
	r := bufio.NewReaderSize(from, 64<<10)
	for {
		line, err := readLine(r)
		if trimmed := bytes.TrimSpace(line); len(trimmed) > 0 {
			if json.Valid(trimmed) {
				s.observe(acp.Record{From: acp.FromAgent, Msg: json.RawMessage(bytes.Clone(trimmed))})
				_, _ = sdkIn.Write(append(trimmed, '\n'))
			} else {
				text := string(trimmed)
				s.observe(acp.Record{From: acp.FromAgent, Text: &text})
			}
		}
		if errors.Is(err, errLineTooLong) {
			s.localNotice(fmt.Sprintf("the agent wrote a line longer than %d MiB on stdout; it was dropped", maxLineBytes>>20))
			continue
		}
		if err != nil {
			sdkIn.Close()
			return
		}
	}
}

var errLineTooLong = errors.New("line too long")

// readLine reads a line; a line longer than maxLineBytes is read to its
// end and dropped with errLineTooLong.
func readLine(r *bufio.Reader) ([]byte, error) {
	var line []byte
	for {
		chunk, err := r.ReadSlice('\n')
		if len(line)+len(chunk) <= maxLineBytes {
			line = append(line, chunk...)
		} else {
			for errors.Is(err, bufio.ErrBufferFull) {
				_, err = r.ReadSlice('\n')
			}
			if err == nil {
				err = errLineTooLong
			}
			return nil, err
		}
		if !errors.Is(err, bufio.ErrBufferFull) {
			return line, err
		}
	}
}
