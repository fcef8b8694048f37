package cards

import (
	"encoding/json"
)

// ResultView is what a tool's presentResult returns: one of GenericResult,
// TerminalResult, DiffResult, ReadResult, SearchMatches, SearchPaths,
// WebSearch or WebFetch.
//
//sumtype:decl
type ResultView interface {
	resultView()
	// Card is the variant's discriminator on the wire.
	Card() string
}

// GenericResult is a result drawn as its content: text blocks plain or
// Markdown as each says (TextBlock), and images.
type GenericResult struct {
	Title   string
	Content []ContentBlock
}

// TerminalResult is the output and exit status of a command. At most one of
// ExitCode and Signal is set; neither means the status is unknown.
//
// A command whose output streams in sends a result with Running set, the
// output so far, as often as it likes: the card stays running until a
// result without Running (with the exit status, when it is known) says it
// ended. Running excludes ExitCode and Signal.
type TerminalResult struct {
	Title    string
	Output   string
	ExitCode *int
	Signal   string
	Running  bool
}

// DiffResult holds the hunks a change applied (each FileDiff one hunk with
// its context) or whole-file diffs; an empty one ends a DiffCall applied
// as proposed.
type DiffResult struct {
	Title string
	Diffs []FileDiff
}

// ReadLine is one numbered line of a file.
type ReadLine struct {
	Number int    `json:"number"`
	Text   string `json:"text"`
}

// ReadResult is a window of a file's lines.
type ReadResult struct {
	Title      string
	Path       string
	Offset     int
	Lines      []ReadLine
	TotalLines int
	Lang       string
	Content    []ContentBlock
}

// SearchMatch is one matching line of a file.
type SearchMatch struct {
	LineNumber int    `json:"lineNumber"`
	Line       string `json:"line"`
}

// SearchFile groups the matches found in one file.
type SearchFile struct {
	Path    string        `json:"path"`
	Matches []SearchMatch `json:"matches"`
}

// SearchMatches is a content search result (shape "matches"); Total counts
// all matches, of which only some may be listed when Truncated.
type SearchMatches struct {
	Title     string
	Files     []SearchFile
	Truncated bool
	Total     int
}

// SearchPaths is a file-name search result (shape "paths").
type SearchPaths struct {
	Title     string
	Paths     []string
	Truncated bool
	Total     int
}

// WebSource is one source a web search found.
type WebSource struct {
	URL         string `json:"url"`
	Title       string `json:"title,omitempty"`
	Snippet     string `json:"snippet,omitempty"`
	PublishedAt string `json:"publishedAt,omitempty"`
}

// WebSearch is a web search result (kind "search").
type WebSearch struct {
	Title     string
	Sources   []WebSource
	Answer    string
	Truncated bool
}

// WebFetch is a fetched page (kind "fetch"); Content is what the tool
// made of the page, when it gives it (a page converted to Markdown says
// so in its text blocks).
type WebFetch struct {
	Title      string
	URL        string
	StatusCode int
	Truncated  bool
	Content    []ContentBlock
}

func (GenericResult) resultView()  {}
func (TerminalResult) resultView() {}
func (DiffResult) resultView()     {}
func (ReadResult) resultView()     {}
func (SearchMatches) resultView()  {}
func (SearchPaths) resultView()    {}
func (WebSearch) resultView()      {}
func (WebFetch) resultView()       {}

// Card returns "generic".
func (GenericResult) Card() string { return "generic" }

// Card returns "terminal".
func (TerminalResult) Card() string { return "terminal" }

// Card returns "diff".
func (DiffResult) Card() string { return "diff" }

// Card returns "read".
func (ReadResult) Card() string { return "read" }

// Card returns "search".
func (SearchMatches) Card() string { return "search" }

// Card returns "search".
func (SearchPaths) Card() string { return "search" }

// Card returns "web".
func (WebSearch) Card() string { return "web" }

// Card returns "web".
func (WebFetch) Card() string { return "web" }

// EncodeResult writes a result view as JSON with its card tag.
func EncodeResult(v ResultView) ([]byte, error) { return json.Marshal(v) }

// DecodeResult decodes a result view strictly (see the package doc).
func DecodeResult(data []byte) (ResultView, error) {
	o, card, err := parseTagged(data, "result view", "result",
		[]string{"generic", "terminal", "diff", "read", "search", "web"})
	if err != nil {
		return nil, err
	}
	var v ResultView
	switch card {
	case "generic":
		v, err = decodeGenericResult(o)
	case "terminal":
		v, err = decodeTerminalResult(o)
	case "diff":
		v, err = decodeDiffResult(o)
	case "read":
		v, err = decodeReadResult(o)
	case "search":
		v, err = decodeSearch(o)
	default:
		v, err = decodeWeb(o)
	}
	if err != nil {
		return nil, err
	}
	if err := o.check(); err != nil {
		return nil, err
	}
	return v, nil
}

func decodeGenericResult(o *object) (ResultView, error) {
	var v GenericResult
	var err error
	if v.Title, err = o.str("title"); err != nil {
		return nil, err
	}
	if v.Content, err = decodeContent(o); err != nil {
		return nil, err
	}
	return v, nil
}

func decodeTerminalResult(o *object) (ResultView, error) {
	var v TerminalResult
	var err error
	if v.Title, err = o.str("title"); err != nil {
		return nil, err
	}
	if v.Output, err = o.str("output"); err != nil {
		return nil, err
	}
	code, hasCode, err := o.integer("exitCode")
	if err != nil {
		return nil, err
	}
	if v.Signal, err = o.str("signal"); err != nil {
		return nil, err
	}
	if v.Running, err = o.optionalBool("running"); err != nil {
		return nil, err
	}
	if hasCode {
		v.ExitCode = &code
	}
	if field, detail := terminalConflict(v); field != "" {
		return nil, o.fail(field, ErrExclusive, detail)
	}
	return v, nil
}

func decodeDiffResult(o *object) (ResultView, error) {
	var v DiffResult
	var err error
	if v.Title, err = o.str("title"); err != nil {
		return nil, err
	}
	if v.Diffs, err = decodeDiffs(o); err != nil {
		return nil, err
	}
	return v, nil
}

func decodeReadResult(o *object) (ResultView, error) {
	var v ReadResult
	var err error
	if v.Title, err = o.str("title"); err != nil {
		return nil, err
	}
	if v.Path, err = o.nonEmptyStr("path"); err != nil {
		return nil, err
	}
	if v.Offset, err = o.requiredInt("offset", 0); err != nil {
		return nil, err
	}
	items, err := o.requiredArray("lines")
	if err != nil {
		return nil, err
	}
	if v.Lines, err = decodeEach(o, "lines", items, element("read line", readLineFields)); err != nil {
		return nil, err
	}
	if v.TotalLines, err = o.requiredInt("totalLines", 0); err != nil {
		return nil, err
	}
	if v.Lang, err = o.str("lang"); err != nil {
		return nil, err
	}
	if v.Content, err = decodeContent(o); err != nil {
		return nil, err
	}
	return v, nil
}

// readLineFields reads the fields of a read line.
func readLineFields(o *object) (l ReadLine, err error) {
	if l.Number, err = o.requiredInt("number", 1); err != nil {
		return l, err
	}
	l.Text, err = o.requiredStr("text")
	return l, err
}

// MarshalJSON writes the view with its card tag.
func (v GenericResult) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Card    string         `json:"card"`
		Title   string         `json:"title,omitempty"`
		Content []ContentBlock `json:"content,omitempty"`
	}{v.Card(), v.Title, v.Content})
}

// MarshalJSON writes the view with its card tag.
func (v TerminalResult) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Card     string `json:"card"`
		Title    string `json:"title,omitempty"`
		Output   string `json:"output,omitempty"`
		ExitCode *int   `json:"exitCode,omitempty"`
		Signal   string `json:"signal,omitempty"`
		Running  bool   `json:"running,omitempty"`
	}{v.Card(), v.Title, v.Output, v.ExitCode, v.Signal, v.Running})
}

// MarshalJSON writes the view with its card tag.
func (v DiffResult) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Card  string     `json:"card"`
		Title string     `json:"title,omitempty"`
		Diffs []FileDiff `json:"diffs"`
	}{v.Card(), v.Title, nonNil(v.Diffs)})
}

// MarshalJSON writes the view with its card tag.
func (v ReadResult) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Card       string         `json:"card"`
		Title      string         `json:"title,omitempty"`
		Path       string         `json:"path"`
		Offset     int            `json:"offset"`
		Lines      []ReadLine     `json:"lines"`
		TotalLines int            `json:"totalLines"`
		Lang       string         `json:"lang,omitempty"`
		Content    []ContentBlock `json:"content,omitempty"`
	}{v.Card(), v.Title, v.Path, v.Offset, nonNil(v.Lines), v.TotalLines, v.Lang, v.Content})
}
