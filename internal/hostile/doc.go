// Package hostile tests cardtui against hostile input: the adversarial
// corpus under testdata/hostile is loaded in its format, rendered in every
// output format (styled text with links, text without escapes, Markdown
// and the viewer's screen) at several widths, and checked for the
// properties SECURITY.md promises; fuzz targets check the same properties
// on inputs derived from the corpus. The package holds tests only.
package hostile
