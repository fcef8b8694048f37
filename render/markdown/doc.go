// Package markdown draws Markdown in the terminal with glamour (Text,
// Lines, Head): code blocks coloured by chroma within a budget, raw HTML
// made inert, links kept only to safe URLs and every line neutralised and
// fitted to the width. It also makes Markdown from the input a
// self-contained part of a document (CloseBlocks, ShowLinkTargets), so
// that no block it leaves open swallows what follows.
//
// The widgets of render write a card's Markdown with render/mdwrite and
// draw it with this package; the Markdown export writes with both. It
// depends on render/style, render/syntax, render/mdwrite and termsafe,
// never on render.
package markdown
