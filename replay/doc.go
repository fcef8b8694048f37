// Package replay reads session files and streams into a transcript: the
// ordered messages, tool cards (a call and its result, matched by call id),
// problems and notices that the renderer draws.
//
// Load reads newline-delimited JSON of any line length, as it streams, in
// one of the formats of Options.Formats (agents.Formats: a table of Format
// values, each detecting its files and making a Decoder for them), the one
// it detects from the content or the one Options.Format names. The
// formats:
//
//   - the harness's session log ("harness"): a "session" header line, then
//     one {"type", "data"} event per line; tool calls and results go
//     through the native producers, which turn them back into views;
//   - its headless stream ("headless"): the same events wrapped as
//     {"type":"session_event","event":{...}};
//   - the view stream ("views"): call, result and message lines that
//     carry views computed by the harness, decoded strictly;
//   - a Claude Code transcript ("claude"): user, assistant, summary and
//     system lines, put in conversation order by their parentUuid; tool
//     calls and results go through the Claude producers with the
//     toolUseResult Claude Code stores (package agents/claude);
//   - a Codex CLI rollout ("codex"): session_meta, response_item and
//     event_msg lines, each call shown once though a rollout records it as
//     a response item and as events (package agents/codex);
//   - a recording of `cardtui acp --record` ("acp"): the JSON-RPC traffic
//     of a session with an ACP agent, shown as the live session showed it.
//
// An input that starts with the Zstandard magic (a .jsonl.zstd file, a
// concatenation of independent frames) is decompressed on the fly.
//
// Nothing in the input is lost: every tool call is a card, a card whose
// result never came says so, every bad line is a Problem naming its line,
// and a torn last line or zstd frame — what a crash leaves — keeps every
// complete line before it and adds a Notice. Event types that are not
// displayed are counted per type in Stats.Skipped; so are the line types
// of Claude Code and Codex that replay does not know, which are many and
// grow with each release.
//
// # What each record becomes
//
// Every record of the session formats is shown as a card (a tool
// call and its result, nested cards under their parent), a message (the
// user's prompt verbatim; assistant text as Markdown; reasoning and
// context collapsed), a notice, or a problem (a bad record: file, line,
// reason), or it is counted per type in Stats.Skipped ("skipped") and
// listed by `cardtui validate`. Nothing else is dropped. The tables follow
// the decoders (events.go, harness_*.go); those of Claude Code and Codex
// are in the docs of packages agents/claude and agents/codex.
//
// The harness's session log (and the same events in a headless stream):
//
//	record                                  shown as
//	session (header line)                   checked; shows nothing
//	result (headless stream, run end)       notice with the token usage, after the run's output as a message
//	                                          when the last reply did not say it
//	user/message                            message: the user's (source kind user or none), else context
//	assistant/message                       messages: text, reasoning; a card per tool-call part; notice if interrupted
//	tool/call                               card (confirms or replaces the tool-call part's); a reused id: card + problem
//	tool/result                             the card's result, in the state it records (error, rejection, denial)
//	tool/code-dispatch-start, …-dispatch    card nested under the run_code call or sub-call that made it, and its result
//	tool-workflow/run-start … run-end       the run's agents as cards nested under the workflow card
//	approval/asked, approval/decided        notice nested under the card of the call they gate
//	session/title                           notice when the title changes; the status line's title
//	compaction/summary                      notice, and the summary as context
//	turn/end                                notice unless completed (interrupted, error, max tokens, blocked…)
//	hook/result                             notice unless pass
//	llm/retry                               notice
//	command/run, command/done               notice: the slash command and how it ended
//	plan/mode, goal/change, sandbox/mode,   notice when the mode, goal or setting changes
//	  permission/preset, approval/policy
//	steering/message (older logs)           message: the user's
//	legacy shapes (before 2026-07-28)       upgraded per event as the harness's migrateLegacyMessageEvent does
//	turn/start, request/header              checked, then skipped
//	request/header-delta, mode/set          problem: events the harness no longer replays
//	todo/write                              skipped (the todo_write card shows the list)
//	streaming rows (assistant/chunk,        skipped: the final assistant/message holds them
//	  text-chunks, reasoning-chunks,
//	  tool-call-chunks), step/start|end,
//	  request/context, hook/invoked,
//	  compaction/start|end, anything else
package replay
