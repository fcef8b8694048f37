package replay_test

import (
	"github.com/cardtui/cardtui/agents"
	"github.com/cardtui/cardtui/internal/testkit/harnesslog"
	"github.com/cardtui/cardtui/replay"
)

// agentsOptions detects every agent's format.
var agentsOptions = replay.Options{Formats: agents.Formats}

// Harness session logs, built with internal/testkit/harnesslog, are the
// input of the engine's tests of compressed and streamed input (the
// harness's own tests are in agents/harness).

// header is the first line of a session log.
const header = harnesslog.Header

const bashArgs = `{"command":"go vet ./...","description":"Vet the code"}`
