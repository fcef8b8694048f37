package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestOlderHarnessShape is the acceptance of the harness's older session
// log: validate finds no problem, and the replies, the reasoning and the
// tool outputs are printed.
func TestOlderHarnessShape(t *testing.T) {
	file := sessionPath(t, "harness-legacy.jsonl")

	v := runWith("", "validate", file)
	p := runWith("", "replay", "--print", "--format", "plain", "--expand", "--width", "100", file)

	assert.Equal(t, exitOK, v.code, v.stdout)
	assert.Contains(t, v.stdout, "0 problems")
	assert.Equal(t, exitOK, p.code, p.stderr)
	for _, want := range []string{
		"I should run wc on the file before answering.", // reasoning
		"Let me count them.",                            // reply
		"42 main.go",                                    // tool output
		"wc: main_test.go: No such file or directory",
		"exit 1",
		"Also count main_test.go.", // steering
		"Turn 2 failed: provider error (HTTP 503) (UNKNOWN)",
	} {
		assert.Contains(t, p.stdout, want)
	}
}
