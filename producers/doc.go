// Package producers turns a tool call recorded in a session log — the
// tool's name, its raw JSON arguments and its result — back into the views
// the tool declares: Go ports of the tools' presentCall and presentResult.
//
// Producers are pure: the same inputs always give the same views, so a
// replayed session looks exactly as it did live. A Registry never fails:
// an unknown tool, malformed arguments, unusable result metadata, a
// producer error or panic all yield a generic fallback card that shows the
// call's arguments — its code-like strings (a program, a script, a plan,
// a prompt) as fenced blocks in their language, the others as raw input —
// and the result's content, with a note saying why; nothing is hidden.
// Every view a Registry returns encodes with the cards codec and decodes
// back strictly to an equal value.
//
// Each tool family lives in its agent's folder (the views Gemini CLI,
// opencode and Crush share are agents/internal/toolview's). The families,
// and where they live:
//
//	family                      where                          registry
//	the harness's native tools  agents/harness/native          native.Tools
//	Claude Code's tools         agents/claude, tools*.go       claude.Tools (results: claude.ToolResult)
//	the Codex CLI's tools       agents/codex, tools*.go        codex.Tools (outcomes: codex.Outcome)
//	Gemini CLI's tools          agents/gemini, tools.go        gemini.Tools
//	opencode's tools            agents/opencode, tools.go      opencode.Tools
//	Crush's tools               agents/crush, tools.go         crush.Tools
//	any tool with no producer   fallback.go                    every Registry
//
// An agent's producers live in the agent's folder and import this package,
// never the other way round. What the families share is exported here,
// and is meant for them:
//
//   - the registry and its parts: Registry, Producer, Result, NewResult,
//     DecodeArguments, RawInput (a call's arguments as a view's raw input),
//     FallbackCall, FallbackResult;
//   - reading arguments strictly: DecodeJSON, DecodeCheckedArgs, StringArg;
//   - content and results: DecodeContent, DecodeBlock, DescribeError,
//     UndecodedContent, GenericResult, FencedResult, TextOrJSONResult,
//     WithError, HasMeta, IsJSONText;
//   - how a call ended: OutcomeRule, OutcomeOf, RefusalOutcome;
//   - families several agents' tools share: WriteArgs, ParseWriteArgs,
//     PresentWriteCall, EditArgs, ParseEditArgs, PresentEditCall (file
//     writes and edits); Todo, ParseTodos, TodoTitle, Checklist,
//     ChecklistItem, PresentTodoResult (todo lists).
//
// The smaller helpers they share, which need none of these types
// (content blocks, a field's presence, recorded hunks, a command's
// output), are in the module's internal/toolkit.
package producers
