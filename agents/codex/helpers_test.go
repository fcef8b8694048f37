package codex_test

import (
	"github.com/cardtui/cardtui/agents/nodb"
	"github.com/cardtui/cardtui/replay"
)

// agentsOptions detects every agent's format.
var agentsOptions = replay.Options{Formats: nodb.Formats}

// ptr is a pointer to v.
func ptr[T any](v T) *T { return &v }
