package replay_test

import (
	"github.com/cardtui/cardtui/agents/nodb"
	"github.com/cardtui/cardtui/internal/testkit/harnesslog"
	"github.com/cardtui/cardtui/replay"
)

// lineOptions detects every agent's format but the two read from SQLite
// databases (nodb): the engine's tests read no database, and
// detection among the whole table is tested in agents.
var lineOptions = nodb.Options(replay.Auto)

// Harness session logs, built with internal/testkit/harnesslog, are the
// input of the engine's tests of compressed and streamed input (the
// harness's own tests are in agents/harness).

// header is the first line of a session log.
const header = harnesslog.Header

const bashArgs = `{"command":"go vet ./...","description":"Vet the code"}`
