// Package style is what every drawing of cardtui shares, below render and
// its sub-packages: the Options a rendering depends on (width, colour
// profile, theme, capabilities, diff layout), the palettes of the themes,
// the inks that paint with them, the glyphs of the call kinds, dim text
// and path and URL links. Cutting, wrapping, padding and folding lines is
// package render/textcut's.
//
// Package render re-exports Options and its companion types, so that
// callers need import only render.
package style
