package replay

import "time"

// SetFollowPolls sets how often a followed file is checked, watched and
// not, for a test, and returns what restores them.
func SetFollowPolls(watched, unwatched time.Duration) (restore func()) {
	oldWatched, oldUnwatched := watchedPoll, pollInterval
	watchedPoll, pollInterval = watched, unwatched
	return func() { watchedPoll, pollInterval = oldWatched, oldUnwatched }
}
