// Package codex reads Codex CLI rollouts
// (~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl): Format, its row of
// agents.Formats, detects them and decodes their session_meta,
// response_item and event_msg lines, each call shown once though a rollout
// records it as a response item and as events. Every record is shown as a
// card, a message, a notice or a problem, or counted per type in
// replay.Stats.Skipped.
//
// The package's files: codex*.go the rollout decoder (codex.go the lines,
// items.go 0.169's item_completed items, polls.go the polls of
// a running command, explore.go the "Explored" groups,
// codemode.go code mode's scripts, rollback.go rolled-back
// turns); exec.go ExecFormat, what `codex exec --json` prints; tools*.go
// the producers of the Codex CLI's tools (Tools), one file per tool
// family, built on package producers, and how a call ended (Outcome):
//
//	tool                                     file             call view                       result view
//	shell, container.exec, shell_command,    tools.go         terminal: the command line      terminal output, exit code, duration
//	  exec_command, local_shell
//	  … that only reads, searches, lists     tools_explore.go read/search: "Read calc.py",    the lines read, numbered; the matches
//	    (parsed_cmd)                                            the command line once           by file; else the terminal result
//	write_stdin, update_plan, view_image,    tools.go         generic                         output / the plan as a checklist
//	  web_search                                                                                (refused: the answer, the plan not
//	                                                                                            applied) / content
//	apply_patch                              tools_patch.go   diff of the patch               the changes applied, with line numbers
//	exec, wait (code mode)                   tools_code.go    generic: the script             the cell's output (CodeModeCell)
//
// A Codex rollout:
//
//	record                                  shown as
//	session_meta                            notice: Codex version, directory, branch
//	response_item message                   message: the user's, the assistant's (<proposed_plan> as a plan), or context
//	                                          (AGENTS.md, environment, developer messages); skipped when its event showed it
//	response_item reasoning                 reasoning, unless its event showed it
//	response_item function_call,            card, one per call_id, through the Codex producers (code mode's exec and wait too);
//	  custom_tool_call, local_shell_call      consecutive exploring commands in one "Explored" card; a write_stdin polling
//	                                          a command's session folded into that command's card
//	response_item *_output                  the card's result; an error codex-rs answers in a tool's place makes it failed
//	response_item web_search_call           card with the query
//	event_msg user_message, agent_message,  message, unless its response item showed it
//	  agent_reasoning(_raw_content)
//	event_msg item_completed (0.169)        UserMessage, AgentMessage, Reasoning: message, unless its response item showed it;
//	                                          CommandExecution, FileChange: the card's result meta, as the exec and patch
//	                                          events (a card of its own for a call not seen); ContextCompaction: notice;
//	                                          others counted as event_msg/item_completed/<type>
//	event_msg exec_command_begin|end,       the card's result meta (exit code, duration, changes with line numbers, parsed_cmd);
//	  patch_apply_begin|end                   the card of a call not seen otherwise; a code-mode script's call (exec-<uuid>)
//	                                          nested under its exec card
//	event_msg turn_aborted                  notice; the turn's pending cards interrupted
//	event_msg thread_rolled_back            the entries of the turns undone labelled rolled back, and a notice
//	event_msg context_compacted, compacted  notice (once per turn), and compacted's summary as context
//	event_msg error                         notice
//	turn_context, event_msg token_count,    the model, tokens and duration on the turn's line (turns.go)
//	  task_complete
//	world_state, token_usage_record,        skipped: what the model was told, and bookkeeping (Codex's UI shows none of it
//	  task_started,                           in the transcript)
//	  thread_settings_applied, the
//	  streaming deltas, mcp_tool_call_end,
//	  web_search_end (their response items
//	  show them), anything else
//
// What `codex exec --json` prints is described in exec.go.
package codex
