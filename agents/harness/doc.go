// Package harness reads the deepseek harness's session log (LogFormat,
// "harness": a "session" header line, then one {"type", "data"} event per
// line) and its headless stream (HeadlessFormat, "headless": the same
// events wrapped as {"type":"session_event","event":{...}}, and a
// {"type":"result"} line when a run ends), their rows of agents.Formats.
// Tool calls and results go through the native producers (package
// agents/harness/native), which turn them back into views; lines are
// decoded ahead on other goroutines (replay.Pipeline), most of them by hand
// (internal/jsonscan), falling back on encoding/json. Every record is
// shown as a card, a message, a notice or a problem, or counted per type
// in replay.Stats.Skipped.
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
//	legacy shapes (before 2026-07-28)       upgraded per event, as the harness upgrades them on load
//	turn/start, request/header              checked, then skipped
//	request/header-delta, mode/set          problem: events the harness no longer replays
//	todo/write                              skipped (the todo_write card shows the list)
//	streaming rows (assistant/chunk,        skipped: the final assistant/message holds them
//	  text-chunks, reasoning-chunks,
//	  tool-call-chunks), step/start|end,
//	  request/context, hook/invoked,
//	  compaction/start|end, anything else
package harness
