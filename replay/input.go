package replay

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/klauspost/compress/zstd"
)

// zstdMagic starts every Zstandard frame; a session that starts with it
// is a .jsonl.zstd file and is decompressed.
var zstdMagic = []byte{0x28, 0xb5, 0x2f, 0xfd}

// A few bytes of zstd expand to gigabytes (a 160 KB file to 4 GB), and
// every line read is kept: the decompression is bounded, past the limits
// the reading stops with a Problem. A frame may ask for a window of at
// most maxZstdWindow bytes, the zstd command's own default (--memory); the
// decompressed bytes may be at most maxInflationFloor plus maxInflation
// times the compressed bytes read, far above what JSON lines compress to
// (10 to 50 times) and far below a bomb's ratio (25,000 times).
const (
	maxZstdWindow     = 128 << 20
	maxInflationFloor = 256 << 20
	maxInflation      = 256
)

// input is the byte stream of a session: the input itself or, when it is
// Zstandard-compressed, its decompression. A .jsonl.zstd file is a
// concatenation of independent frames, which the decoder reads one after
// the other. A decoding error — the last frame torn by a crash, a bad
// checksum — ends the stream like EOF: every line decoded before it is
// kept, and torn says what happened.
type input struct {
	io.Reader
	// source is the reader under the decompressor, which tells its read
	// errors apart from the decoder's.
	source *recordingReader
	// decoder is nil when the input is not compressed.
	decoder *zstd.Decoder
	// torn is the decoding error that ended a compressed stream, limit
	// the limit it went past (see maxInflation), which ended it too.
	torn, limit error
	// inflated is the number of decompressed bytes read.
	inflated int64
}

// openInput sniffs r for the zstd magic and sets up the decompressor. The
// error is a failure to read the first bytes.
func openInput(r io.Reader) (*input, error) {
	buffered := bufio.NewReaderSize(r, readBufferSizeFor(r))
	head, err := buffered.Peek(len(zstdMagic))
	if err != nil && !errors.Is(err, io.EOF) {
		return nil, err
	}
	if !bytes.Equal(head, zstdMagic) {
		return &input{Reader: buffered}, nil
	}
	in := &input{source: &recordingReader{r: buffered}}
	in.decoder, err = zstd.NewReader(in.source, zstd.WithDecoderConcurrency(1),
		zstd.WithDecoderMaxWindow(maxZstdWindow))
	if err != nil {
		return nil, err
	}
	in.Reader = readerFunc(in.readCompressed)
	return in, nil
}

// readCompressed reads decompressed bytes; a decoding error or a limit
// ends the stream, a read error of the input itself is returned as such.
func (in *input) readCompressed(p []byte) (int, error) {
	if in.ended() {
		return 0, io.EOF
	}
	n, err := in.decoder.Read(p)
	in.inflated += int64(n)
	switch {
	case in.inflated > maxInflationFloor+maxInflation*in.source.read:
		in.limit = fmt.Errorf("the compressed input expands to over %d MiB from %d KiB, past the decompression limit "+
			"(%d MiB and %d times the compressed size): a decompression bomb, or not a session",
			in.inflated>>20, in.source.read>>10, maxInflationFloor>>20, maxInflation)
		return n, io.EOF
	case err == nil, errors.Is(err, io.EOF):
		return n, err
	case in.source.err != nil:
		return n, in.source.err
	case errors.Is(err, zstd.ErrWindowSizeExceeded), errors.Is(err, zstd.ErrDecoderSizeExceeded):
		in.limit = fmt.Errorf("a zstd frame needs a window of over %d MiB (%v), the most the zstd command decodes "+
			"without --memory", maxZstdWindow>>20, err)
		return n, io.EOF
	default:
		in.torn = err
		return n, io.EOF
	}
}

// ended reports whether the compressed stream ended before its end.
func (in *input) ended() bool { return in.torn != nil || in.limit != nil }

// addStreamLimitProblem reports the limit that stopped the reading of a
// compressed input: a Problem, on the line it cut short (0 when none).
func addStreamLimitProblem(t *Transcript, limit error, cutLine int) {
	t.AddProblem(cutLine, fmt.Sprintf("%v; reading stopped there: everything before it is shown", limit), nil)
}

// close releases the decompressor.
func (in *input) close() {
	if in.decoder != nil {
		in.decoder.Close()
	}
}

// addTornStreamNotice says that the compressed input ended in a frame that
// could not be decoded: one cut short, as a crash leaves it, or a corrupt
// one (a bad checksum, garbage), after which nothing could be read even
// where the input goes on. cutLine is the number of the line the bad
// frame cut short (not read), 0 when it cut no line.
func addTornStreamNotice(t *Transcript, err error, cutLine int) {
	text := fmt.Sprintf("the compressed input ends in a torn or corrupt zstd frame (%v): everything before it is shown", err)
	if !errors.Is(err, io.ErrUnexpectedEOF) {
		text = fmt.Sprintf("the compressed input has a torn or corrupt zstd frame (%v): everything before it is shown, "+
			"nothing from it on could be read", err)
	}
	if cutLine > 0 {
		text += fmt.Sprintf("; line %d, which it cuts short, was not read", cutLine)
	}
	t.addInputNotice(text)
}

// recordingReader passes reads through, counts the bytes read and keeps
// the first read error other than EOF.
type recordingReader struct {
	r    io.Reader
	read int64
	err  error
}

func (rr *recordingReader) Read(p []byte) (int, error) {
	n, err := rr.r.Read(p)
	rr.read += int64(n)
	if err != nil && !errors.Is(err, io.EOF) && rr.err == nil {
		rr.err = err
	}
	return n, err
}

// readerFunc is a function as an io.Reader.
type readerFunc func(p []byte) (int, error)

func (f readerFunc) Read(p []byte) (int, error) { return f(p) }
