package views_test

import (
	"github.com/cardtui/cardtui/internal/testkit/lineformats"
	"github.com/cardtui/cardtui/replay"
)

// agentsOptions detects every agent's format.
var agentsOptions = replay.Options{Formats: lineformats.Formats}
