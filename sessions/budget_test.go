package sessions

import (
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestReadBudgetBoundsTheTotal: readers hold at most the budget between
// them, however many read at once; a file bigger than the budget is read
// alone, and still read.
func TestReadBudgetBoundsTheTotal(t *testing.T) {
	const total = 100 << 20
	b := newReadBudget(total)
	var mu sync.Mutex
	var held, most int64
	add := func(n int64) {
		mu.Lock()
		defer mu.Unlock()
		held += n
		most = max(most, held)
	}
	var wg sync.WaitGroup
	for _, size := range []int64{60 << 20, 60 << 20, 60 << 20, 60 << 20, 500 << 20, 30 << 20, 30 << 20, 30 << 20, 30 << 20, 0} {
		wg.Go(func() {
			release := b.hold(size)
			add(b.cost(size))
			add(-b.cost(size))
			release()
		})
	}
	wg.Wait()
	assert.LessOrEqual(t, most, int64(total))
	assert.Zero(t, held)
}
