package render

import (
	"github.com/cardtui/cardtui/render/markdown"
	"github.com/cardtui/cardtui/render/style"
	"github.com/cardtui/cardtui/render/textcut"
)

// Options are everything a rendering depends on; nothing else is read. The
// type lives in package style, below render and its sub-packages, which all
// draw with it.
type Options = style.Options

// Theme selects the palette for a dark or a light terminal background.
type Theme = style.Theme

// The themes.
const (
	Dark  = style.Dark
	Light = style.Light
)

// MinWidth is the narrowest width rendered; a smaller Width is raised to
// it.
const MinWidth = style.MinWidth

// DefaultOptions are true colour, dark, 80 columns, with terminal
// capability and hyperlinks.
func DefaultOptions() Options { return style.DefaultOptions() }

// DiffLayout is how a diff card places the old and new sides.
type DiffLayout = style.DiffLayout

// The diff layouts.
const (
	DiffAuto    = style.DiffAuto
	DiffUnified = style.DiffUnified
	DiffSplit   = style.DiffSplit
)

// SplitMinWidth is the width from which DiffAuto draws diffs side by side.
const SplitMinWidth = style.SplitMinWidth

// ParseDiffLayout reads a layout name as DiffLayout.String writes it (the
// values of --diff-layout).
func ParseDiffLayout(s string) (DiffLayout, error) { return style.ParseDiffLayout(s) }

// ExpandHint ends every note by which a collapsed card says what it does
// not show. The viewer expands a card on enter; a program that prints
// collapsed cards can look for the hint to tell how to see everything.
const ExpandHint = textcut.ExpandHint

// MarkdownText draws Markdown for the terminal at width cells, as the
// cards draw their Markdown text: see markdown.Text.
func MarkdownText(md string, width int, o Options) []string { return markdown.Text(md, width, o) }
