// Package style is what every drawing of cardtui shares, below render and
// its sub-packages: the Options a rendering depends on (width, colour
// profile, theme, capabilities, diff layout), the palettes of the themes,
// the inks that paint with them, the glyphs of the call kinds, and the
// small line helpers every card uses (the frame's inner width, one-line
// text, dim notes and rules, folds and their "more lines" note, path and
// URL links).
//
// Package render re-exports Options and its companion types, so that
// callers need import only render.
package style
