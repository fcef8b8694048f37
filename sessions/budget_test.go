package sessions

import (
	"sync"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestReadBudgetBoundsTheTotal: readers hold at most the budget between
// them, however many read at once; a file bigger than the budget is read
// alone, and still read.
func TestReadBudgetBoundsTheTotal(t *testing.T) {
	const total = 100 << 20
	b := newReadBudget(total)
	var held, most atomic.Int64
	var wg sync.WaitGroup
	for _, size := range []int64{60 << 20, 60 << 20, 60 << 20, 60 << 20, 500 << 20, 30 << 20, 30 << 20, 30 << 20, 30 << 20, 0} {
		wg.Go(func() {
			release := b.hold(size)
			n := held.Add(b.cost(size))
			for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
			}
			held.Add(-b.cost(size))
			release()
		})
	}
	wg.Wait()
	assert.LessOrEqual(t, most.Load(), int64(total))
	assert.Zero(t, held.Load())
}
