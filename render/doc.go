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
//
// The packages under it each hold one idea, and imports only go down:
//
//	render             the bridge, the widgets, frames and drawings
//	render/cardtext    the words of the cards the widgets share with the exports
//	render/diffview    the diff model, words, syntax colours and layout of a diff body
//	render/markdown    writing Markdown safely, and drawing it with glamour
//	render/syntax      chroma lexers, themes and the lexing budget
//	render/style       Options, palettes, inks and the line helpers every card uses
//	termsafe           sanitising, display cells, neutralising, URL safety
//
// The exports, export/html and export/markdown, sit beside render and
// build on the same packages without importing render. Options and its
// companion names are aliases of render/style's, so that callers need
// import only render to draw.
package render
