package acpclient

import (
	"errors"
	"fmt"
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

// readTextFile reads a file of the session directory, from a 1-based line
// and for a number of lines when they are given. A file that does not
// exist yet reads as an empty text, as Zed answers (it opens the path as
// a new buffer): Gemini CLI writes a new file only after such a read
// succeeds, since the error object of a failed one never matches its
// "not found" check.
func (c *confined) readTextFile(p sdk.ReadTextFileRequest) (sdk.ReadTextFileResponse, error) {
	rel, err := c.rel(p.Path)
	if err != nil {
		return sdk.ReadTextFileResponse{}, err
	}
	data, err := c.root.ReadFile(rel)
	if errors.Is(err, fs.ErrNotExist) && !c.escapes(rel) {
		return sdk.ReadTextFileResponse{Content: ""}, nil
	}
	if err != nil {
		return sdk.ReadTextFileResponse{}, c.accessError(p.Path, err)
	}
	return sdk.ReadTextFileResponse{Content: lineWindow(string(data), p.Line, p.Limit)}, nil
}

// lineWindow is limit lines of text from the 1-based line start.
func lineWindow(text string, start, limit *int) string {
	if start == nil && limit == nil {
		return text
	}
	lines := strings.SplitAfter(text, "\n")
	from := 0
	if start != nil {
		from = min(max(*start-1, 0), len(lines))
	}
	to := len(lines)
	if limit != nil {
		to = min(from+max(*limit, 0), len(lines))
	}
	return strings.Join(lines[from:to], "")
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
