package termsafe

import (
	"net/netip"
	"strings"
	"unicode"

	"github.com/charmbracelet/x/ansi"
	"golang.org/x/net/publicsuffix"
)

// A URL too long for its line is shortened where it does not change where
// it goes: its head (scheme, user information, host and port) is shown
// whole, wrapped at the dots between labels, and only what follows it (the
// path, query and fragment) is cut with "…". Cutting the host would let
// https://accounts.bank.example.com.login.evil.example/ read as a bank's
// URL. The registrable domain (golang.org/x/net/publicsuffix: evil.example,
// or bank.co.uk) is never split across lines, and is drawn bold in
// colour. A head longer than maxURLHead cells (no DNS name is) keeps its
// end: the registrable domain, and the labels before it that fit.

// maxURLHead bounds the cells of a URL head that are shown.
const maxURLHead = 512

// URLRows draws the visible text of a URL in rows of at most width cells
// (1 at least):
// the whole text when it fits, else its head whole and the rest cut. plain
// styles the text, strong the registrable domain.
func URLRows(visible string, width int, plain, strong func(...string) string) []string {
	width = max(width, 1)
	head, domain, rest := splitURL(visible)
	if ansi.StringWidth(visible) <= width {
		return []string{styleHead(head, domain, plain, strong) + plain(rest)}
	}
	rows := packHead(head, domain, width, plain, strong)
	if rest == "" {
		return rows
	}
	last := rows[len(rows)-1]
	room := width - ansi.StringWidth(last)
	if room < 2 && ansi.StringWidth(rest) > room {
		rows, last, room = append(rows, ""), "", width
	}
	rows[len(rows)-1] = last + plain(ansi.Truncate(rest, room, "…"))
	return rows
}

// splitURL splits the visible text of a URL into its head without the
// registrable domain (and the port after it), that domain and port, and
// the rest. Text that has no "//" authority after a scheme is all rest.
func splitURL(visible string) (head, domain, rest string) {
	scheme, afterScheme, ok := strings.Cut(visible, "://")
	if !ok || !validScheme(scheme) {
		return "", "", visible
	}
	end := len(visible) - len(afterScheme)
	if i := strings.IndexFunc(afterScheme, endsAuthority); i >= 0 {
		end += i
	} else {
		end = len(visible)
	}
	head, rest = visible[:end], visible[end:]
	start := len(head) - len(registrable(head))
	return head[:start], head[start:], rest
}

// validScheme reports whether s is a URL scheme (RFC 3986): a letter,
// then letters, digits, "+", "-" and ".".
func validScheme(s string) bool {
	for i, r := range s {
		letter := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
		if !letter && (i == 0 || !(r >= '0' && r <= '9' || r == '+' || r == '-' || r == '.')) {
			return false
		}
	}
	return s != ""
}

// endsAuthority reports whether r ends a URL's authority: the path, query
// or fragment begins, or a space, which no host holds.
func endsAuthority(r rune) bool {
	return r == '/' || r == '?' || r == '#' || unicode.IsSpace(r)
}

// registrable is the end of a URL head that names who owns the host: its
// registrable domain and port, the last label when there is no such
// domain, or the whole host for an IP address.
func registrable(head string) string {
	authority := head[strings.Index(head, "://")+3:]
	host := authority[strings.LastIndex(authority, "@")+1:]
	name := host
	if i := strings.LastIndexByte(host, ':'); i >= 0 && !strings.Contains(host[i:], "]") {
		name = host[:i]
	}
	if strings.HasPrefix(name, "[") || isIPAddress(name) {
		return host
	}
	trimmed := strings.TrimSuffix(name, ".")
	d, err := publicsuffix.EffectiveTLDPlusOne(strings.ToLower(trimmed))
	if err != nil || len(d) > len(trimmed) {
		d = trimmed[strings.LastIndexByte(trimmed, '.')+1:]
	}
	return host[len(trimmed)-len(d):]
}

// styleHead styles a head with its registrable domain strong.
func styleHead(head, domain string, plain, strong func(...string) string) string {
	if head+domain == "" {
		return ""
	}
	return plain(head) + strong(domain)
}

// packHead lays a URL head out in rows of width cells: the labels before
// the registrable domain are packed at their dots, the domain kept on one
// row when it fits a row; a part wider than a row is wrapped by cell. A
// head over maxURLHead cells loses its start.
func packHead(head, domain string, width int, plain, strong func(...string) string) []string {
	if over := ansi.StringWidth(head+domain) - maxURLHead; over > 0 {
		if hw := ansi.StringWidth(head); hw > over {
			head = "…" + ansi.TruncateLeft(head, over+1, "")
		} else {
			head, domain = "", "…"+ansi.TruncateLeft(domain, over-hw+1, "")
		}
	}
	var rows []string
	var row strings.Builder
	cells := 0
	add := func(part string, style func(...string) string) {
		for _, piece := range strings.Split(ansi.Hardwrap(part, width, false), "\n") {
			if ansi.StringWidth(piece) > width { // a wide character, one cell wide
				piece = ansi.Truncate(piece, width, "…")
			}
			w := ansi.StringWidth(piece)
			if cells > 0 && cells+w > width {
				rows, cells = append(rows, row.String()), 0
				row.Reset()
			}
			row.WriteString(style(piece))
			cells += w
		}
	}
	for _, label := range strings.SplitAfter(head, ".") {
		if label != "" {
			add(label, plain)
		}
	}
	if domain != "" {
		add(domain, strong)
	}
	return append(rows, row.String())
}

// isIPAddress reports whether name is an IP address as net.ParseIP reads
// one: netip.ParseAddr's, without a zone, which is how net.ParseIP
// itself is written. Package net is not linked for it: with cgo, net
// links the C library dynamically, and the loader and libc's start-up
// then run before main at every start of cardtui (about 1 ms).
func isIPAddress(name string) bool {
	addr, err := netip.ParseAddr(name)
	return err == nil && addr.Zone() == ""
}
