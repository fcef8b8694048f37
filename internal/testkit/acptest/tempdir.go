package acptest

import "os"

// tempDir makes the directory the agent is built in; it outlives the
// test that asked first, so that every test of the binary can use it.
func tempDir() (string, error) { return os.MkdirTemp("", "cardtui-acp-agent-") }
