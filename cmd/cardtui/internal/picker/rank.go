package picker

import (
	"slices"
	"strings"

	"charm.land/bubbles/v2/list"
)

// The tiers of a match, best first: the whole title, its start, a word
// of it, anywhere in it, anywhere in the rest (first prompt, project),
// then a fuzzy match (the letters in order).
const (
	tierExact = iota
	tierPrefix
	tierWord
	tierTitle
	tierElsewhere
	tierFuzzy
)

// rank is the list's filter: the sessions whose title or text holds the
// term (ignoring case) first, by how well it matches, then those the
// list's fuzzy filter matches; each tier keeps the list's order (newest
// first). targets are the items' FilterValue: the title, a tab, the rest.
func rank(term string, targets []string) []list.Rank {
	needle := strings.ToLower(strings.TrimSpace(term))
	if needle == "" {
		return nil
	}
	tiers := make([][]list.Rank, tierFuzzy+1)
	matched := make([]bool, len(targets))
	for i, t := range targets {
		title, rest, _ := strings.Cut(t, "\t")
		tier, at, ok := literalTier(strings.ToLower(title), strings.ToLower(rest), needle)
		if !ok {
			continue
		}
		matched[i] = true
		tiers[tier] = append(tiers[tier], list.Rank{Index: i, MatchedIndexes: runeRange(t, at, len(needle))})
	}
	for _, r := range list.DefaultFilter(term, targets) {
		if !matched[r.Index] {
			tiers[tierFuzzy] = append(tiers[tierFuzzy], r)
		}
	}
	slices.SortStableFunc(tiers[tierFuzzy], func(a, b list.Rank) int { return a.Index - b.Index })
	return slices.Concat(tiers...)
}

// literalTier is the tier of a literal match of needle in a title and
// the rest, and the byte offset of the match in title+"\t"+rest.
func literalTier(title, rest, needle string) (tier, at int, ok bool) {
	switch i := strings.Index(title, needle); {
	case title == needle:
		return tierExact, 0, true
	case i == 0:
		return tierPrefix, 0, true
	case i > 0 && wordStart(title, i):
		return tierWord, i, true
	case i > 0:
		return tierTitle, i, true
	}
	if i := strings.Index(rest, needle); i >= 0 {
		return tierElsewhere, len(title) + 1 + i, true
	}
	return 0, 0, false
}

// wordStart reports whether offset i of s starts a word.
func wordStart(s string, i int) bool {
	c := s[i-1]
	return !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c >= 0x80)
}

// runeRange is the rune indexes of the n bytes at byte offset at in s,
// for the list to underline.
func runeRange(s string, at, n int) []int {
	if at+n > len(s) {
		return nil
	}
	var out []int
	r := 0
	for i := range s {
		if i >= at+n {
			break
		}
		if i >= at {
			out = append(out, r)
		}
		r++
	}
	return out
}
