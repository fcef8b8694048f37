package native

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/toolkit"
	"github.com/cardtui/cardtui/producers"
)

// The search tools of the native family: glob finds paths, grep matching
// lines. Both take a pattern and an optional path to search under.
var (
	globProducer = producers.Producer{PresentCall: searchCall("Glob"), PresentResult: presentSearchResult}
	grepProducer = producers.Producer{PresentCall: searchCall("Grep"), PresentResult: presentSearchResult}
)

// searchCall presents a call as "<verb> <pattern>", plus " in <path>" when
// a path is given, with all the arguments as its input.
func searchCall(verb string) func(json.RawMessage) (cards.CallView, error) {
	return func(args json.RawMessage) (cards.CallView, error) {
		var raw struct {
			Pattern *string `json:"pattern"`
			Path    *string `json:"path"`
		}
		err := producers.DecodeCheckedArgs(args, &raw)
		var pattern string
		if err == nil {
			pattern, err = toolkit.NonEmpty("pattern", raw.Pattern)
			err = toolkit.Within("arguments", err)
		}
		if err != nil {
			return nil, err
		}
		title := verb + " " + pattern
		if path := toolkit.ValueOr(raw.Path, ""); path != "" {
			title += " in " + path
		}
		input, err := toolkit.CanonicalJSON(args)
		if err != nil {
			return nil, err
		}
		return cards.GenericCall{Title: title, Kind: cards.KindSearch, RawInput: input}, nil
	}
}

// presentSearchResult draws the search card from the meta {shape, paths or
// files, truncated, total}; without meta the content is shown as it is.
// Either tool may give either shape (grep can list files only).
func presentSearchResult(_ json.RawMessage, r producers.Result) (cards.ResultView, error) {
	if r.IsError || !producers.HasMeta(r) {
		return producers.GenericResult(r), nil
	}
	view, err := searchMetaView(r.Meta)
	return view, toolkit.Within("meta", err)
}

// searchFile and searchMatch are the meta's grouping of matches by file.
type searchFile struct {
	Path    *string        `json:"path"`
	Matches *[]searchMatch `json:"matches"`
}

type searchMatch struct {
	LineNumber *int    `json:"lineNumber"`
	Line       *string `json:"line"`
}

func searchMetaView(meta json.RawMessage) (cards.ResultView, error) {
	var m struct {
		Shape     *string       `json:"shape"`
		Paths     *[]string     `json:"paths"`
		Files     *[]searchFile `json:"files"`
		Truncated *bool         `json:"truncated"`
		Total     *int          `json:"total"`
	}
	if err := producers.DecodeJSON(meta, &m); err != nil {
		return nil, err
	}
	shape, err := toolkit.Required("shape", m.Shape)
	if err != nil {
		return nil, err
	}
	truncated, err := toolkit.Required("truncated", m.Truncated)
	if err != nil {
		return nil, err
	}
	total, err := toolkit.Required("total", m.Total)
	if err != nil {
		return nil, err
	}
	switch shape {
	case "paths":
		paths, err := toolkit.Required("paths", m.Paths)
		if err != nil {
			return nil, err
		}
		return cards.SearchPaths{Paths: toolkit.OrNil(paths), Truncated: truncated, Total: total}, checkTotal(total, len(paths), "paths")
	case "matches":
		files, listed, err := searchFiles(m.Files)
		if err != nil {
			return nil, err
		}
		return cards.SearchMatches{Files: files, Truncated: truncated, Total: total}, checkTotal(total, listed, "matches")
	default:
		return nil, fmt.Errorf(`field "shape": %q is not "paths" or "matches"`, shape)
	}
}

// searchFiles converts the files of a matches meta and counts the matches
// they list.
func searchFiles(p *[]searchFile) ([]cards.SearchFile, int, error) {
	items, err := toolkit.Required("files", p)
	if err != nil {
		return nil, 0, err
	}
	var files []cards.SearchFile
	listed := 0
	for i, item := range items {
		f, err := searchFileView(item)
		if err != nil {
			return nil, 0, fmt.Errorf("files[%d]: %w", i, err)
		}
		files = append(files, f)
		listed += len(f.Matches)
	}
	return files, listed, nil
}

func searchFileView(item searchFile) (cards.SearchFile, error) {
	path, err := toolkit.NonEmpty("path", item.Path)
	if err != nil {
		return cards.SearchFile{}, err
	}
	matches, err := toolkit.Required("matches", item.Matches)
	if err != nil {
		return cards.SearchFile{}, err
	}
	f := cards.SearchFile{Path: path}
	for i, m := range matches {
		number, err := toolkit.Required("lineNumber", m.LineNumber)
		if err == nil {
			err = toolkit.AtLeast("lineNumber", m.LineNumber, 1)
		}
		line, lineErr := toolkit.Required("line", m.Line)
		if err = errors.Join(err, lineErr); err != nil {
			return cards.SearchFile{}, fmt.Errorf("matches[%d]: %w", i, err)
		}
		f.Matches = append(f.Matches, cards.SearchMatch{LineNumber: number, Line: line})
	}
	return f, nil
}

// checkTotal requires the total to count at least what is listed.
func checkTotal(total, listed int, what string) error {
	if total < listed {
		return fmt.Errorf(`field "total": %d is less than the %d %s listed`, total, listed, what)
	}
	return nil
}
