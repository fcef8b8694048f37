// Package syntax is the chroma lexing shared by the diff view, the
// Markdown renderer and the HTML export: the lexer of a path or a fence's
// language, looked up once and remembered (ForPath, ForLanguage), the
// chroma style of a theme (ChromaTheme), token streams merged by type
// (Coalesce), and the time budget that stops a slow lexer so that a card
// is drawn without colours rather than late (Tokens and its notes),
// which is not spent twice on one text.
//
// It depends only on render/style.
package syntax
