package native

import (
	"encoding/json"
	"fmt"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/toolkit"
	"github.com/cardtui/cardtui/producers"
)

// The web tools of the native family: web_search and web_fetch.
var (
	webSearchProducer = producers.Producer{PresentCall: presentWebSearchCall, PresentResult: presentWebSearchResult}
	webFetchProducer  = producers.Producer{PresentCall: presentWebFetchCall, PresentResult: presentWebFetchResult}
)

func presentWebSearchCall(args json.RawMessage) (cards.CallView, error) {
	query, err := producers.StringArg(args, "query")
	if err != nil {
		return nil, err
	}
	return cards.GenericCall{
		Title:    `Search the web for "` + query + `"`,
		Kind:     cards.KindFetch,
		RawInput: toolkit.JSONString(query),
	}, nil
}

// presentWebSearchResult draws the sources and answer from the meta
// {sources: [{url, title?, snippet?, publishedAt?}], answer?, truncated};
// without meta the content is shown as it is.
func presentWebSearchResult(args json.RawMessage, r producers.Result) (cards.ResultView, error) {
	if _, err := producers.StringArg(args, "query"); err != nil {
		return nil, err
	}
	if r.IsError || !producers.HasMeta(r) {
		return producers.GenericResult(r), nil
	}
	view, err := webSearchMetaView(r.Meta)
	return view, toolkit.Within("meta", err)
}

func webSearchMetaView(meta json.RawMessage) (cards.ResultView, error) {
	var m struct {
		Sources *[]struct {
			URL         *string `json:"url"`
			Title       *string `json:"title"`
			Snippet     *string `json:"snippet"`
			PublishedAt *string `json:"publishedAt"`
		} `json:"sources"`
		Answer    *string `json:"answer"`
		Truncated *bool   `json:"truncated"`
	}
	if err := producers.DecodeJSON(meta, &m); err != nil {
		return nil, err
	}
	items, err := toolkit.Required("sources", m.Sources)
	if err != nil {
		return nil, err
	}
	v := cards.WebSearch{Answer: toolkit.ValueOr(m.Answer, "")}
	if v.Truncated, err = toolkit.Required("truncated", m.Truncated); err != nil {
		return nil, err
	}
	for i, item := range items {
		url, err := toolkit.NonEmpty("url", item.URL)
		if err != nil {
			return nil, fmt.Errorf("sources[%d]: %w", i, err)
		}
		v.Sources = append(v.Sources, cards.WebSource{
			URL:         url,
			Title:       toolkit.ValueOr(item.Title, ""),
			Snippet:     toolkit.ValueOr(item.Snippet, ""),
			PublishedAt: toolkit.ValueOr(item.PublishedAt, ""),
		})
	}
	return v, nil
}

func presentWebFetchCall(args json.RawMessage) (cards.CallView, error) {
	url, err := producers.StringArg(args, "url")
	if err != nil {
		return nil, err
	}
	return cards.GenericCall{Title: "Fetch " + url, Kind: cards.KindFetch}, nil
}

// presentWebFetchResult draws the fetched URL and HTTP status from the
// meta {url, statusCode, truncated}; without meta the content is shown as
// it is.
func presentWebFetchResult(args json.RawMessage, r producers.Result) (cards.ResultView, error) {
	if _, err := producers.StringArg(args, "url"); err != nil {
		return nil, err
	}
	if r.IsError || !producers.HasMeta(r) {
		return producers.GenericResult(r), nil
	}
	view, err := webFetchMetaView(r.Meta)
	return view, toolkit.Within("meta", err)
}

func webFetchMetaView(meta json.RawMessage) (cards.ResultView, error) {
	var m struct {
		URL        *string `json:"url"`
		StatusCode *int    `json:"statusCode"`
		Truncated  *bool   `json:"truncated"`
	}
	if err := producers.DecodeJSON(meta, &m); err != nil {
		return nil, err
	}
	var v cards.WebFetch
	var err error
	if v.URL, err = toolkit.NonEmpty("url", m.URL); err != nil {
		return nil, err
	}
	if v.StatusCode, err = toolkit.Required("statusCode", m.StatusCode); err != nil {
		return nil, err
	}
	if v.StatusCode < 100 || v.StatusCode > 599 {
		return nil, fmt.Errorf(`field "statusCode": %d is not an HTTP status`, v.StatusCode)
	}
	if v.Truncated, err = toolkit.Required("truncated", m.Truncated); err != nil {
		return nil, err
	}
	return v, nil
}
