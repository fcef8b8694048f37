package native_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/producertest"
	"github.com/cardtui/cardtui/producers"
)

const echo = `{"command":"make test","description":"Run the tests"}`

func TestBashCall(t *testing.T) {
	cases := []struct {
		name, args string
		want       cards.CallView
	}{
		{
			"foreground", echo,
			cards.TerminalCall{Title: "make test", Description: "Run the tests"},
		},
		{
			"foreground in a workdir", `{"command":"ls","description":"List","workdir":"src","run_in_background":false}`,
			cards.TerminalCall{Title: "ls", Description: "List", Cwd: "src"},
		},
		{
			"background", `{"command":"npm run dev","description":"Start the server","run_in_background":true}`,
			cards.GenericCall{
				Title: "npm run dev", Kind: cards.KindExecute, RawInput: []byte(`"npm run dev"`),
				Content: []cards.ContentBlock{cards.TextBlock{Text: "Start the server"}},
			},
		},
		{
			"background without a description", `{"command":"sleep 9","description":"","run_in_background":true}`,
			cards.GenericCall{Title: "sleep 9", Kind: cards.KindExecute, RawInput: []byte(`"sleep 9"`)},
		},
		{
			"escalation arguments are not shown", `{"command":"ls","description":"List","sandbox_permissions":"danger-full-access","justification":"asked"}`,
			cards.TerminalCall{Title: "ls", Description: "List"},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			require.Equal(t, c.want, call(t, "bash", c.args))
		})
	}
}

func TestBashRejectsBadArguments(t *testing.T) {
	cases := []struct{ args, reason string }{
		{`{"description":"x"}`, `missing field "command"`},
		{`{"command":"","description":"x"}`, `field "command" is empty`},
		{`{"command":["ls"],"description":"x"}`, `field "command": want a string, found array`},
		{`{"command":"ls","description":"x","run_in_background":"yes"}`, `field "run_in_background": want a boolean, found string`},
	}
	for _, c := range cases {
		t.Run(c.args, func(t *testing.T) {
			producertest.RequireFallbackNote(t, call(t, "bash", c.args), c.reason)
			producertest.RequireFallbackNote(t, result(t, "bash", c.args, textResult("ok")), c.reason)
		})
	}
}

// TestBashExitMarker: the status comes from the harness's marker on the
// last line, which is removed from the output.
func TestBashExitMarker(t *testing.T) {
	cases := []struct {
		name, text, output string
		code               *int
		signal             string
	}{
		{"no marker is exit 0", "hello\n", "hello\n", ptr(0), ""},
		{"empty output", "", "", ptr(0), ""},
		{"exit 1", "(no output)\n[exit code: 1]", "(no output)", ptr(1), ""},
		{"exit 127", "bash: nope: command not found\n[exit code: 127]", "bash: nope: command not found", ptr(127), ""},
		{"an exit 0 marker", "done\n[exit code: 0]", "done", ptr(0), ""},
		{"stderr section", "out\n[stderr]\noops\n[exit code: 2]", "out\n[stderr]\noops", ptr(2), ""},
		{"SIGKILL", "partial\n[killed by signal: SIGKILL]", "partial", nil, "SIGKILL"},
		{
			"SIGTERM after a timeout", "(no output)\n[timed out after 100ms]\n[killed by signal: SIGTERM]",
			"(no output)\n[timed out after 100ms]", nil, "SIGTERM",
		},
		{"blank output before the marker", "\n[exit code: 3]", "", ptr(3), ""},
		{"CRLF before the marker", "out\r\nmore\r\n[exit code: 1]", "out\r\nmore", ptr(1), ""},
		{"marker not on the last line", "[exit code: 1]\nnext", "[exit code: 1]\nnext", ptr(0), ""},
		{"marker followed by a line break", "out\n[exit code: 1]\n", "out\n[exit code: 1]\n", ptr(0), ""},
		{"marker followed by CRLF", "out\r\n[exit code: 1]\r\n", "out\r\n[exit code: 1]\r\n", ptr(0), ""},
		{"marker alone: the persistent bash printed nothing", "[exit code: 1]", "", ptr(1), ""},
		{"persistent shell exited", "bye\n[shell exited: code 9]\n" + shellReset, "bye\n" + shellReset, ptr(9), ""},
		{"persistent shell killed", "[shell killed by signal: SIGHUP]\n" + shellReset, shellReset, nil, "SIGHUP"},
		{"persistent shell exited without a status", "x\n[shell exited]\n" + shellReset, "x\n" + shellReset, nil, ""},
		{"reset line not last", "x\n[shell exited: code 9]\n" + shellReset + "\nmore", "x\n[shell exited: code 9]\n" + shellReset + "\nmore", ptr(0), ""},
		{"marker inside the line", "out\nsee [exit code: 1]", "out\nsee [exit code: 1]", ptr(0), ""},
		{"not a number", "out\n[exit code: null]", "out\n[exit code: null]", ptr(0), ""},
		{"negative number", "out\n[exit code: -1]", "out\n[exit code: -1]", ptr(0), ""},
		{"number too large", "out\n[exit code: 99999999999999999999999]", "out\n[exit code: 99999999999999999999999]", ptr(0), ""},
		{"empty signal", "out\n[killed by signal: ]", "out\n[killed by signal: ]", ptr(0), ""},
		{"bracket in the signal", "out\n[killed by signal: A]B]", "out\n[killed by signal: A]B]", ptr(0), ""},
		{"only the last marker counts", "[exit code: 4]\n[killed by signal: SIGINT]", "[exit code: 4]", nil, "SIGINT"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			require.Equal(t, cards.TerminalResult{Output: c.output, ExitCode: c.code, Signal: c.signal},
				result(t, "bash", echo, textResult(c.text)))
		})
	}
}

// shellReset is the line the persistent bash adds when its shell died.
const shellReset = "The persistent bash shell was reset; the next bash call starts from the workspace with a fresh current directory and environment."

// TestPersistentBash: the persistent bash (tool-bash-persistent) takes only
// a command and is a terminal titled with it; so is pwsh.
func TestPersistentBash(t *testing.T) {
	require.Equal(t, cards.TerminalCall{Title: "cd src && make"}, call(t, "bash", `{"command":"cd src && make"}`))
	require.Equal(t, cards.TerminalCall{Title: "[Console]::Out.Write('PWSH_OK')"}, call(t, "pwsh", `{"command":"[Console]::Out.Write('PWSH_OK')"}`))
	require.Equal(t, cards.TerminalResult{Output: "PWSH_OK", ExitCode: ptr(0)}, result(t, "pwsh", `{"command":"x"}`, textResult("PWSH_OK")))
}

// TestBashSpilledOutputHasUnknownStatus: when the harness stored a long
// result in a file, the notice replaced the tail and its exit marker.
func TestBashSpilledOutputHasUnknownStatus(t *testing.T) {
	for _, notice := range []string{
		"(Omitted 1417 bytes. Full formatted result stored at: /tmp/x-bash.txt. Use read with offset/limit.)",
		"(More bytes were omitted. Full formatted result stored at: /tmp/x-bash.txt. Use read.)",
		"( Full formatted result stored at: /tmp/x-bash.txt. Use read.)",
	} {
		t.Run(notice, func(t *testing.T) {
			text := "head of the output\n\n" + notice
			require.Equal(t, cards.TerminalResult{Output: text}, result(t, "bash", echo, textResult(text)))
		})
	}
	t.Run("a look-alike is ordinary output", func(t *testing.T) {
		text := "out\n\n(Omitted many bytes. Full formatted result stored at: /tmp/x. Use read.)\n[exit code: 1]"
		view := result(t, "bash", echo, textResult(text))
		require.Equal(t, ptr(1), view.(cards.TerminalResult).ExitCode)
	})
}

func TestBashResultAsConsoleBlock(t *testing.T) {
	background := `{"command":"npm run dev","description":"Start","run_in_background":true}`
	cases := []struct {
		name, args string
		r          producers.Result
		want       []cards.ContentBlock
	}{
		{
			"background start", background, textResult("started background job bash-1"),
			[]cards.ContentBlock{cards.TextBlock{Text: "started background job bash-1", Lang: "console"}},
		},
		{
			"error with its top-level error", echo, failed("Error: tool call aborted", "AbortError (ABORTED)"),
			[]cards.ContentBlock{
				cards.TextBlock{Text: "Error: tool call aborted", Lang: "console"},
				cards.TextBlock{Text: "Tool error: AbortError (ABORTED)"},
			},
		},
		{
			"error without a top-level error", echo, failed("Error: the user rejected tool \"bash\"", ""),
			[]cards.ContentBlock{cards.TextBlock{Text: "Error: the user rejected tool \"bash\"", Lang: "console"}},
		},
		{
			"backticks in the output are kept as they are", echo, failed("see ```go\nx\n````", ""),
			[]cards.ContentBlock{cards.TextBlock{Text: "see ```go\nx\n````", Lang: "console"}},
		},
		{
			"error with no content", echo,
			producers.Result{IsError: true},
			[]cards.ContentBlock{cards.TextBlock{Text: "The tool reported an error."}},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			require.Equal(t, cards.GenericResult{Content: c.want}, result(t, "bash", c.args, c.r))
		})
	}
}

// TestBashResultWithAnImageFallsBack: a terminal shows text only, so the
// result is shown generically rather than losing the image.
func TestBashResultWithAnImageFallsBack(t *testing.T) {
	r := producers.Result{Content: []cards.ContentBlock{cards.TextBlock{Text: "plot"}, cards.ImageBlock{MimeType: "image/png", Data: "iVBO"}}}
	view := result(t, "bash", echo, r)
	producertest.RequireFallbackNote(t, view, "image block")
	require.Equal(t, r.Content, view.(cards.GenericResult).Content[:2])
}

func TestJobCalls(t *testing.T) {
	cases := []struct {
		tool, args string
		want       cards.GenericCall
	}{
		{
			"job_output", `{"job_id":"bash-1","wait":true}`,
			cards.GenericCall{Title: "Read output from background job bash-1", Kind: cards.KindRead, RawInput: []byte(`"bash-1"`)},
		},
		{
			"job_list", `{}`,
			cards.GenericCall{Title: "List background jobs", Kind: cards.KindRead},
		},
		{
			"job_kill", `{"job_id":"bash-1","reason":"free the slot"}`,
			cards.GenericCall{
				Title: "Kill background job bash-1", Kind: cards.KindExecute, RawInput: []byte(`"bash-1"`),
				Content: []cards.ContentBlock{cards.TextBlock{Text: "free the slot"}},
			},
		},
		{
			"job_kill", `{"job_id":"bash-1"}`,
			cards.GenericCall{Title: "Kill background job bash-1", Kind: cards.KindExecute, RawInput: []byte(`"bash-1"`)},
		},
	}
	for _, c := range cases {
		t.Run(c.tool+" "+c.args, func(t *testing.T) {
			require.Equal(t, c.want, call(t, c.tool, c.args))
		})
	}
}

func TestJobToolsRejectBadArguments(t *testing.T) {
	for _, c := range []struct{ tool, args, reason string }{
		{"job_output", `{}`, `missing field "job_id"`},
		{"job_output", `{"job_id":""}`, `field "job_id" is empty`},
		{"job_kill", `{"job_id":3}`, `field "job_id": want a string, found number`},
		{"job_kill", `{"job_id":"j","reason":false}`, `field "reason": want a string, found bool`},
		{"job_list", `[]`, "not a JSON object"},
	} {
		t.Run(c.tool+" "+c.args, func(t *testing.T) {
			producertest.RequireFallbackNote(t, call(t, c.tool, c.args), c.reason)
		})
	}
}

func TestJobResults(t *testing.T) {
	cases := []struct {
		tool, args string
		r          producers.Result
		want       []cards.ContentBlock
	}{
		{
			"job_output", `{"job_id":"bash-1"}`, textResult("line\n[status: completed, exit code: 0]"),
			[]cards.ContentBlock{cards.TextBlock{Text: "line\n[status: completed, exit code: 0]", Lang: "console"}},
		},
		{
			"job_output", `{"job_id":"bash-9"}`, failed("Error: unknown job bash-9", "JobError (NOT_FOUND)"),
			[]cards.ContentBlock{cards.TextBlock{Text: "Error: unknown job bash-9"}, cards.TextBlock{Text: "Tool error: JobError (NOT_FOUND)"}},
		},
		{
			"job_list", `{}`, textResult("bash-1 [bash] running — npm run dev\nbash-2 [bash] completed — ls"),
			[]cards.ContentBlock{cards.TextBlock{Text: "bash-1 [bash] running — npm run dev\nbash-2 [bash] completed — ls"}},
		},
		{
			"job_list", `{}`, failed("Error: no jobs service", ""),
			[]cards.ContentBlock{cards.TextBlock{Text: "Error: no jobs service"}},
		},
		{
			"job_kill", `{"job_id":"bash-1"}`, textResult("requested cancellation of job bash-1"),
			[]cards.ContentBlock{cards.TextBlock{Text: "requested cancellation of job bash-1"}},
		},
	}
	for _, c := range cases {
		t.Run(c.tool+" "+producertest.Texts(c.r.Content)[0], func(t *testing.T) {
			require.Equal(t, cards.GenericResult{Content: c.want}, result(t, c.tool, c.args, c.r))
		})
	}
}
