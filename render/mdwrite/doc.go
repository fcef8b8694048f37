// Package mdwrite writes Markdown from the input's text safely: it escapes
// text so that Markdown reads it as the text it is (EscapeInline), puts
// code in fences and spans longer than any backtick run inside it (Fence,
// CodeSpan), links only safe URLs (Link) and joins blocks (Join), so that
// no text from the input opens a block that swallows what follows.
//
// It is the writing half of cardtui's Markdown, kept apart from the
// drawing half (render/markdown, with glamour and chroma) so that
// render/cardtext, sessions and the agents' packages write a card's
// Markdown without linking a Markdown renderer. It depends only on
// termsafe and internal/lazyregexp.
package mdwrite
