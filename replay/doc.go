// Package replay reads session files and streams into a transcript: the
// ordered messages, tool cards (a call and its result, matched by call id),
// problems and notices that the renderer draws (DESIGN.md section 3).
//
// Load reads newline-delimited JSON of any line length, as it streams, in
// one of the formats it detects from the content (or is told with
// Options.Format):
//
//   - the harness's session log (HarnessLog): a "session" header line, then
//     one {"type", "data"} event per line; tool calls and results go
//     through the native producers, which turn them back into views;
//   - its headless stream (Headless): the same events wrapped as
//     {"type":"session_event","event":{...}};
//   - the view stream (ViewStream): call, result and message lines that
//     carry views computed by the harness, decoded strictly;
//   - a Claude Code transcript (ClaudeCode): user, assistant, summary and
//     system lines, put in conversation order by their parentUuid; tool
//     calls and results go through the Claude producers with the
//     toolUseResult Claude Code stores (claude.go);
//   - a Codex CLI rollout (Codex): session_meta, response_item and
//     event_msg lines, each call shown once though a rollout records it as
//     a response item and as events (codex.go).
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
package replay
