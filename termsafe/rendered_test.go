package termsafe

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestEscapeControlReferences(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"esc decimal and hex", "&#27;]0;t&#x7;", "&amp;#27;]0;t&amp;#x7;"},
		{"cr and del", "a&#13;b&#127;", "a&amp;#13;b&amp;#127;"},
		{"c1", "&#x9B;2J", "&amp;#x9B;2J"},
		{"bidi and invisible", "&#x202e;&#8203;&ZeroWidthSpace;&lrm;&shy;", "&amp;#x202e;&amp;#8203;&amp;ZeroWidthSpace;&amp;lrm;&amp;shy;"},
		{"variation selector", "a&#xFE0F;", "a&amp;#xFE0F;"},
		{"printable references kept", "&amp; &lt; &#65; &copy; &#x4E2D;", "&amp; &lt; &#65; &copy; &#x4E2D;"},
		{"out of range kept", "&#9999999;", "&#9999999;"},
		{"not a reference", "a & b &; &#;", "a & b &; &#;"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, EscapeControlReferences(tt.in, "&amp;"))
		})
	}
}

func TestNeutralizeRendered(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"plain", "abc 中文", "abc 中文"},
		{"sgr kept", "\x1b[1;31mx\x1b[m", "\x1b[1;31mx\x1b[m"},
		{"link kept", "\x1b]8;;https://a.example/\x07a\x1b]8;;\x07", "\x1b]8;;https://a.example/\x07a\x1b]8;;\x07"},
		{"title shown", "a\x1b]0;t\x07b", "a␛]0;t␇b"},
		{"controls shown", "\r\x0b\x0c\x7f\x0e", "␍␋␌␡␎"},
		{"c1 shown", "a\u009b2J", "a<U+009B>2J"},
		{"bidi shown", "a\u202eb", "a<U+202E>b"},
		{"variation selector after a letter shown", "a\ufe0f", "a<U+FE0F>"},
		{"emoji presentation kept", "❤\ufe0f 1\ufe0f\u20e3", "❤\ufe0f 1\ufe0f\u20e3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, NeutralizeRendered(tt.in))
		})
	}
}
