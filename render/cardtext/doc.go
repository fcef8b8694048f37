// Package cardtext holds the words of the cards that the terminal widgets
// of render and the HTML and Markdown exports share, so that a card reads
// the same in every form: titles (of orphan results, problems, terminal
// calls), badges and status texts, the footers of searches, the range and
// gutter of a read, the notes of a state that was not applied or rolled
// back, role labels, the guessing of a block's language, and the Markdown
// of a terminal card, which render also draws for clients without
// terminal capability.
//
// It sits below render and the exports and depends on render/style,
// render/markdown and termsafe.
package cardtext
