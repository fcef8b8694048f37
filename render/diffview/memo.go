package diffview

import "sync"

// memo is a cache safe for concurrent use whose values stand for texts
// of a size, which together stay within limit bytes: it is emptied before
// a value would take them past it, and a value whose text alone is larger
// is not kept. misses counts the lookups of keys it did not hold.
type memo[K comparable, V any] struct {
	limit  int
	mu     sync.Mutex
	values map[K]V
	bytes  int
	misses int
}

// get is the value of key, and whether the memo held one.
func (m *memo[K, V]) get(key K) (V, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	v, ok := m.values[key]
	if !ok {
		m.misses++
	}
	return v, ok
}

// put keeps v under key, standing for size bytes of text.
func (m *memo[K, V]) put(key K, v V, size int) {
	if size > m.limit {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.values == nil || m.bytes+size > m.limit {
		m.values, m.bytes = map[K]V{}, 0
	}
	m.values[key] = v
	m.bytes += size
}

// clear forgets every value.
func (m *memo[K, V]) clear() {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.values, m.bytes = nil, 0
}

// len is the number of values held.
func (m *memo[K, V]) len() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.values)
}
