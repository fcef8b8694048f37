package claude

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cardtui/cardtui/agents/internal/claudenotes"
	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/toolkit"
	"github.com/cardtui/cardtui/producers"
)

// Claude Code's other tools: TodoWrite, the searches Glob, Grep and LS,
// WebFetch and WebSearch, Task (sub-agents) and ExitPlanMode.
var (
	claudeTodoWriteProducer    = producers.Producer{PresentCall: presentClaudeTodoCall, PresentResult: presentClaudeTodoResult}
	claudeGlobProducer         = producers.Producer{PresentCall: presentClaudeGlobCall, PresentResult: presentClaudeGlobResult}
	claudeGrepProducer         = producers.Producer{PresentCall: presentClaudeGrepCall, PresentResult: presentClaudeGrepResult}
	claudeLSProducer           = producers.Producer{PresentCall: presentClaudeLSCall, PresentResult: presentClaudeLSResult}
	claudeWebFetchProducer     = producers.Producer{PresentCall: presentClaudeWebFetchCall, PresentResult: presentClaudeWebFetchResult}
	claudeWebSearchProducer    = producers.Producer{PresentCall: presentClaudeWebSearchCall, PresentResult: presentClaudeWebSearchResult}
	claudeTaskProducer         = producers.Producer{PresentCall: presentClaudeTaskCall, PresentResult: presentClaudeTaskResult}
	claudeToolSearchProducer   = producers.Producer{PresentCall: presentToolSearchCall, PresentResult: presentToolSearchResult}
	claudeExitPlanModeProducer = producers.Producer{PresentCall: presentClaudeExitPlanModeCall, PresentResult: presentClaudeExitPlanModeResult}
)

// presentClaudeTodoCall titles the card with the list's counts
// (producers.TodoTitle). The result shows the checklist.
func presentClaudeTodoCall(args json.RawMessage) (cards.CallView, error) {
	todos, _, err := producers.ParseTodos(args)
	if err != nil {
		return nil, err
	}
	return cards.GenericCall{Title: producers.TodoTitle("Todos", todos), Kind: cards.KindThink}, nil
}

// presentClaudeTodoResult shows the list the call wrote as a checklist.
func presentClaudeTodoResult(args json.RawMessage, r producers.Result) (cards.ResultView, error) {
	if r.IsError {
		return claudeErrorResult(r), nil
	}
	return producers.PresentTodoResult(args, r)
}

// searchArgs are the arguments the searches share.
type searchArgs struct {
	Pattern *string `json:"pattern"`
	Path    *string `json:"path"`
}

// presentClaudeGlobCall titles the card "Find <path> <pattern>".
func presentClaudeGlobCall(args json.RawMessage) (cards.CallView, error) {
	var raw searchArgs
	if err := producers.DecodeCheckedArgs(args, &raw); err != nil {
		return nil, err
	}
	title := "Find"
	path := toolkit.ValueOr(raw.Path, "")
	var locations []cards.FileLocation
	if path != "" {
		title += " " + path
		locations = []cards.FileLocation{{Path: path}}
	}
	if pattern := toolkit.ValueOr(raw.Pattern, ""); pattern != "" {
		title += " " + pattern
	}
	return cards.GenericCall{Title: title, Kind: cards.KindSearch, Locations: locations}, nil
}

// presentClaudeGlobResult lists the paths found from toolUseResult
// {filenames, numFiles, truncated}.
func presentClaudeGlobResult(_ json.RawMessage, r producers.Result) (cards.ResultView, error) {
	if r.IsError {
		return claudeErrorResult(r), nil
	}
	var m struct {
		Filenames *[]string `json:"filenames"`
		NumFiles  *int      `json:"numFiles"`
		Truncated *bool     `json:"truncated"`
	}
	ok, err := claudeMeta(r, &m)
	if err != nil || !ok || m.Filenames == nil {
		return fencedText(r), err
	}
	return foundPaths(*m.Filenames, toolkit.ValueOr(m.NumFiles, 0), toolkit.ValueOr(m.Truncated, false)), nil
}

// foundPaths is a paths card; the total counts at least the paths listed.
func foundPaths(paths []string, total int, truncated bool) cards.SearchPaths {
	return cards.SearchPaths{Paths: toolkit.OrNil(paths), Truncated: truncated, Total: max(total, len(paths))}
}

// grepArgs are the arguments of Grep that its title shows.
type grepArgs struct {
	searchArgs
	Insensitive *bool   `json:"-i"`
	Numbers     *bool   `json:"-n"`
	After       *int    `json:"-A"`
	Before      *int    `json:"-B"`
	Context     *int    `json:"-C"`
	OutputMode  *string `json:"output_mode"`
	HeadLimit   *int    `json:"head_limit"`
	Glob        *string `json:"glob"`
	Type        *string `json:"type"`
	Multiline   *bool   `json:"multiline"`
}

// presentClaudeGrepCall titles the card as the adapter does, as a grep
// command line: `grep -i -n -C 2 -l | head -5 --include="*.go" "pattern"
// path`.
func presentClaudeGrepCall(args json.RawMessage) (cards.CallView, error) {
	var a grepArgs
	if err := producers.DecodeCheckedArgs(args, &a); err != nil {
		return nil, err
	}
	parts := []string{"grep"}
	flag := func(on *bool, name string) {
		if toolkit.ValueOr(on, false) {
			parts = append(parts, name)
		}
	}
	count := func(n *int, format string) {
		if n != nil {
			parts = append(parts, fmt.Sprintf(format, *n))
		}
	}
	flag(a.Insensitive, "-i")
	flag(a.Numbers, "-n")
	count(a.After, "-A %d")
	count(a.Before, "-B %d")
	count(a.Context, "-C %d")
	switch toolkit.ValueOr(a.OutputMode, "") {
	case "files_with_matches", "FilesWithMatches":
		parts = append(parts, "-l")
	case "count", "Count":
		parts = append(parts, "-c")
	}
	count(a.HeadLimit, "| head -%d")
	if g := toolkit.ValueOr(a.Glob, ""); g != "" {
		parts = append(parts, `--include="`+g+`"`)
	}
	if t := toolkit.ValueOr(a.Type, ""); t != "" {
		parts = append(parts, "--type="+t)
	}
	flag(a.Multiline, "-P")
	if p := toolkit.ValueOr(a.Pattern, ""); p != "" {
		parts = append(parts, `"`+p+`"`)
	}
	if p := toolkit.ValueOr(a.Path, ""); p != "" {
		parts = append(parts, p)
	}
	return cards.GenericCall{Title: strings.Join(parts, " "), Kind: cards.KindSearch}, nil
}

// claudeGrepMeta is the toolUseResult of a Grep call.
type claudeGrepMeta struct {
	Mode         *string   `json:"mode"`
	Filenames    *[]string `json:"filenames"`
	NumFiles     *int      `json:"numFiles"`
	Content      *string   `json:"content"`
	AppliedLimit *int      `json:"appliedLimit"`
}

// presentClaudeGrepResult lists the matching files, or the matching lines
// grouped by file when the output is "path:line:text" lines; counts and
// output with context lines are shown as they are.
func presentClaudeGrepResult(args json.RawMessage, r producers.Result) (cards.ResultView, error) {
	var a grepArgs
	if err := producers.DecodeCheckedArgs(args, &a); err != nil {
		return nil, err
	}
	if r.IsError {
		return claudeErrorResult(r), nil
	}
	var m claudeGrepMeta
	ok, err := claudeMeta(r, &m)
	if err != nil || !ok {
		return fencedText(r), err
	}
	truncated := m.AppliedLimit != nil
	switch toolkit.ValueOr(m.Mode, "") {
	case "files_with_matches":
		return foundPaths(toolkit.ValueOr(m.Filenames, nil), toolkit.ValueOr(m.NumFiles, 0), truncated), nil
	case "content":
		files, total, ok := grepMatches(toolkit.ValueOr(m.Content, ""), toolkit.ValueOr(m.Filenames, nil), toolkit.ValueOr(a.Path, ""))
		if ok {
			return cards.SearchMatches{Files: files, Truncated: truncated, Total: total}, nil
		}
	}
	return fencedText(r), nil
}

// grepMatches parses grep output of "path:line:text" lines (or "line:text"
// when one file was searched) into matches grouped by file. ok is false
// when any line is something else, such as a context line.
func grepMatches(output string, filenames []string, searched string) ([]cards.SearchFile, int, bool) {
	output = strings.TrimSuffix(output, "\n")
	if output == "" {
		return nil, 0, false
	}
	known := slices.Clone(filenames)
	slices.SortFunc(known, func(a, b string) int { return len(b) - len(a) })
	var files []cards.SearchFile
	index := map[string]int{}
	total := 0
	for _, line := range strings.Split(output, "\n") {
		path, number, text, ok := grepLine(line, known, searched)
		if !ok {
			return nil, 0, false
		}
		i, seen := index[path]
		if !seen {
			i = len(files)
			index[path] = i
			files = append(files, cards.SearchFile{Path: path})
		}
		files[i].Matches = append(files[i].Matches, cards.SearchMatch{LineNumber: number, Line: text})
		total++
	}
	return files, total, true
}

// grepLine splits one "path:line:text" line, preferring the file names
// the search reported, else at the first ":N:" (a path may hold a colon);
// a "line:text" line is from the one file searched.
func grepLine(line string, known []string, searched string) (string, int, string, bool) {
	for _, f := range known {
		if rest, ok := strings.CutPrefix(line, f+":"); ok {
			if n, text, ok := lineNumbered(rest); ok {
				return f, n, text, true
			}
		}
	}
	if n, text, ok := lineNumbered(line); ok && searched != "" && len(known) <= 1 {
		return toolkit.ValueOr(firstOf(known), searched), n, text, true
	}
	for i := strings.IndexByte(line, ':'); i > 0; {
		if n, text, ok := lineNumbered(line[i+1:]); ok {
			return line[:i], n, text, true
		}
		next := strings.IndexByte(line[i+1:], ':')
		if next < 0 {
			break
		}
		i += 1 + next
	}
	return "", 0, "", false
}

// firstOf points at the first element, nil for none.
func firstOf(s []string) *string {
	if len(s) == 0 {
		return nil
	}
	return &s[0]
}

// lineNumbered splits "12:text" into 12 and "text".
func lineNumbered(s string) (int, string, bool) {
	digits, text, ok := strings.Cut(s, ":")
	if !ok || !toolkit.AllDigits(digits) {
		return 0, "", false
	}
	n, err := strconv.Atoi(digits)
	return n, text, err == nil && n >= 1
}

// presentClaudeLSCall titles the card "List the <path> directory's
// contents".
func presentClaudeLSCall(args json.RawMessage) (cards.CallView, error) {
	var raw searchArgs
	if err := producers.DecodeCheckedArgs(args, &raw); err != nil {
		return nil, err
	}
	dir := "current"
	if p := toolkit.ValueOr(raw.Path, ""); p != "" {
		dir = p
	}
	return cards.GenericCall{Title: "List the " + dir + " directory's contents", Kind: cards.KindSearch}, nil
}

func presentClaudeLSResult(_ json.RawMessage, r producers.Result) (cards.ResultView, error) {
	if r.IsError {
		return claudeErrorResult(r), nil
	}
	return fencedText(r), nil
}

// presentClaudeWebFetchCall shows "Fetch <url>" and the prompt the page is
// read with.
func presentClaudeWebFetchCall(args json.RawMessage) (cards.CallView, error) {
	url, err := producers.StringArg(args, "url")
	if err != nil {
		return nil, err
	}
	var raw struct {
		Prompt *string `json:"prompt"`
	}
	if err := producers.DecodeCheckedArgs(args, &raw); err != nil {
		return nil, err
	}
	return cards.GenericCall{Title: "Fetch " + url, Kind: cards.KindFetch, Content: toolkit.Text(toolkit.ValueOr(raw.Prompt, ""))}, nil
}

// presentClaudeWebFetchResult shows the page fetched and its HTTP status
// from toolUseResult {url, code}, as Claude Code does, with what the
// model made of the page (result, Markdown), its size (bytes) and how
// long the fetch took (durationMs).
func presentClaudeWebFetchResult(args json.RawMessage, r producers.Result) (cards.ResultView, error) {
	url, err := producers.StringArg(args, "url")
	if err != nil {
		return nil, err
	}
	if r.IsError {
		return claudeErrorResult(r), nil
	}
	var m webFetchBody
	ok, err := claudeMeta(r, &m)
	if err != nil || !ok || m.Code == nil || *m.Code < 100 || *m.Code > 599 {
		return producers.GenericResult(r), err
	}
	return cards.WebFetch{Title: m.title(), URL: toolkit.ValueOr(m.URL, url), StatusCode: *m.Code, Content: toolkit.Markdown(toolkit.ValueOr(m.Result, ""))}, nil
}

// presentClaudeWebSearchCall titles the card with the query and the
// domains it is limited to: `"go generics" (allowed: go.dev)`.
func presentClaudeWebSearchCall(args json.RawMessage) (cards.CallView, error) {
	query, err := producers.StringArg(args, "query")
	if err != nil {
		return nil, err
	}
	var raw struct {
		Allowed *[]string `json:"allowed_domains"`
		Blocked *[]string `json:"blocked_domains"`
	}
	if err := producers.DecodeCheckedArgs(args, &raw); err != nil {
		return nil, err
	}
	title := `"` + query + `"`
	if allowed := toolkit.ValueOr(raw.Allowed, nil); len(allowed) > 0 {
		title += " (allowed: " + strings.Join(allowed, ", ") + ")"
	}
	if blocked := toolkit.ValueOr(raw.Blocked, nil); len(blocked) > 0 {
		title += " (blocked: " + strings.Join(blocked, ", ") + ")"
	}
	return cards.GenericCall{Title: title, Kind: cards.KindFetch}, nil
}

// presentClaudeWebSearchResult lists the sources of toolUseResult
// {results: [{content: [{title, url}]} | text]}; the text the search
// returned besides its hits is the answer.
func presentClaudeWebSearchResult(args json.RawMessage, r producers.Result) (cards.ResultView, error) {
	if _, err := producers.StringArg(args, "query"); err != nil {
		return nil, err
	}
	if r.IsError {
		return claudeErrorResult(r), nil
	}
	var m struct {
		Results *[]json.RawMessage `json:"results"`
	}
	ok, err := claudeMeta(r, &m)
	if err != nil || !ok || m.Results == nil {
		return producers.GenericResult(r), err
	}
	var v cards.WebSearch
	var answer []string
	for i, item := range *m.Results {
		var s string
		if json.Unmarshal(item, &s) == nil {
			answer = append(answer, s)
			continue
		}
		sources, err := searchHits(item)
		if err != nil {
			return nil, toolkit.Within(fmt.Sprintf("toolUseResult: results[%d]", i), err)
		}
		v.Sources = append(v.Sources, sources...)
	}
	v.Answer = strings.TrimSpace(strings.Join(answer, "\n\n"))
	return v, nil
}

// searchHits reads the sources of one {content: [{title, url}]} result.
func searchHits(raw json.RawMessage) ([]cards.WebSource, error) {
	var hits struct {
		Content *[]struct {
			Title *string `json:"title"`
			URL   *string `json:"url"`
		} `json:"content"`
	}
	if err := producers.DecodeJSON(raw, &hits); err != nil {
		return nil, err
	}
	var sources []cards.WebSource
	for i, h := range toolkit.ValueOr(hits.Content, nil) {
		url, err := toolkit.NonEmpty("url", h.URL)
		if err != nil {
			return nil, fmt.Errorf("content[%d]: %w", i, err)
		}
		sources = append(sources, cards.WebSource{URL: url, Title: toolkit.ValueOr(h.Title, "")})
	}
	return sources, nil
}

// taskArgs are the arguments of Task (Agent in later versions).
type taskArgs struct {
	description string
	prompt      string
}

func parseTaskArgs(args json.RawMessage) (taskArgs, error) {
	var raw struct {
		Description *string `json:"description"`
		Prompt      *string `json:"prompt"`
	}
	err := producers.DecodeCheckedArgs(args, &raw)
	return taskArgs{description: toolkit.ValueOr(raw.Description, ""), prompt: toolkit.ValueOr(raw.Prompt, "")}, err
}

// presentClaudeTaskCall titles the card by the task's description and
// shows the prompt the sub-agent is given.
func presentClaudeTaskCall(args json.RawMessage) (cards.CallView, error) {
	a, err := parseTaskArgs(args)
	if err != nil {
		return nil, err
	}
	title := a.description
	if title == "" {
		title = "Task"
	}
	return cards.GenericCall{Title: title, Kind: cards.KindThink, Content: toolkit.Text(a.prompt)}, nil
}

// presentClaudeTaskResult shows the sub-agent's report and, from
// toolUseResult, what it took: "2 tool uses · 21.2s · 13,751 tokens".
func presentClaudeTaskResult(args json.RawMessage, r producers.Result) (cards.ResultView, error) {
	if _, err := parseTaskArgs(args); err != nil {
		return nil, err
	}
	if r.IsError {
		return claudeErrorResult(r), nil
	}
	var m struct {
		IsAsync           bool   `json:"isAsync"`
		Status            string `json:"status"`
		TotalToolUseCount *int   `json:"totalToolUseCount"`
		TotalDurationMs   *int   `json:"totalDurationMs"`
		TotalTokens       *int   `json:"totalTokens"`
	}
	ok, err := claudeMeta(r, &m)
	if m.IsAsync || m.Status == "async_launched" || strings.HasPrefix(toolkit.FirstText(r.Content), asyncLaunched) {
		// The rest of its text is for the model, which must not quote it.
		return cards.GenericResult{Title: launchedText}, err
	}
	r.Content = toolkit.AsMarkdown(withoutAgentNotes(r.Content)) // the sub-agent's reply
	if err != nil || !ok {
		return producers.GenericResult(r), err
	}
	var stats []string
	if m.TotalToolUseCount != nil {
		stats = append(stats, plural(*m.TotalToolUseCount, "tool use", "tool uses"))
	}
	if m.TotalDurationMs != nil {
		stats = append(stats, (time.Duration(*m.TotalDurationMs) * time.Millisecond).Round(100*time.Millisecond).String())
	}
	if m.TotalTokens != nil {
		stats = append(stats, thousands(*m.TotalTokens)+" tokens")
	}
	content := slices.Clip(r.Content)
	if len(stats) > 0 {
		content = append(content, cards.TextBlock{Text: "_" + strings.Join(stats, " · ") + "_", Markdown: true})
	}
	return cards.GenericResult{Content: content}, nil
}

// asyncLaunched starts the text Claude Code gives the model for an agent
// started in the background; launchedText is what the card says instead,
// as Claude Code does, and the title of the answer the agent's
// notification brings.
const (
	asyncLaunched = "Async agent launched successfully"
	launchedText  = "Backgrounded agent"
)

// withoutAgentNotes removes from an agent's reply what Claude Code adds
// for the model and never shows: the agentId line and the <usage> element.
func withoutAgentNotes(content []cards.ContentBlock) []cards.ContentBlock {
	out := make([]cards.ContentBlock, 0, len(content))
	for _, b := range content {
		if tb, ok := b.(cards.TextBlock); ok {
			tb.Text = claudenotes.AgentReply(tb.Text)
			if tb.Text == "" {
				continue
			}
			b = tb
		}
		out = append(out, b)
	}
	return out
}

// presentClaudeExitPlanModeCall asks "Ready to code?" over the plan.
func presentClaudeExitPlanModeCall(args json.RawMessage) (cards.CallView, error) {
	var raw struct {
		Plan *string `json:"plan"`
	}
	if err := producers.DecodeCheckedArgs(args, &raw); err != nil {
		return nil, err
	}
	return cards.GenericCall{Title: "Ready to code?", Kind: cards.KindSwitchMode, Content: toolkit.Markdown(toolkit.ValueOr(raw.Plan, ""))}, nil
}

// presentClaudeExitPlanModeResult says the plan mode ended, with what the
// user answered.
func presentClaudeExitPlanModeResult(_ json.RawMessage, r producers.Result) (cards.ResultView, error) {
	if r.IsError {
		return claudeErrorResult(r), nil
	}
	return cards.GenericResult{Title: "Exited Plan Mode", Content: producers.WithError(r.Content, r)}, nil
}

// parseToolSearchArgs reads ToolSearch's query: "select:A,B" loads the
// tools named, anything else searches the deferred tools.
func parseToolSearchArgs(args json.RawMessage) (string, error) {
	var raw struct {
		Query      *string `json:"query"`
		MaxResults *int    `json:"max_results"`
	}
	err := producers.DecodeCheckedArgs(args, &raw)
	var query string
	if err == nil {
		query, err = toolkit.NonEmpty("query", raw.Query)
	}
	return query, toolkit.Within("arguments", err)
}

// presentToolSearchCall titles a ToolSearch "Load tools WebFetch" for a
// selection, "Search tools <query>" for a search.
func presentToolSearchCall(args json.RawMessage) (cards.CallView, error) {
	query, err := parseToolSearchArgs(args)
	if err != nil {
		return nil, err
	}
	title := "Search tools " + query
	if names, ok := strings.CutPrefix(query, "select:"); ok {
		title = "Load tools " + strings.ReplaceAll(names, ",", ", ")
	}
	return cards.GenericCall{Title: title, Kind: cards.KindSearch}, nil
}

// presentToolSearchResult lists the tools found, by name (the
// tool_reference blocks of its result).
func presentToolSearchResult(args json.RawMessage, r producers.Result) (cards.ResultView, error) {
	if _, err := parseToolSearchArgs(args); err != nil {
		return nil, err
	}
	if r.IsError {
		return claudeErrorResult(r), nil
	}
	var names []string
	var others []cards.ContentBlock
	for _, b := range r.Content {
		if tb, ok := b.(cards.TextBlock); ok && !tb.Markdown {
			names = append(names, tb.Text)
			continue
		}
		others = append(others, b)
	}
	content := others
	if len(names) > 0 {
		content = append(toolkit.Text(strings.Join(names, ", ")), others...)
	}
	return cards.GenericResult{Content: content}, nil
}
