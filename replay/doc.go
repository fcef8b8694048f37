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
//     through the native producers, which turn them back into views
//     (package agents/harness);
//   - its headless stream ("headless"): the same events wrapped as
//     {"type":"session_event","event":{...}} (package agents/harness);
//   - the view stream ("views"): call, result and message lines that
//     carry views computed by the harness, decoded strictly (package
//     agents/views);
//   - a Claude Code transcript ("claude"): user, assistant, summary and
//     system lines, put in conversation order by their parentUuid; tool
//     calls and results go through Claude Code's tool producers with the
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
// listed by `cardtui validate`. Nothing else is dropped. The tables of
// each format are in the docs of its package: agents/harness,
// agents/claude, agents/codex.
package replay
