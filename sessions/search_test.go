package sessions_test

import (
	"slices"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/agents/nodb"
	"github.com/cardtui/cardtui/internal/testkit/fakehome"
	"github.com/cardtui/cardtui/sessions"
)

// TestSearchEachDeliversInOrderAndReadsABoundedWayAhead: over a list of
// hundreds of sessions, SearchEach delivers what prepare made of each
// session's hits in the order of the list, the same hits Search gives;
// no more than 64 sessions past the one delivered are prepared; and a
// deliver that returns false ends the search.
func TestSearchEachDeliversInOrderAndReadsABoundedWayAhead(t *testing.T) {
	h := fakehome.New(t)
	o := sessions.Options{Sources: nodb.Sessions, Roots: h.Roots, CacheDir: t.TempDir()}
	found, err := sessions.List(o)
	require.NoError(t, err)
	var list []sessions.Session
	for range 60 {
		list = append(list, found...)
	}
	m := sessions.LiteralMatcher([]byte("tally"))
	var want []sessions.Hit
	sessions.Search(o, list, m, false, func(h sessions.Hit) bool { want = append(want, h); return true })
	require.Greater(t, len(want), 200)

	var prepared, delivered atomic.Int64
	var got []sessions.Hit
	sessions.SearchEach(o, list, m, false, func(hits *sessions.Hits) []sessions.Hit {
		prepared.Add(1)
		require.Positive(t, hits.Len())
		return slices.Collect(hits.All())
	}, func(hits []sessions.Hit) bool {
		assert.LessOrEqual(t, prepared.Load()-delivered.Add(1), int64(64))
		got = append(got, hits...)
		return true
	})
	assert.Equal(t, len(want), len(got))
	for i := range min(len(want), len(got)) {
		assert.Equal(t, want[i].Session.Path, got[i].Session.Path, i)
		assert.Equal(t, want[i].Line, got[i].Line, i)
	}

	calls := 0
	sessions.SearchEach(o, list, m, false, (*sessions.Hits).Len, func(int) bool {
		calls++
		return calls < 3
	})
	assert.Equal(t, 3, calls)
}
