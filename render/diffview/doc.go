// Package diffview draws the body of a diff card: the model of a file's
// change (File, Hunk, Line; from whole texts or from hunks an agent
// recorded), the word-level emphasis inside changed lines, the syntax
// colours of both sides, and the unified or side-by-side layout of the
// rows at a width. Body is the entry point render frames in its diff
// cards; the model (Files, Decorate, the texts of folds, counts and
// notes) is exported for the HTML and Markdown exports of the same diff.
//
// It sits below render and above render/syntax, render/style and
// termsafe, and imports neither render nor the exports.
package diffview
