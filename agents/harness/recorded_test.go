package harness_test

import (
	"testing"

	"github.com/cardtui/cardtui/agents/nodb"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
	"github.com/cardtui/cardtui/replay"
)

// TestRecordedLogs replays the session logs the harness wrote while
// scripts/record-agents drove it (testdata/<entry point>-<version>/) and
// checks every card's state, widget and title against a golden list: the
// sandbox's denial, the rejected escalation and the failing command
// among them.
func TestRecordedLogs(t *testing.T) {
	replaytest.EachRecording(t, nodb.Options(replay.Auto), "harness", nil)
}
