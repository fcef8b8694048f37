package termsafe

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// benchSanitize runs f on in b.N times, reporting throughput and
// allocations.
func benchSanitize(b *testing.B, f func(string) string, in string) {
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	for b.Loop() {
		f(in)
	}
}

// BenchmarkSanitizeOutput sanitises 1 MB of realistic build output with
// colours and '\r' progress lines.
func BenchmarkSanitizeOutput(b *testing.B) {
	benchSanitize(b, SanitizeOutput, realisticOutput(1<<20))
}

// BenchmarkSanitizeOutputHostile sanitises inputs built to defeat the cell
// model: huge single lines, a million short lines, dense escapes.
func BenchmarkSanitizeOutputHostile(b *testing.B) {
	for _, tt := range []struct {
		name string
		in   func() string
	}{
		{"single-line-ascii-10MB", func() string { return strings.Repeat("0123456789abcdef", 10<<20/16) }},
		// The same ending in "\r", which takes it through the cell model.
		{"single-line-ascii-cr-10MB", func() string { return strings.Repeat("0123456789abcdef", 10<<20/16) + "\rX" }},
		{"single-line-tabs-cr-10MB", func() string { return strings.Repeat("\t", 10<<20) + "\rX" }},
		{"single-line-invisible-cr-10MB", func() string { return strings.Repeat("\u00ad", 10<<20/2) + "\rX" }},
		{"single-line-cjk-sgr-cr-10MB", func() string { return mixedWideLine(10 << 20) }},
		{"million-short-lines", func() string { return sanitizeShortLines(1_000_000) }},
		{"dense-escapes-1MB", func() string { return denseEscapes(1 << 20) }},
	} {
		b.Run(tt.name, func(b *testing.B) {
			benchSanitize(b, SanitizeOutput, tt.in())
		})
	}
}

// BenchmarkSanitizeTextTitle sanitises a 100-byte plain title, the common
// case that must not allocate.
func BenchmarkSanitizeTextTitle(b *testing.B) {
	title := strings.Repeat("Edit render/x.go ", 6)[:100]
	benchSanitize(b, SanitizeText, title)
}

// mixedWideLine returns one line of about size bytes mixing CJK, emoji,
// ASCII, SGR changes and '\r' overwrites.
func mixedWideLine(size int) string {
	pieces := []string{"中文字", "👍", "abc", "\x1b[31m", "\x1b[1;44m", "\x1b[m", "\r", "日本語テキスト", " ", "e\u0301"}
	rng := rand.New(rand.NewPCG(3, 4))
	var b strings.Builder
	for b.Len() < size {
		b.WriteString(pieces[rng.IntN(len(pieces))])
	}
	return b.String()
}

// sanitizeShortLines returns n short lines.
func sanitizeShortLines(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "line %d\n", i)
	}
	return b.String()
}

// denseEscapes returns about size bytes made almost only of escape and
// string sequences, with a few characters between them.
func denseEscapes(size int) string {
	pieces := []string{"\x1b[31m", "\x1b[2J", "\x1b]0;title\x07", "\x1b[38;5;196;48;2;1;2;3m", "\x1b[K", "\x1b[3G", "x", "\x1b[?25l", "\x1bP1$r\x1b\\", "\x1b[m", "\x1b7", "\u009b1m", "\t"}
	rng := rand.New(rand.NewPCG(5, 6))
	var b strings.Builder
	for b.Len() < size {
		b.WriteString(pieces[rng.IntN(len(pieces))])
		if rng.IntN(50) == 0 {
			b.WriteByte('\n')
		}
	}
	return b.String()
}
