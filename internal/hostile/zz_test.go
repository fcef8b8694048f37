package hostile_test

import (
	"fmt"
	"os"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cardtui/cardtui/replay"
)

var zzCount atomic.Int64

func FuzzZZ(f *testing.F) {
	go func() {
		for {
			time.Sleep(5 * time.Second)
			os.WriteFile(fmt.Sprintf("/tmp/zzcount-%d", os.Getpid()), []byte(fmt.Sprint(zzCount.Load())), 0o644)
		}
	}()
	for _, c := range loadCorpus(f, smallCases) {
		if c.format == replay.Codex && len(c.input) <= fuzzSeedLimit {
			f.Add(c.input)
		}
	}
	f.Fuzz(func(t *testing.T, input []byte) {
		zzCount.Add(1)
		start := time.Now()
		checkLoaded(t, replay.Codex, input)
		if d := time.Since(start); d > time.Second {
			os.WriteFile(fmt.Sprintf("/tmp/zzslow-%d", time.Now().UnixNano()), input, 0o644)
		}
	})
}
