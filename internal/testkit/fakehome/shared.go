package fakehome

import (
	"maps"
	"os"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
)

// shared is the home Shared writes once per test binary; its Dir is ""
// until it is written.
var shared struct {
	sync.Mutex
	home Home
}

// Shared is the home of New, written once for the whole test binary and
// handed to every test that only reads it (a test that adds, removes or
// changes a file in it takes New's home of its own). The binary's
// TestMain calls RemoveShared when its tests end.
func Shared(t *testing.T) Home {
	t.Helper()
	shared.Lock()
	defer shared.Unlock()
	if shared.home.Dir == "" {
		dir, err := os.MkdirTemp("", "fakehome")
		require.NoError(t, err)
		defer func() {
			if shared.home.Dir == "" {
				_ = os.RemoveAll(dir) // the writing failed
			}
		}()
		shared.home = write(t, dir)
	}
	h := shared.home
	h.Roots, h.Paths = maps.Clone(h.Roots), maps.Clone(h.Paths)
	return h
}

// RemoveShared removes the home of Shared, when a test wrote it.
func RemoveShared() error {
	shared.Lock()
	defer shared.Unlock()
	dir := shared.home.Dir
	if dir == "" {
		return nil
	}
	shared.home = Home{}
	return os.RemoveAll(dir)
}
