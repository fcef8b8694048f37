// Package viewer is an embeddable Bubble Tea v2 component that shows a
// transcript — messages, tool cards, problems, notices — as a scrollable
// list of cards, with a status line and a key help line.
//
// # Running it alone
//
// App is the tea.Model adapter: it sizes the viewer to the window.
//
//	m := viewer.New(viewer.DefaultOptions())
//	m.SetEntries(transcript.Entries)
//	_, err := tea.NewProgram(viewer.App{Model: m}).Run()
//
// # Embedding it
//
// Model is a component like bubbles' viewport: a value whose Update
// returns the new value and a command (Example_harness is a whole
// harness's screen; examples/embed the same as a program). A parent
//
//  1. creates it with New: the zero Options work, DefaultOptions adds
//     drawing off the loop, tmux's clipboard and local times. It sets
//     HideStatus or HideHelp when it draws its own (Model is a
//     help.KeyMap whose ShortHelp follows what the viewer is doing), and
//     disables KeyMap.Quit when it quits itself. KeyMap is a public field:
//     the parent may read and change it at any time;
//  2. returns Model.Init from its own Init (in a tea.Batch): it asks the
//     terminal for its background colour and OSC 52 support, and starts
//     reading Options.Feed;
//  3. on every tea.WindowSizeMsg calls SetSize with the part of the
//     window it gives the viewer (the viewer ignores the message itself),
//     and SetOrigin when that part does not start at the top-left corner,
//     so that mouse clicks land on the right card;
//  4. forwards every message to Update and keeps the returned Model. A
//     key of the parent's own is the parent's only while Capturing is
//     false (the viewer's search or filter prompt is not taking typed
//     text). Blur the viewer while another component has the keyboard —
//     it then ignores keys and pastes, and draws neither its focus bar
//     nor its key help — and Focus it (which returns a command) to give
//     the keyboard back;
//  5. draws it with Render, which returns the text, the cursor (at the
//     search prompt, relative to the viewer) and the mouse mode the
//     parent must set on its tea.View; View is Render's text alone.
//
// # Feeding it
//
// Entries are set by a key the harness already has — a tool call id, a
// message id: Upsert(id, entry) from the parent's Update appends the
// entry or replaces the one of that id (a result arriving later fills in
// its card; a tool card's own ID serves when id is ""), Remove deletes
// it, Entry reads it. From another goroutine, send the same as
// cards.Change values on Options.Feed. That is all a harness needs; the
// rest is what readers of sessions use: a cards.Change with an Index sets
// that position (Apply, or an EntriesMsg sent with tea.Program.Send, as
// replay.Stream's batches do), Listen reads a channel other than Feed,
// SetEntries replaces everything at once. ProgressMsg drives the loading
// indicator; EndMsg (sent when the channel closes) ends it. A message
// streamed a chunk at a time is sent again, by its id, as it grows; the
// viewer lays out only its last paragraph again (stream.go). A call runs
// until its card has a result: cards.TerminalResult says how a command
// whose output streams in ends, cards.DiffCall how a diff does.
//
// # Controlling it
//
// A harness builds its own commands on FocusEntry, FocusIndex (an
// entry by its place, focused when it arrives if it has not yet),
// FocusedID and FocusedEntry (what a "copy card" or "open path" works on; Location and
// CardText help), Expand, SetFollow and Following, Search (which returns
// the command that counts the matches: return it from Update), NextMatch,
// PrevMatch and ClearSearch.
//
// # Copies and cost
//
// Copies share no state: the entries are a persistent list, so a copy
// keeps what it had whatever the original does, and an update costs a
// chunk of a few hundred entries, not the transcript. The model is built
// for sessions of hundreds of thousands of entries: the scroll position is
// an anchor (a card and a line inside it), so a motion, a page or a frame
// renders only the cards it shows, and rendered cards are kept in a
// bounded LRU keyed by content (entry version, width, expanded, theme).
// Search runs over a plain-text form of the entries in a tea.Cmd and never
// renders a card it does not show.
package viewer
