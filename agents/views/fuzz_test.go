package views_test

import (
	"testing"

	"github.com/cardtui/cardtui/internal/testkit/golden"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
)

// FuzzViewStream feeds arbitrary input to the loader: it must not panic,
// must account for every line, and every entry must render within width.
func FuzzViewStream(f *testing.F) {
	for _, l := range replaytest.ViewDemoLines(f) {
		f.Add([]byte(l + "\n"))
	}
	f.Add(golden.Session(f, "demo-views.jsonl"))
	for _, c := range badLineCases {
		f.Add([]byte(replaytest.UserLine + "\n" + c.line + "\n" + replaytest.CallLine))
	}
	f.Add([]byte(replaytest.CallLine + "\n" + replaytest.CallLine + "\n" + replaytest.ResultLine + "\r\n" + replaytest.ResultLine + "\n" + replaytest.ResultLine + "\n\n" + replaytest.ResultLine[:9]))

	replaytest.Fuzz(f, agentsOptions)
}
