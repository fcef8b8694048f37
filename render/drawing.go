package render

// Drawing is an entry drawn at one width. Its lines are finished (framed,
// cut to the width, styled for the colour profile) only when asked for,
// so a card of a million lines holds its text once, never a million
// padded copies of it: printing it or scrolling through it costs what is
// written or on screen. The zero Drawing has no lines.
type Drawing struct {
	head, body, tail []string
	// framed is set when the body goes between left and right, padded
	// or cut to inner cells.
	framed      bool
	left, right string
	inner       int
	o           Options
}

// DrawLines makes lines a caller drew itself a Drawing, each finished as
// a card's are: cut to the options' width and styled for their profile.
func DrawLines(lines []string, o Options) Drawing {
	return Drawing{body: lines, o: o}
}

// Len is the number of lines.
func (d Drawing) Len() int { return len(d.head) + len(d.body) + len(d.tail) }

// Line returns line i (0 ≤ i < Len()): at most the options' width and
// styled for their colour profile.
func (d Drawing) Line(i int) string { return finishLine(d.raw(i), d.o) }

// Lines returns every line.
func (d Drawing) Lines() []string {
	lines := make([]string, d.Len())
	for i := range lines {
		lines[i] = d.Line(i)
	}
	return lines
}

// raw is line i before finishLine.
func (d Drawing) raw(i int) string {
	if i < len(d.head) {
		return d.head[i]
	}
	i -= len(d.head)
	if i >= len(d.body) {
		return d.tail[i-len(d.body)]
	}
	if d.framed {
		return framed(d.left, d.body[i], d.right, d.inner)
	}
	return d.body[i]
}
