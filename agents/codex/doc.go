// Package codex reads Codex CLI rollouts
// (~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl): Format, its row of
// agents.Formats, detects them and decodes their session_meta,
// response_item and event_msg lines, each call shown once though a rollout
// records it as a response item and as events. Every record is shown as a
// card, a message, a notice or a problem, or counted per type in
// replay.Stats.Skipped.
//
// The package's files: codex*.go the decoder (codex.go the lines,
// codex_codemode.go code mode's scripts, codex_rollback.go rolled-back
// turns); tools*.go the producers of the Codex CLI's tools (Tools), one
// file per tool family, built on package producers, and how a call ended
// (Outcome):
//
//	tool                                     file           call view                       result view
//	shell, container.exec, shell_command,    tools.go       terminal: the command line      terminal output, exit code, duration
//	  exec_command, local_shell
//	write_stdin, update_plan, view_image,    tools.go       generic                         output / the plan as a checklist / content
//	  web_search
//	apply_patch                              tools_patch.go diff of the patch               the changes applied, with line numbers
//	exec, wait (code mode)                   tools_code.go  generic: the script             the cell's output (CodeModeCell)
//
// A Codex rollout:
//
//	record                                  shown as
//	session_meta                            notice: Codex version, directory, branch
//	response_item message                   message: the user's, the assistant's (<proposed_plan> as a plan), or context
//	                                          (AGENTS.md, environment, developer messages); skipped when its event showed it
//	response_item reasoning                 reasoning, unless its event showed it
//	response_item function_call,            card, one per call_id, through the Codex producers (code mode's exec and wait too)
//	  custom_tool_call, local_shell_call
//	response_item *_output                  the card's result
//	response_item web_search_call           card with the query
//	event_msg user_message, agent_message,  message, unless its response item showed it
//	  agent_reasoning(_raw_content)
//	event_msg exec_command_begin|end,       the card's result meta (exit code, duration, changes with line numbers); the
//	  patch_apply_begin|end                   card of a call not seen otherwise; a code-mode script's call (exec-<uuid>)
//	                                          nested under its exec card
//	event_msg turn_aborted                  notice; the turn's pending cards interrupted
//	event_msg thread_rolled_back            the entries of the turns undone labelled rolled back, and a notice
//	event_msg context_compacted, compacted  notice (once per turn), and compacted's summary as context
//	event_msg error                         notice
//	turn_context, token_count, task_started, skipped
//	  task_complete, the streaming deltas,
//	  mcp_tool_call_end, web_search_end
//	  (their response items show them),
//	  anything else
package codex
