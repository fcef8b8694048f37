package viewer

import (
	"maps"
	"slices"
	"strings"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/termsafe"
)

// toolNames are the tool names of the cards, each once, sorted: what the
// filter prompt lists and completes.
func (m *Model) toolNames() []string {
	seen := map[string]bool{}
	for i := range m.list.Len() {
		if c, ok := m.list.entry(i).(cards.ToolCard); ok && c.Tool != "" {
			seen[oneLine(c.Tool)] = true
		}
	}
	return slices.Sorted(maps.Keys(seen))
}

// lastWord splits the filter typed into what comes before the word being
// typed and that word.
func lastWord(input string) (head, word string) {
	i := strings.LastIndexAny(input, " ,") + 1
	return input[:i], input[i:]
}

// candidates are the tools whose names start with word, ignoring case;
// when none does, those that contain it.
func candidates(tools []string, word string) []string {
	w := strings.ToLower(word)
	var prefixed, containing []string
	for _, t := range tools {
		switch lt := strings.ToLower(t); {
		case strings.HasPrefix(lt, w):
			prefixed = append(prefixed, t)
		case strings.Contains(lt, w):
			containing = append(containing, t)
		}
	}
	if len(prefixed) > 0 {
		return prefixed
	}
	return containing
}

// complete completes the word being typed at the filter prompt: to the
// one tool it names, or to the longest start the tools it names share,
// or, when that adds nothing, to each of them in turn: cycle are the
// tools a tab went through, and the next tab goes on to the next.
func complete(input string, tools, cycle []string) (string, []string) {
	head, word := lastWord(input)
	if i := slices.Index(cycle, word); i >= 0 {
		return head + cycle[(i+1)%len(cycle)], cycle
	}
	names := candidates(tools, word)
	switch common := ""; {
	case len(names) == 0:
		return input, nil
	case len(names) == 1:
		return head + names[0], nil
	case len(commonPrefix(names)) > len(word):
		common = commonPrefix(names)
		return head + common, nil
	}
	next := 0
	if i := slices.IndexFunc(names, func(n string) bool { return strings.EqualFold(n, word) }); i >= 0 {
		next = (i + 1) % len(names)
	}
	return head + names[next], names
}

// commonPrefix is the longest start all names share, ignoring case (in
// the case of the first).
func commonPrefix(names []string) string {
	p := names[0]
	for _, n := range names[1:] {
		i := 0
		for i < len(p) && i < len(n) && strings.EqualFold(p[i:i+1], n[i:i+1]) {
			i++
		}
		p = p[:i]
	}
	return p
}

// toolsHint is what the filter prompt shows after the text typed: the
// tools the word being typed names (all of them before one is typed), cut
// to width columns.
func (m *Model) toolsHint(width int) string {
	if len(m.prompt.tools) == 0 {
		if width < 20 {
			return ""
		}
		return m.styles.source.render(termsafe.Truncate("   no tool cards here", width, "…"))
	}
	_, word := lastWord(m.prompt.input)
	names := candidates(m.prompt.tools, word)
	if len(names) == 0 {
		names = m.prompt.tools
	}
	return m.styles.source.render(termsafe.Truncate("   tab: "+strings.Join(names, " "), width, "…"))
}

// unknownTools are the words of the filter that show no card.
func (m *Model) unknownTools(query string) []string {
	var unknown []string
	for _, w := range filterWords(query) {
		f := filter{words: []string{w}}
		if !m.anyShown(f) {
			unknown = append(unknown, w)
		}
	}
	return unknown
}

// anyShown reports whether f shows one of the entries.
func (m *Model) anyShown(f filter) bool {
	for i := range m.list.Len() {
		if f.shows(m.list.entry(i)) {
			return true
		}
	}
	return false
}
