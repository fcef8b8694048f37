package cards

// Change is an entry that was added or changed in a transcript: Index is
// its position in the transcript's entries. An index already sent comes
// again when its entry changed (a call got its result, or was marked
// ended). It is what a reader of a session (replay, the live ACP client)
// sends and what the viewer takes, so changes go from one to the other as
// they are.
type Change struct {
	Index int
	// ID, when not empty, names the entry by a key of its producer's (a
	// tool call id, a message id) instead of Index: the entry with that ID
	// is replaced, or one appended. A reader of a session leaves it
	// empty; a harness feeding a viewer sets it.
	ID    string
	Entry Entry
}
