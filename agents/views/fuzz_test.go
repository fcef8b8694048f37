package views_test

import (
	"testing"

	"github.com/cardtui/cardtui/internal/testkit/golden"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
)

// FuzzViewStream feeds arbitrary input to the loader: it must not panic,
// must account for every line, and every entry must render within width.
func FuzzViewStream(f *testing.F) {
	for _, l := range viewDemoLines(f) {
		f.Add([]byte(l + "\n"))
	}
	f.Add(golden.Session(f, "demo-views.jsonl"))
	for _, c := range badLineCases {
		f.Add([]byte(userLine + "\n" + c.line + "\n" + callLine))
	}
	f.Add([]byte(callLine + "\n" + callLine + "\n" + resultLine + "\r\n" + resultLine + "\n" + resultLine + "\n\n" + resultLine[:9]))

	replaytest.Fuzz(f, agentsOptions)
}
