// Package toolkit holds the small helpers that tool producers — the
// harness's native family and every agent's own — share, none of which
// needs a producers type: content blocks (Text, Code, Markdown, TextOf,
// FirstText, JSONString, CanonicalJSON, EscapeMarkdown), the fields of
// arguments (Required, NonEmpty, AtLeast, ValueOr, OrNil, Within),
// recorded diff hunks (RecordedHunk, SideCounts, CheckCount, JoinLines,
// LinePrefix) and a command's output (Exited, AllDigits, JoinStreams,
// Red). It is internal: the public API for writing producers is package
// producers.
package toolkit
