package hostile_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/cardtui/cardtui/render"
	"github.com/cardtui/cardtui/replay"
)

func TestZZSlow(t *testing.T) {
	files, _ := filepath.Glob("/tmp/zzslow-*")
	for _, f := range files {
		input, _ := os.ReadFile(f)
		start := time.Now()
		tr, _ := replay.Load(bytes.NewReader(input), "fuzz", replay.Options{Format: replay.Codex})
		t.Logf("load %v, %d entries", time.Since(start), len(tr.Entries))
		var md []string
		for i, e := range tr.Entries {
			start = time.Now()
			a := render.Entry(e, styledOptions(40))
			t1 := time.Since(start)
			p := render.Entry(e, plainOptions(40))
			t2 := time.Since(start)
			m := render.Markdown(e, styledOptions(40))
			md = append(md, m)
			t3 := time.Since(start)
			checkOutput(a, sgrAndLinks, 40)
			checkOutput(p, noEscapes, 40)
			checkOutput(m, noEscapes, 0)
			t.Logf("%d %T: ansi %v plain %v md %v check %v (md %d bytes)", i, e, t1, t2-t1, t3-t2, time.Since(start)-t3, len(m))
		}
		start = time.Now()
		selfContained(md)
		t.Logf("goldmark %v", time.Since(start))
	}
}
