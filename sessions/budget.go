package sessions

import (
	"context"

	"golang.org/x/sync/semaphore"
)

// listingBudget is how many bytes of session files the listing's readers
// read at once, all of them together: a cold listing holds about five
// times what it reads (the lines, the transcript, the document), so
// readers waiting for the disk run side by side while a few big files
// are read one after the other. A file bigger than the budget is read
// alone.
const listingBudget = 64 << 20

// readBudget shares listingBudget between the readers of one listing.
type readBudget struct {
	sem   *semaphore.Weighted
	total int64
}

// newReadBudget is a budget of total bytes read at once.
func newReadBudget(total int64) *readBudget {
	return &readBudget{sem: semaphore.NewWeighted(total), total: total}
}

// hold waits until a file of size bytes may be read, and returns what
// gives its share back. Every file holds at least a page, and at most the
// whole budget.
func (b *readBudget) hold(size int64) (release func()) {
	n := b.cost(size)
	_ = b.sem.Acquire(context.Background(), n) // fails only when the context is done
	return func() { b.sem.Release(n) }
}

// cost is the share of the budget a file of size bytes holds.
func (b *readBudget) cost(size int64) int64 { return min(max(size, 4096), b.total) }

// sizeOf is the size of the file of c, 0 when it was not found by Stat.
func sizeOf(c candidate) int64 {
	if c.info == nil {
		return 0
	}
	return c.info.Size()
}
