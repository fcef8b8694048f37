package replay

import (
	"context"
	"io"
	"os"
	"time"
)

// FollowPolled is Follow checking the file every watched while the file
// system watches it and every unwatched otherwise, for a test.
func FollowPolled(ctx context.Context, f *os.File, watched, unwatched time.Duration) io.Reader {
	return follow(ctx, f, polls{watched: watched, unwatched: unwatched})
}
