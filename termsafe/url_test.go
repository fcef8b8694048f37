package termsafe

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
)

func TestSplitURL(t *testing.T) {
	tests := []struct{ in, head, domain, rest string }{
		{"https://accounts.bank.example.com.login.evil.example/x?y#z", "https://accounts.bank.example.com.login.", "evil.example", "/x?y#z"},
		{"https://www.bank.co.uk:8443/a", "https://www.", "bank.co.uk:8443", "/a"},
		{"https://user:pw@mail.example.org?q", "https://user:pw@mail.", "example.org", "?q"},
		{"http://bank.example@evil.example/", "http://bank.example@", "evil.example", "/"},
		{"http://192.168.1.10:8080/admin", "http://", "192.168.1.10:8080", "/admin"},
		{"http://[::1]:8080/", "http://", "[::1]:8080", "/"},
		{"https://localhost/a", "https://", "localhost", "/a"},
		{"https://EVIL.Example./", "https://", "EVIL.Example.", "/"},
		{"https://a.b.internal", "https://a.", "b.internal", ""},
		{"file:///etc/passwd", "file://", "", "/etc/passwd"},
		{"javascript:alert(1)", "", "", "javascript:alert(1)"},
	}
	for _, tt := range tests {
		head, domain, rest := splitURL(tt.in)
		assert.Equal(t, []string{tt.head, tt.domain, tt.rest}, []string{head, domain, rest}, tt.in)
	}
}

func plainText(s ...string) string { return strings.Join(s, "") }

// TestURLRowsNeverCutTheHost: however narrow the row, the host is shown
// whole (wrapped at its dots) and its registrable domain on one row; only
// the path is cut.
func TestURLRowsNeverCutTheHost(t *testing.T) {
	url := "https://accounts.bank.example.com.login-session.secure.evil.example/login/" + strings.Repeat("x", 200)
	for _, width := range []int{20, 40, 60, 80, 120} {
		rows := URLRows(url, width, plainText, plainText)
		joined := strings.Join(rows, "")
		assert.True(t, strings.HasPrefix(joined, "https://accounts.bank.example.com.login-session.secure.evil.example/"), "width %d: %q", width, rows)
		assert.True(t, strings.HasSuffix(joined, "…"), "width %d: the path is cut", width)
		assert.True(t, containsRow(rows, "evil.example"), "width %d: the domain is on one row: %q", width, rows)
		for _, row := range rows {
			assert.LessOrEqual(t, ansi.StringWidth(row), width, "width %d: %q", width, row)
		}
	}
	assert.Equal(t, []string{"https://a.example/b"}, URLRows("https://a.example/b", 80, plainText, plainText))
}

// TestURLRowsBoundAHugeHost: a host longer than any DNS name keeps its
// end, the registrable domain, within maxURLHead cells.
func TestURLRowsBoundAHugeHost(t *testing.T) {
	url := "https://" + strings.Repeat("a.", 100000) + "evil.example/path"
	rows := URLRows(url, 80, plainText, plainText)
	joined := strings.Join(rows, "")
	assert.LessOrEqual(t, ansi.StringWidth(joined), maxURLHead+len("/path"))
	assert.True(t, strings.HasPrefix(joined, "…"))
	assert.Contains(t, joined, ".evil.example/path")

	rows = URLRows("https://"+strings.Repeat("x", 100000)+"/path", 80, plainText, plainText)
	assert.Len(t, rows, maxURLHead/80+1, "a host of one label is bounded too")
	assert.True(t, strings.HasPrefix(rows[0], "…x"))
}

func TestURLRowsStrongDomain(t *testing.T) {
	strong := func(s ...string) string { return "[" + strings.Join(s, "") + "]" }
	assert.Equal(t, []string{"https://login.[evil.example]/a"}, URLRows("https://login.evil.example/a", 80, plainText, strong))
}

func containsRow(rows []string, part string) bool {
	for _, row := range rows {
		if strings.Contains(row, part) {
			return true
		}
	}
	return false
}

// FuzzURLRows: for any text and width, the rows of a URL fit the width,
// hold all of its head when it is short enough (and the rows at least two
// cells wide, as a wide character needs), and keep the registrable
// domain on one row when it fits one.
func FuzzURLRows(f *testing.F) {
	for _, seed := range []string{
		"https://accounts.bank.example.com.login.evil.example/x", "http://[::1]:80/", "https://a@b@c.example",
		"file:///etc", "javascript:alert(1)", "https://" + strings.Repeat("é.", 300) + "co.uk/",
	} {
		f.Add(seed, 40)
	}
	f.Fuzz(func(t *testing.T, url string, width int) {
		width = int(uint(width)%201) - 1 // -1 to 199: a width under 1 counts as 1
		visible := SanitizeText(url)
		if strings.ContainsAny(visible, "\n\t") {
			return
		}
		rows := URLRows(visible, width, plainText, plainText)
		width = max(width, 1)
		for _, row := range rows {
			if ansi.StringWidth(row) > width {
				t.Fatalf("row %q is wider than %d", row, width)
			}
		}
		head, domain, _ := splitURL(visible)
		if width >= 2 && ansi.StringWidth(head+domain) <= maxURLHead && !strings.Contains(strings.Join(rows, ""), head+domain) {
			t.Fatalf("the head %q is not whole in %q", head+domain, rows)
		}
		if ansi.StringWidth(domain) <= width && ansi.StringWidth(head+domain) <= maxURLHead && !containsRow(rows, domain) {
			t.Fatalf("the domain %q is split in %q", domain, rows)
		}
	})
}
