package fakehome

import (
	"maps"
	"os"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
)

// shared is the home Shared writes once per test binary.
var shared struct {
	sync.Mutex
	home    Home
	written bool
}

// Shared is the home of New, written once for the whole test binary and
// handed to every test that only reads it (a test that adds, removes or
// changes a file in it takes New's home of its own). The binary's
// TestMain calls RemoveShared when its tests end.
func Shared(t *testing.T) Home {
	t.Helper()
	shared.Lock()
	defer shared.Unlock()
	if !shared.written {
		dir, err := os.MkdirTemp("", "fakehome")
		require.NoError(t, err)
		defer func() {
			if !shared.written {
				_ = os.RemoveAll(dir) // the writing failed
			}
		}()
		shared.home, shared.written = write(t, dir), true
	}
	h := shared.home
	h.Roots, h.Paths = maps.Clone(h.Roots), maps.Clone(h.Paths)
	return h
}

// RemoveShared removes the home of Shared, when a test wrote it.
func RemoveShared() error {
	shared.Lock()
	defer shared.Unlock()
	if !shared.written {
		return nil
	}
	shared.written = false
	return os.RemoveAll(shared.home.Dir)
}
