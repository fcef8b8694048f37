package cardtext

import (
	"strings"

	"github.com/cardtui/cardtui/termsafe"
)

// CutTitle is a one-line title cut to width columns. When it names a
// path (a word with a slash) the middle of the path goes first, so that
// its end, the file's name, stays: "◉ Read /Users/l…/src/page.tsx". A
// title that would not fit even so is cut at its end.
func CutTitle(title string, width int) string {
	over := termsafe.Width(title) - width
	if over <= 0 {
		return title
	}
	start, end := lastPath(title)
	if start == end {
		return termsafe.Truncate(title, width, "…")
	}
	p := title[start:end]
	room := termsafe.Width(p) - over
	if room < minPathRoom(p) {
		return termsafe.Truncate(title, width, "…")
	}
	return title[:start] + cutPath(p, room) + title[end:]
}

// lastPath is where the last word holding a slash is in title; start ==
// end when there is none.
func lastPath(title string) (start, end int) {
	for i := len(title); i > 0; {
		j := strings.LastIndexByte(title[:i], ' ')
		if w := title[j+1 : i]; strings.Contains(strings.Trim(w, "/"), "/") {
			return j + 1, i
		}
		if j < 0 {
			break
		}
		i = j
	}
	return 0, 0
}

// minPathRoom is the narrowest a path is cut to: "…" and its base name.
func minPathRoom(p string) int {
	return 1 + termsafe.Width(p[strings.LastIndexByte(p, '/'):])
}

// cutPath is path p cut in its middle to room columns (at least
// minPathRoom): its start, "…", and the last of its elements that fit in
// two thirds of the room.
func cutPath(p string, room int) string {
	tail := p[strings.LastIndexByte(p, '/'):]
	for i := len(p) - len(tail) - 1; i > 0; i-- {
		if p[i] == '/' && termsafe.Width(p[i:]) <= (room-1)*2/3 {
			tail = p[i:]
		}
	}
	head := termsafe.Truncate(p[:len(p)-len(tail)], room-1-termsafe.Width(tail), "")
	return head + "…" + tail
}
