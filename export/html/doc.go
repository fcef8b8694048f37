// Package html is the HTML export: Write writes a transcript as one
// self-contained HTML document (its style sheet, html.css, embedded), each
// card as the terminal shows it — the same titles, badges, folds and notes,
// diffs with word emphasis and syntax colours, Markdown rendered with
// goldmark and sanitised, and program output with its SGR colours turned
// into spans. Text from the input is escaped and URLs are kept only when
// termsafe.SafeURL accepts them.
//
// It reads render/diffview, render/syntax, render/cardtext and termsafe;
// it does not import render.
package html
