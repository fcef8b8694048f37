// Package markdown is the Markdown export: Entry writes one transcript
// entry as a Markdown fragment with no escape sequences, for clients
// without terminal capability and for pasting into an issue; Diff writes
// file diffs in the unified format. Its dispatch over the card union is
// closed, and go-check-sumtype fails the build when a variant has no case.
//
// It writes with render/markdown's helpers (imported as mdtext), reads the
// diff model of render/diffview and shares the words of the cards with the
// terminal widgets through render/cardtext; it does not import render.
package markdown
