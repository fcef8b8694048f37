package acpclient

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	sdk "github.com/coder/acp-go-sdk"
)

// confined is the session directory, the only place the agent's file
// requests and terminals may reach. Every access goes through an os.Root,
// which refuses ".." and symlinks that lead out of it.
type confined struct {
	dir  string
	root *os.Root
}

func openConfined(dir string) (*confined, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	return &confined{dir: dir, root: root}, nil
}

// The errors answer the agent's file requests as the protocol's reference
// client does: JSON-RPC's standard codes and messages ("Resource not
// found", "Invalid params", "Internal error"), on which agents match, and
// what cardtui has to say in the data.

// refusal is the JSON-RPC error that refuses a path: invalid params,
// the path and the reason in the data.
func refusal(path, reason string) *sdk.RequestError {
	return sdk.NewInvalidParams(fmt.Sprintf("%s: %s", path, reason))
}

// fileNotFound is the error for a file that does not exist: resource not
// found, with the path as its URI.
func fileNotFound(path string) *sdk.RequestError {
	return &sdk.RequestError{Code: -32002, Message: "Resource not found", Data: map[string]any{"uri": path}}
}

// isNotFound says whether err is fileNotFound's.
func isNotFound(err error) bool {
	var rpc *sdk.RequestError
	return errors.As(err, &rpc) && rpc.Code == -32002
}

// rel is path inside the session directory: a relative path is taken
// from the directory; an absolute one, or one with "..", that ends
// outside it is refused.
func (c *confined) rel(path string) (string, error) {
	if path == "" || strings.ContainsRune(path, 0) {
		return "", refusal(path, "not a valid path")
	}
	abs := path
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(c.dir, abs)
	}
	rel, err := filepath.Rel(c.dir, filepath.Clean(abs))
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", refusal(path, "outside the session directory "+c.dir)
	}
	return rel, nil
}

// accessError turns the error of an access through the root into a
// JSON-RPC error that names the path: an escape through a symlink is
// refused as outside the session directory.
func (c *confined) accessError(path string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) && strings.Contains(pe.Err.Error(), "escapes") {
		return refusal(path, "leads out of the session directory "+c.dir+" through a symlink")
	}
	if errors.Is(err, fs.ErrNotExist) {
		return fileNotFound(path)
	}
	return sdk.NewInternalError(fmt.Sprintf("%s: %v", path, err))
}

// maxReadBytes is the most text a read answers with, and the largest
// file whose write cardtui diffs: the SDK's peers read lines of at most
// 10 MiB, and JSON's escapes make the answer's line longer than its text.
const maxReadBytes = 4 << 20

// tooLarge is the error for a read or a write past maxReadBytes.
func tooLarge(path, what string) error {
	return &sdk.RequestError{
		Code: -32602, Message: fmt.Sprintf("%s: %s over %d MiB, the most cardtui reads at once", path, what, maxReadBytes>>20),
		Data: map[string]any{"path": path, "maxBytes": maxReadBytes},
	}
}

// open opens a file of the session directory for reading without
// blocking (a FIFO would wait for a writer) and checks that it is a
// regular file.
func (c *confined) open(rel, path string) (*os.File, os.FileInfo, error) {
	f, err := c.root.OpenFile(rel, os.O_RDONLY|openNonblock, 0)
	if err != nil {
		return nil, nil, c.accessError(path, err)
	}
	info, err := f.Stat()
	if err == nil && !info.Mode().IsRegular() {
		err = refusal(path, "not a regular file")
	}
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return f, info, nil
}

// readTextFile reads a file of the session directory, from a 1-based line
// and for a number of lines when they are given. The file is streamed:
// the lines before line are read and dropped, reading stops after limit
// lines, and an answer over maxReadBytes is an error, so that a file of
// any size costs no more memory than the answer. A file that does not
// exist yet reads as an empty text, as Zed answers (it opens the path as
// a new buffer): Gemini CLI writes a new file only after such a read
// succeeds, since the error object of a failed one never matches its
// "not found" check.
func (c *confined) readTextFile(p sdk.ReadTextFileRequest) (sdk.ReadTextFileResponse, error) {
	rel, err := c.rel(p.Path)
	if err != nil {
		return sdk.ReadTextFileResponse{}, err
	}
	f, _, err := c.open(rel, p.Path)
	if isNotFound(err) && !c.escapes(rel) {
		return sdk.ReadTextFileResponse{Content: ""}, nil
	}
	if err != nil {
		return sdk.ReadTextFileResponse{}, err
	}
	defer f.Close()
	text, err := readLines(bufio.NewReaderSize(f, 64<<10), p.Line, p.Limit)
	switch {
	case errors.Is(err, errTooLarge):
		return sdk.ReadTextFileResponse{}, tooLarge(p.Path, "the text asked for is")
	case err != nil:
		return sdk.ReadTextFileResponse{}, c.accessError(p.Path, err)
	}
	return sdk.ReadTextFileResponse{Content: text}, nil
}

var errTooLarge = errors.New("too large")

// readLines reads limit lines (all when nil) from the 1-based line start
// (1 when nil), at most maxReadBytes of them.
func readLines(r *bufio.Reader, start, limit *int) (string, error) {
	skip := 0
	if start != nil {
		skip = max(*start-1, 0)
	}
	for ; skip > 0; skip-- {
		if err := skipLine(r); err == io.EOF {
			return "", nil
		} else if err != nil {
			return "", err
		}
	}
	var b strings.Builder
	for n := 0; limit == nil || n < max(*limit, 0); n++ {
		line, err := r.ReadSlice('\n')
		if b.Len()+len(line) > maxReadBytes {
			return "", errTooLarge
		}
		b.Write(line)
		if errors.Is(err, bufio.ErrBufferFull) {
			n-- // the same line goes on
			continue
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return "", err
		}
	}
	return b.String(), nil
}

// skipLine reads a line and drops it, however long.
func skipLine(r *bufio.Reader) error {
	for {
		_, err := r.ReadSlice('\n')
		if !errors.Is(err, bufio.ErrBufferFull) {
			return err
		}
	}
}

// current is the text of a file of the session directory before a write,
// nil when there is none; a file over maxReadBytes, or not a regular
// file, is an error.
func (c *confined) current(rel, path string) (*string, error) {
	f, info, err := c.open(rel, path)
	if isNotFound(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if info.Size() > maxReadBytes {
		return nil, tooLarge(path, "the file it replaces is")
	}
	data, err := io.ReadAll(io.LimitReader(f, maxReadBytes+1))
	if err != nil {
		return nil, c.accessError(path, err)
	}
	if len(data) > maxReadBytes {
		return nil, tooLarge(path, "the file it replaces is")
	}
	text := string(data)
	return &text, nil
}

// writeTextFile writes a file of the session directory, creating it and
// the directories above it.
func (c *confined) writeTextFile(p sdk.WriteTextFileRequest) error {
	rel, err := c.rel(p.Path)
	if err != nil {
		return err
	}
	if dir := filepath.Dir(rel); dir != "." {
		if err := c.root.MkdirAll(dir, 0o755); err != nil {
			return c.accessError(p.Path, err)
		}
	}
	if err := c.root.WriteFile(rel, []byte(p.Content), 0o644); err != nil {
		return c.accessError(p.Path, err)
	}
	return nil
}

// escapes reports whether rel leads out of the session directory through
// a symlink, which a missing file's path must not either.
func (c *confined) escapes(rel string) bool {
	dir := filepath.Dir(rel)
	if dir == "." {
		return false
	}
	_, err := c.root.Stat(dir)
	var pe *fs.PathError
	return errors.As(err, &pe) && strings.Contains(pe.Err.Error(), "escapes")
}

// workdir is a terminal's working directory: the session directory, or
// a directory inside it.
func (c *confined) workdir(cwd *string) (string, error) {
	if cwd == nil || *cwd == "" {
		return c.dir, nil
	}
	rel, err := c.rel(*cwd)
	if err != nil {
		return "", err
	}
	info, err := c.root.Stat(rel)
	if err != nil {
		return "", c.accessError(*cwd, err)
	}
	if !info.IsDir() {
		return "", refusal(*cwd, "not a directory")
	}
	return filepath.Join(c.dir, rel), nil
}

func (c *confined) close() { c.root.Close() }
