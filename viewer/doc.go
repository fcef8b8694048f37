// Package viewer is an embeddable Bubble Tea v2 model that shows a
// transcript as a scrollable list of cards.
//
// Create it with New, give it a size (a tea.WindowSizeMsg or SetSize) and
// entries: all at once with SetEntries, or as a stream of Updates — an
// EntriesMsg sent to the program, or a channel read by Listen (or set as
// Options.Feed), which never blocks Update. An Update with the index of an
// existing entry replaces it; that is how a result arriving later fills in
// its card. A message streamed a chunk at a time is sent again at its
// index as it grows; the viewer lays out only its last paragraph again
// (stream.go).
//
// The model is built for sessions of hundreds of thousands of entries: the
// scroll position is an anchor (a card and a line inside it), so a motion,
// a page or a frame renders only the cards it shows, and rendered cards are
// kept in a bounded LRU keyed by (card, width, expanded, theme) and checked
// against the entry's version. Search runs over a plain-text form of the
// entries in a tea.Cmd and never renders a card it does not show.
//
// View returns the whole screen (alternate screen, mouse wheel); a harness
// that composes its own screen can call Render for the same text.
package viewer
