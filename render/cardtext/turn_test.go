package cardtext_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/render/cardtext"
)

func TestModelName(t *testing.T) {
	for id, want := range map[string]string{
		"claude-sonnet-4-6":           "sonnet-4.6",
		"claude-sonnet-4-20250514":    "sonnet-4",
		"claude-opus-4-1-20250805":    "opus-4.1",
		"claude-3-5-haiku-20241022":   "3.5-haiku",
		"gpt-5.4":                     "gpt-5.4",
		"gpt-5-codex":                 "gpt-5-codex",
		"deepseek-v4-flash":           "deepseek-v4-flash",
		"evil\x1b[2Jmodel\nname":      "evil␛[2Jmodel name",
		"  claude-haiku-4-5-20251001": "haiku-4.5",
	} {
		assert.Equal(t, want, cardtext.ModelName(id), id)
	}
}

func TestDurationText(t *testing.T) {
	for d, want := range map[time.Duration]string{
		850 * time.Millisecond:                "850ms",
		45 * time.Second:                      "45s",
		59*time.Second + 600*time.Millisecond: "1m00s",
		2*time.Minute + 13*time.Second:        "2m13s",
		time.Hour + 2*time.Minute:             "1h02m",
	} {
		assert.Equal(t, want, cardtext.DurationText(d), d.String())
	}
}

func TestTokensText(t *testing.T) {
	for n, want := range map[int]string{0: "0", 850: "850", 1000: "1k", 1450: "1.4k", 9_960: "10k", 48_400: "48k", 999_400: "999k", 1_200_000: "1.2M", 3_000_000: "3M"} {
		assert.Equal(t, want, cardtext.TokensText(n), n)
	}
}

func TestTurnFacts(t *testing.T) {
	start := time.Date(2026, 12, 4, 14, 2, 9, 0, time.UTC)
	tests := []struct {
		name string
		turn cards.Turn
		loc  *time.Location
		want []string
	}{
		{"nothing said", cards.Turn{}, nil, nil},
		{
			"everything",
			cards.Turn{
				Start: start, Model: "claude-sonnet-4-6", Duration: 133 * time.Second,
				Usage: cards.Usage{Input: 46_000, Output: 2_000}, CostUSD: 0.42,
			},
			nil,
			[]string{"14:02", "sonnet-4.6", "2m13s", "48k tokens", "$0.42"},
		},
		{"in a time zone", cards.Turn{Start: start}, time.FixedZone("X", 2*3600), []string{"16:02"}},
		{"tokens only", cards.Turn{Usage: cards.Usage{Input: 900, Output: 50}}, nil, []string{"950 tokens"}},
		{"a small cost", cards.Turn{CostUSD: 0.0031}, nil, []string{"$0.0031"}},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, cardtext.TurnFacts(tt.turn, tt.loc), tt.name)
	}
}

func TestTotalsText(t *testing.T) {
	assert.Equal(t, "", cardtext.TotalsText(cards.Totals{}))
	assert.Equal(t, "3 turns · 12m04s · 1.2M tokens (980k cached) · $1.02 · sonnet-4.6 · gpt-5.4",
		cardtext.TotalsText(cards.Totals{
			Turns: 3, Duration: 12*time.Minute + 4*time.Second,
			Usage: cards.Usage{Input: 1_150_000, Cached: 980_000, Output: 50_000}, CostUSD: 1.02,
			Models: []string{"claude-sonnet-4-6", "gpt-5.4"},
		}))
	assert.Equal(t, "1 turn · 950 tokens", cardtext.TotalsText(cards.Totals{Turns: 1, Usage: cards.Usage{Input: 900, Output: 50}}))
}
