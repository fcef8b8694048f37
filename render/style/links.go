package style

import (
	"net/url"
	"path"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"github.com/cardtui/cardtui/termsafe"
)

// Dim styles one line of text in the theme's dim colour. It writes the SGR
// with x/ansi: lipgloss's Render costs several times more, and dim text is
// drawn on most lines of a card.
func Dim(s string, o Options) string {
	return ansi.NewStyle().ForegroundColor(o.Colors().Dim).Styled(s)
}

// PathLink styles the visible text of a path and links it to the file
// when the path is absolute.
func PathLink(visible, p string, style func(...string) string, o Options) string {
	styled := style(visible)
	if !path.IsAbs(p) {
		return styled
	}
	return Hyperlink(styled, FileURL(p), o)
}

// FileURL is the file:// URL of an absolute slash-separated path.
func FileURL(p string) string {
	return (&url.URL{Scheme: "file", Path: p}).String()
}

// LinksOn reports whether OSC 8 hyperlinks may be written.
func LinksOn(o Options) bool {
	return o.Hyperlinks && o.Profile > colorprofile.NoTTY
}

// Hyperlink wraps styled text in an OSC 8 link to rawURL when links are on
// and the URL passes termsafe.SafeURL; otherwise the text stays as it is.
func Hyperlink(styled, rawURL string, o Options) string {
	if !LinksOn(o) {
		return styled
	}
	safe, ok := termsafe.SafeURL(rawURL)
	if !ok {
		return styled
	}
	return ansi.SetHyperlink(safe) + styled + ansi.ResetHyperlink()
}
