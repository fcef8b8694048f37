// Package textcut fits lines of styled text to a width, for every card:
// the frame's inner width and its padded, framed lines; one-line text and
// a path cut from the left; wrapping (at cell boundaries, or at words with
// a continuation mark, up to a number of rows); folds and their "more
// lines" note; dim notes, rules and the joining of sections. Every width,
// cut and strip goes through charmbracelet/x/ansi, so SGR sequences and
// OSC 8 links survive the cut.
package textcut
