// Package markdown is Markdown in cardtui, both ways: writing it safely
// (EscapeInline, CodeSpan, Fence, Link, Join, CloseBlocks, so that text
// from the input opens no block that swallows what follows), and drawing
// it in the terminal with glamour (Text, Lines, Head), code blocks
// coloured by chroma within a budget, raw HTML made inert, links kept only
// to safe URLs and every line neutralised and fitted to the width.
//
// The widgets of render build a card's Markdown with the first half and
// draw it with the second; the Markdown export writes with the first. It
// depends on render/style, render/syntax and termsafe, never on render.
package markdown
