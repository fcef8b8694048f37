//go:build !unix

package regularfile

import "os"

// openNonblocking is no flag where opening a named pipe does not wait for
// a writer (Windows): Open still refuses what is not a regular file.
const openNonblocking = 0

// setBlocking has nothing to undo where the open was not non-blocking.
func setBlocking(*os.File) error { return nil }
