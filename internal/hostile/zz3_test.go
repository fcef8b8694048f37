package hostile_test

import (
	"runtime"
	"testing"
	"time"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/render"
)

func TestZZIndentBomb(t *testing.T) {
	c := cards.ToolCard{ID: "c1", Call: cards.GenericCall{Title: "deep", RawInput: []byte(nested(9000))}}
	for _, f := range []func() int{
		func() int { return len(drawn(c, false)) },
		func() int { return len(render.Markdown(c, plainOptions(80))) },
	} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		start := time.Now()
		n := f()
		runtime.ReadMemStats(&after)
		t.Logf("%d bytes out in %v, %d MB allocated", n, time.Since(start), (after.TotalAlloc-before.TotalAlloc)>>20)
	}
}
