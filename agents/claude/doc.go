// Package claude reads Claude Code transcripts (~/.claude/projects/*/*.jsonl):
// Format, its row of agents.Formats, detects them and decodes their user,
// assistant, summary and system lines, put in conversation order by their
// parentUuid; tool calls and results go through the producers of Claude
// Code's tools (Tools) with the toolUseResult Claude Code stores
// (ToolResult). Every record is shown as a card, a message, a notice or a
// problem, or counted per type in replay.Stats.Skipped.
//
// The package's files: claude*.go the decoder (claude.go the lines,
// order.go conversation order, subagent.go the sub-agents of
// older versions (sidechain lines in the session file), nested.go
// those of 2.1 (their own transcripts, nested under the Agent card),
// stream.go the lines only --output-format stream-json writes,
// attachment.go attachments); tools*.go the producers, one file per
// tool family, built on package producers:
//
//	tool                                       file           call view                              result view
//	Read, Write, Edit, MultiEdit, NotebookEdit tools_fs.go    read / diff of the change               the lines read; the hunks of structuredPatch
//	Bash, BashOutput, KillShell (KillBash)     tools_shell.go terminal: the command / generic         stdout, stderr in red, exit status
//	TodoWrite, Glob, Grep, LS, WebFetch,       tools_misc.go  generic, titled as the ACP adapter does checklist, search card, web card, the answer
//	  WebSearch, Task (Agent), ExitPlanMode,
//	  ToolSearch
//	TaskCreate, TaskUpdate, TaskGet, TaskList, tools_tasks.go generic                                 the task list, the answers
//	  AskUserQuestion
//	tool_result content, toolUseResult, the    tools.go       —                                      Result: content, meta, outcome
//	  outcome words (rejected, denied, …)
//
// A Claude Code transcript:
//
//	record                                  shown as
//	user, text                              message: the prompt verbatim; "/name args" for a slash command; "! cmd" for a shell command
//	user, isMeta / command output /         context
//	  a sub-agent's prompt
//	user, "[Request interrupted by user…]"  notice
//	user, isCompactSummary                  notice, and the summary as context
//	user, task-notification                 notice as Claude Code words it (its summary and
//	                                          duration); an agent's <result> becomes its Agent
//	                                          card's answer, titled "Backgrounded agent"
//	user, tool_result                       the card's result, with toolUseResult (structuredPatch hunks as recorded)
//	assistant                               messages: text (with the line's time and model),
//	                                          thinking (collapsed); a card per tool_use
//	assistant, API error text               notice
//	summary                                 the session's title, and a notice
//	system                                  notice: compaction boundary, local command output, message with text;
//	                                          skipped when it says nothing (turn durations…)
//	attachment, queued_command              message where it was queued: the user's, context, "! cmd", or a notice
//	attachment, any other type              skipped, as attachment/TYPE
//	permission-mode                         notice when the mode changes
//	custom-title                            the session's title, and a notice
//	isSidechain lines                       under the Task card that started the sub-agent
//	<id>/subagents/agent-*.jsonl (2.1)      nested under their Agent card (read when the session
//	                                          is a file: replay.Options.Path): their text as
//	                                          replies, but the last when it is the card's answer
//	progress (2.1.83 mirrors of those)      skipped: the sub-agent's own transcript is shown
//	stream-json lines                       see stream.go
//	a copy of a line read before            skipped; a reused uuid with other bytes: shown, and a problem
//	file-history-snapshot, queue-operation, skipped
//	  last-prompt, api-request*, atis-latch,
//	  tools-used, cost-state, anything else
package claude
