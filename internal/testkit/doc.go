// Package testkit is the parent of the test kits, which only tests
// import. It says which tests are long (Long, SkipLong): the everyday
// loop, go test -short, leaves them out, and how many random rounds a
// property test runs there (Rounds); and it measures the bytes a piece
// of work allocates (Allocated). The kits: golden files
// (golden), programs built once per test binary (gobuild), tmux
// sessions (tmuxtest), fake homes with agents' session files
// (fakehome), scripted ACP agents (acptest),
// benchmark inputs (benchinput), terminal-output checks (termcheck),
// loading, describing and fuzzing transcripts (replaytest), checking the
// tool producers' views (producertest), generated files to diff
// (diffinput), harness session-log lines (harnesslog), the lexing
// budget lifted for the tests of large coloured diffs (lexbudget) and the
// scripted model server real agents are recorded against (fakemodel).
// Run-time helpers live beside it under internal/, never here.
package testkit
