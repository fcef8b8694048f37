package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestSubcommandHelp: each subcommand's --help is its own: what it does,
// every flag it takes and two examples, and none of another command's
// flags. Old main printed the global usage and replay's flags for all.
func TestSubcommandHelp(t *testing.T) {
	cases := map[string][]string{
		"replay":   {"--print", "--last", "--demo", "--follow", "--expand", "--format", "--width", "--color", "--diff-layout", "--theme", "--input-format"},
		"validate": {"--input-format"},
		"sessions": {"--all", "--json", "--agent", "--touched"},
		"search":   {"--all", "--agent", "--regexp", "--color"},
		"export":   {"--format", "-o OUT", "--context", "--full", "--input-format"},
		"acp":      {"--cwd", "--resume", "--record", "--read-only", "--color"},
	}
	seen := map[string]bool{}
	for name, flags := range cases {
		t.Run(name, func(t *testing.T) {
			for _, h := range []string{"--help", "-h"} {
				r := runWith("", name, h)
				assert.Equal(t, exitOK, r.code)
				assert.Empty(t, r.stderr)
				assert.True(t, strings.HasPrefix(r.stdout, "Usage:\n  cardtui "), r.stdout)
				assert.Contains(t, r.stdout, " "+name+" ", "the usage line names the command")
				assert.Equal(t, 2, strings.Count(r.stdout, "\n  $ "), "two examples")
				for _, f := range flags {
					assert.Contains(t, r.stdout, "\n  "+f, "the flag has a line of its own")
				}
				assert.NotEqual(t, usage, r.stdout)
				assert.False(t, seen[r.stdout] && h == "--help", "the help is not another command's")
			}
			seen[runWith("", name, "--help").stdout] = true
		})
	}
	assert.NotContains(t, runWith("", "sessions", "--help").stdout, "--diff-layout", "replay's flags are replay's")
	acp := runWith("", "acp", "--help").stdout
	assert.Contains(t, acp, "A permission request takes the keys when you are not typing", "how a request is answered")
	assert.Contains(t, acp, "the prompt is queued", "what enter does before the agent is ready")
}

// TestSubcommandUsageError: a bad flag of a subcommand is followed by
// that subcommand's short usage. Old main showed replay's.
func TestSubcommandUsageError(t *testing.T) {
	for _, name := range []string{"sessions", "search", "validate", "export"} {
		r := runWith("", name, "--bogus")

		assert.Equal(t, exitUsage, r.code, name)
		assert.Contains(t, r.stderr, "cardtui: unknown flag --bogus\n", name)
		assert.Contains(t, r.stderr, "Usage: cardtui "+name+" ", name)
		assert.Contains(t, r.stderr, "cardtui "+name+" --help", "where its flags are")
		assert.NotContains(t, r.stderr, "[replay]", name)
		assert.LessOrEqual(t, strings.Count(r.stderr, "\n"), 6, "a short usage, not the whole help")
	}
}
