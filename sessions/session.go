// Package sessions finds the sessions that coding agents have written on
// this machine — Claude Code transcripts, Codex rollouts (live and
// archived), the deepseek harness's session logs, Gemini CLI's chats,
// opencode's and Crush's sessions (in their databases), whichever
// Sources agents.Sessions lists — and describes each one: its agent,
// project, title or first prompt, start, last activity, number of tool
// calls and size.
//
// Every file is read whole, once, by its agent's own decoder (the code
// the viewer reads it with): its title, first prompt, exact number of
// tool calls and first problem are what the viewer shows. What was learnt
// is kept in an index (see Index) keyed by path, size and mtime, beside a
// text document of each session for `cardtui search` (see Document): a
// listing reads only the files that are new or changed since the last
// one. ListProgressively reports while it reads: with Options.Heads it
// first describes every file not in the index from its head and tail,
// the newest first, so that the picker shows rows before the index is
// done.
//
// What is agent-specific — where an agent keeps its sessions, what in its
// lines names the project, the start and the title — is a Source, which
// the agent's package under agents/ defines; the agents package lists
// them (agents.Sessions), and List takes that table.
package sessions

import (
	"cmp"
	"slices"
	"time"
)

// Agent is the program that wrote a session, named as the format of its
// session files is (Source.Format): "claude", "codex", "harness",
// "gemini", "opencode", "crush".
type Agent string

// Session describes one session file. Its JSON form (field names as
// tagged) is what `cardtui sessions --json` prints, one object per line:
// every key is always there but started, which is left out when the file
// does not say when the session began.
type Session struct {
	Agent Agent `json:"agent"`
	// Path is the session file.
	Path string `json:"path"`
	// Project is the directory the agent ran in (its cwd), "" when the
	// file does not say.
	Project string `json:"project"`
	// Title is the session's title when the agent gave it one (Claude
	// Code's summary, the harness's session/title).
	Title string `json:"title"`
	// FirstPrompt is the first thing the user typed, verbatim.
	FirstPrompt string `json:"firstPrompt"`
	// Model is the model the session ran, "" when the agent's source does
	// not say (Gemini CLI's, opencode's and Crush's do).
	Model string `json:"model"`
	// Started is when the session began (zero when unknown); LastActivity
	// the time of its last line, else the file's mtime.
	Started      time.Time `json:"started,omitzero"`
	LastActivity time.Time `json:"lastActivity"`
	// ToolCalls is the number of tool calls the agent's models made,
	// a sub-agent's included (replay.Stats.ToolCards).
	ToolCalls int `json:"toolCalls"`
	// Size is the file's size in bytes.
	Size int64 `json:"size"`
	// Archived marks a Codex session moved to archived_sessions.
	Archived bool `json:"archived"`
	// Subagent marks a session that an agent started for a sub-task.
	Subagent bool `json:"subagent"`
	// Problem says why the file could not be read or understood; the
	// other fields hold what could be learnt before it.
	Problem string `json:"problem"`
}

// Label is what a list shows for the session: its title, else its first
// prompt, else its file name.
func (s Session) Label() string {
	switch {
	case s.Title != "":
		return s.Title
	case s.FirstPrompt != "":
		return s.FirstPrompt
	}
	return s.Path
}

// sortNewestFirst orders sessions by last activity, newest first, and by
// path among equals, so that a listing is stable.
func sortNewestFirst(list []Session) {
	slices.SortFunc(list, func(a, b Session) int {
		if c := b.LastActivity.Compare(a.LastActivity); c != 0 {
			return c
		}
		return cmp.Compare(a.Path, b.Path)
	})
}
