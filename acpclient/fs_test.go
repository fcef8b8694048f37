package acpclient

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	sdk "github.com/coder/acp-go-sdk"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/internal/testkit/acptest"
)

// confinementDirs makes a session directory with a file, a symlink to a
// file outside it, a symlink to a directory outside it, and a symlink
// that stays inside; it returns the session directory and the outside
// one.
func confinementDirs(t *testing.T) (string, string) {
	t.Helper()
	base := t.TempDir()
	dir, outside := filepath.Join(base, "session"), filepath.Join(base, "outside")
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "sub"), 0o755))
	require.NoError(t, os.MkdirAll(outside, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "in.txt"), []byte("one\ntwo\nthree\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(outside, "secret"), []byte("secret"), 0o644))
	require.NoError(t, os.Symlink(filepath.Join(outside, "secret"), filepath.Join(dir, "link-out")))
	require.NoError(t, os.Symlink(outside, filepath.Join(dir, "dir-out")))
	require.NoError(t, os.Symlink("in.txt", filepath.Join(dir, "link-in")))
	return dir, outside
}

// escapes are paths that leave the session directory, each one way.
func escapes(dir, outside string) map[string]string {
	return map[string]string{
		"dot dot":                 filepath.Join(dir, "..", "outside", "secret"),
		"relative dot dot":        "../outside/secret",
		"absolute elsewhere":      filepath.Join(outside, "secret"),
		"root":                    "/etc/passwd",
		"symlink to a file out":   filepath.Join(dir, "link-out"),
		"through a symlinked dir": filepath.Join(dir, "dir-out", "secret"),
		"dot dot inside a path":   filepath.Join(dir, "sub", "..", "..", "outside", "secret"),
	}
}

// requireRefused checks that err is JSON-RPC's invalid params error,
// naming path in its data.
func requireRefused(t *testing.T, err error, path string) {
	t.Helper()
	var re *sdk.RequestError
	require.True(t, errors.As(err, &re), "want a JSON-RPC error, got %v", err)
	assert.Equal(t, -32602, re.Code)
	assert.Equal(t, "Invalid params", re.Message, "the standard message, as the reference client answers")
	assert.Contains(t, re.Data, path, "the error names the path")
}

func TestFileRequestsAreConfined(t *testing.T) {
	dir, outside := confinementDirs(t)
	c, err := openConfined(dir)
	require.NoError(t, err)
	defer c.close()
	for name, path := range escapes(dir, outside) {
		t.Run(name, func(t *testing.T) {
			_, err := c.readTextFile(sdk.ReadTextFileRequest{Path: path})
			requireRefused(t, err, path)
			err = c.writeTextFile(sdk.WriteTextFileRequest{Path: path, Content: "pwned"})
			requireRefused(t, err, path)
			_, err = c.workdir(&path)
			requireRefused(t, err, path)
		})
	}
	secret, err := os.ReadFile(filepath.Join(outside, "secret"))
	require.NoError(t, err)
	assert.Equal(t, "secret", string(secret), "nothing outside was written")
	assert.NoFileExists(t, "/etc/pwned")
}

func TestFileRequestsInside(t *testing.T) {
	dir, _ := confinementDirs(t)
	c, err := openConfined(dir)
	require.NoError(t, err)
	defer c.close()
	got, err := c.readTextFile(sdk.ReadTextFileRequest{Path: filepath.Join(dir, "in.txt"), Line: sdk.Ptr(2), Limit: sdk.Ptr(1)})
	require.NoError(t, err)
	assert.Equal(t, "two\n", got.Content, "line 2, one line")
	got, err = c.readTextFile(sdk.ReadTextFileRequest{Path: filepath.Join(dir, "link-in")})
	require.NoError(t, err)
	assert.Equal(t, "one\ntwo\nthree\n", got.Content, "a symlink that stays inside is followed")
	require.NoError(t, c.writeTextFile(sdk.WriteTextFileRequest{Path: filepath.Join(dir, "new", "deep", "f.txt"), Content: "hi"}))
	b, err := os.ReadFile(filepath.Join(dir, "new", "deep", "f.txt"))
	require.NoError(t, err)
	assert.Equal(t, "hi", string(b))
	got, err = c.readTextFile(sdk.ReadTextFileRequest{Path: filepath.Join(dir, "missing")})
	require.NoError(t, err, "a file not there yet reads as empty, as Zed answers: Gemini CLI creates a file only so")
	assert.Empty(t, got.Content)
	assert.Equal(t, &sdk.RequestError{Code: -32002, Message: "Resource not found", Data: map[string]any{"uri": "x"}}, c.accessError("x", fs.ErrNotExist),
		"other missing things are JSON-RPC's resource not found")
}

func TestConfinementOverTheWire(t *testing.T) {
	dir, outside := confinementDirs(t)
	paths := escapes(dir, outside)
	errs := map[string][3]error{}
	s := startScripted(t, dir, false, func(ctx context.Context, a *acptest.Agent, sid sdk.SessionId) error {
		for name, path := range paths {
			_, rerr := a.Conn.ReadTextFile(ctx, sdk.ReadTextFileRequest{SessionId: sid, Path: path})
			_, werr := a.Conn.WriteTextFile(ctx, sdk.WriteTextFileRequest{SessionId: sid, Path: path, Content: "pwned"})
			_, terr := a.Conn.CreateTerminal(ctx, sdk.CreateTerminalRequest{SessionId: sid, Command: "touch", Args: []string{"pwned"}, Cwd: &path})
			errs[name] = [3]error{rerr, werr, terr}
		}
		return nil
	})
	s.turn(t, "escape")
	for name, path := range paths {
		for i, err := range errs[name] {
			require.Error(t, err, "%s: request %d", name, i)
			assert.Contains(t, err.Error(), path, "%s: request %d names the path", name, i)
		}
	}
	assert.NoFileExists(t, filepath.Join(outside, "pwned"))
	secret, err := os.ReadFile(filepath.Join(outside, "secret"))
	require.NoError(t, err)
	assert.Equal(t, "secret", string(secret))
}
