package cardtext

import (
	"fmt"
	"strings"
	"time"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/lazyregexp"
	"github.com/cardtui/cardtui/render/textcut"
	"github.com/cardtui/cardtui/termsafe"
)

// TurnFacts are the words of a turn's header after "You": its time (in
// loc, UTC when nil), the model, how long it took, the tokens and the
// cost, each when the log says it. Joined with " · ", they are the line
// `You · 14:02 · sonnet-4.6 · 2m13s · 48k tokens`.
func TurnFacts(t cards.Turn, loc *time.Location) []string {
	var facts []string
	if !t.Start.IsZero() {
		if loc == nil {
			loc = time.UTC
		}
		facts = append(facts, t.Start.In(loc).Format("15:04"))
	}
	if t.Model != "" {
		facts = append(facts, ModelName(t.Model))
	}
	if t.Duration > 0 {
		facts = append(facts, DurationText(t.Duration))
	}
	if n := t.Usage.Total(); n > 0 {
		facts = append(facts, TokensText(n)+" tokens")
	}
	if t.CostUSD > 0 {
		facts = append(facts, CostText(t.CostUSD))
	}
	return facts
}

// ReplyFacts are the words after a reply's label: its time (in loc, UTC
// when nil) and model, each when the log says it, as TurnFacts words them.
func ReplyFacts(r cards.Reply, loc *time.Location) []string {
	return TurnFacts(cards.Turn{Start: r.At, Model: r.Model}, loc)
}

// TotalsText says what a session's turns add up to, for a status line and
// the exports: "3 turns · 12m04s · 1.2M tokens (980k cached) · $1.02 ·
// sonnet-4.6"; "" when no turn says anything.
func TotalsText(s cards.Totals) string {
	if s.IsZero() {
		return ""
	}
	parts := []string{textcut.Plural(s.Turns, "turn", "turns")}
	if s.Duration > 0 {
		parts = append(parts, DurationText(s.Duration))
	}
	if n := s.Usage.Total(); n > 0 {
		tokens := TokensText(n) + " tokens"
		if s.Usage.Cached > 0 {
			tokens += " (" + TokensText(s.Usage.Cached) + " cached)"
		}
		parts = append(parts, tokens)
	}
	if s.CostUSD > 0 {
		parts = append(parts, CostText(s.CostUSD))
	}
	for _, m := range s.Models {
		parts = append(parts, ModelName(m))
	}
	return strings.Join(parts, " · ")
}

var (
	// modelDate is the release date Anthropic's model ids end with.
	modelDate = lazyregexp.New(`-\d{8}$`)
	// modelVersion is a version written with a hyphen: "4-6".
	modelVersion = lazyregexp.New(`\b(\d)-(\d)\b`)
)

// ModelName is a model's id as the agents' own UIs shorten it:
// "claude-sonnet-4-6" is "sonnet-4.6", "claude-sonnet-4-20250514"
// "sonnet-4"; other ids ("gpt-5.4") are kept. It is safe for a terminal.
func ModelName(id string) string {
	name := strings.TrimPrefix(termsafe.SanitizeText(strings.TrimSpace(id)), "claude-")
	name = modelDate().ReplaceAllString(name, "")
	name = modelVersion().ReplaceAllString(name, "$1.$2")
	return strings.ReplaceAll(name, "\n", " ")
}

// DurationText is a duration as the agents say it: "850ms", "45s",
// "2m13s", "1h02m".
func DurationText(d time.Duration) string {
	if d < time.Second {
		return fmt.Sprintf("%dms", d.Milliseconds())
	}
	switch d = d.Round(time.Second); {
	case d < time.Minute:
		return fmt.Sprintf("%ds", int(d.Seconds()))
	case d < time.Hour:
		return fmt.Sprintf("%dm%02ds", int(d.Minutes()), int(d.Seconds())%60)
	}
	d = d.Round(time.Minute)
	return fmt.Sprintf("%dh%02dm", int(d.Hours()), int(d.Minutes())%60)
}

// TokensText is a count of tokens: "850", "48k", "1.2M".
func TokensText(n int) string {
	switch {
	case n < 1000:
		return fmt.Sprint(n)
	case n < 10_000:
		return strings.TrimSuffix(fmt.Sprintf("%.1f", float64(n)/1000), ".0") + "k"
	case n < 1_000_000:
		return fmt.Sprintf("%dk", (n+500)/1000)
	}
	return strings.TrimSuffix(fmt.Sprintf("%.1f", float64(n)/1_000_000), ".0") + "M"
}

// CostText is a cost in US dollars: "$0.42", "$0.0031".
func CostText(usd float64) string {
	if usd < 0.01 {
		return fmt.Sprintf("$%.4f", usd)
	}
	return fmt.Sprintf("$%.2f", usd)
}
