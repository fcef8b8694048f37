// Package render is cardtui's bridge: it turns transcript entries into
// styled text for a given width and options. Each card kind has its own
// widget in its own file; Entry dispatches with closed type switches that
// go-check-sumtype verifies, so a new variant in package cards fails the
// build until it has a widget.
//
// Rendering is deterministic for a given (entry, options): nothing is read
// from the environment. Widgets style in true colour; the result is then
// downsampled to the requested colour profile. Every line of the output
// fits Options.Width in display cells, and text from the input is
// sanitised so that only SGR colours (and the renderer's own OSC 8 links)
// reach the terminal.
package render
