// Package gemini reads the chats Gemini CLI records: its log format (a
// replay.Format), the producers of its tools, and where its sessions are
// found (Sessions).
//
// Gemini CLI's chat recording service (packages/core/src/services/
// chatRecordingService.ts) appends one JSON record a line to
// ~/.gemini/tmp/<project>/chats/session-<time>-<id>.jsonl (a sub-agent's
// under chats/<parent session id>/<id>.jsonl): the session's metadata
// first ({sessionId, projectHash, startTime, lastUpdated, kind}), then
// message records ({id, timestamp, type, content, displayContent} and,
// for the model's, toolCalls, thoughts, tokens and model), written again
// whole under the same id each time they change, "$set" records that
// update the metadata (a summary, lastUpdated) and "$rewindTo" records
// that drop a message and every later one.
package gemini
