// Package termsafe is what stands between untrusted text and a terminal:
// it sanitises text and program output so that only SGR colours reach the
// terminal (SanitizeText, SanitizeOutput), measures display cells the way
// terminals draw them (Width), neutralises what a Markdown renderer
// decoded from character references (NeutralizeRendered), and decides
// which URLs may become links and how they are shown so that their domain
// cannot be spoofed (SafeURL, URLRows).
//
// It depends on no other package of cardtui; render, the exports and the
// viewer build on it.
package termsafe
