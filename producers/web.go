package producers

import (
	"encoding/json"
	"fmt"

	"github.com/cardtui/cardtui/cards"
)

// The web tools of the native family: web_search and web_fetch.
var (
	webSearchProducer = Producer{PresentCall: presentWebSearchCall, PresentResult: presentWebSearchResult}
	webFetchProducer  = Producer{PresentCall: presentWebFetchCall, PresentResult: presentWebFetchResult}
)

// StringArg reads one required, non-empty string argument.
func StringArg(args json.RawMessage, name string) (string, error) {
	var raw map[string]json.RawMessage
	if err := DecodeCheckedArgs(args, &raw); err != nil {
		return "", err
	}
	var value *string
	if field, ok := raw[name]; ok {
		if err := DecodeJSON(field, &value); err != nil {
			return "", Within("arguments", fmt.Errorf("field %q: %w", name, err))
		}
	}
	s, err := NonEmpty(name, value)
	return s, Within("arguments", err)
}

func presentWebSearchCall(args json.RawMessage) (cards.CallView, error) {
	query, err := StringArg(args, "query")
	if err != nil {
		return nil, err
	}
	return cards.GenericCall{
		Title:    `Search the web for "` + query + `"`,
		Kind:     cards.KindFetch,
		RawInput: JSONString(query),
	}, nil
}

// presentWebSearchResult draws the sources and answer from the meta
// {sources: [{url, title?, snippet?, publishedAt?}], answer?, truncated};
// without meta the content is shown as it is.
func presentWebSearchResult(args json.RawMessage, r Result) (cards.ResultView, error) {
	if _, err := StringArg(args, "query"); err != nil {
		return nil, err
	}
	if r.IsError || !HasMeta(r) {
		return GenericResult(r), nil
	}
	view, err := webSearchMetaView(r.Meta)
	return view, Within("meta", err)
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
	if err := DecodeJSON(meta, &m); err != nil {
		return nil, err
	}
	items, err := Required("sources", m.Sources)
	if err != nil {
		return nil, err
	}
	v := cards.WebSearch{Answer: ValueOr(m.Answer, "")}
	if v.Truncated, err = Required("truncated", m.Truncated); err != nil {
		return nil, err
	}
	for i, item := range items {
		url, err := NonEmpty("url", item.URL)
		if err != nil {
			return nil, fmt.Errorf("sources[%d]: %w", i, err)
		}
		v.Sources = append(v.Sources, cards.WebSource{
			URL:         url,
			Title:       ValueOr(item.Title, ""),
			Snippet:     ValueOr(item.Snippet, ""),
			PublishedAt: ValueOr(item.PublishedAt, ""),
		})
	}
	return v, nil
}

func presentWebFetchCall(args json.RawMessage) (cards.CallView, error) {
	url, err := StringArg(args, "url")
	if err != nil {
		return nil, err
	}
	return cards.GenericCall{Title: "Fetch " + url, Kind: cards.KindFetch}, nil
}

// presentWebFetchResult draws the fetched URL and HTTP status from the
// meta {url, statusCode, truncated}; without meta the content is shown as
// it is.
func presentWebFetchResult(args json.RawMessage, r Result) (cards.ResultView, error) {
	if _, err := StringArg(args, "url"); err != nil {
		return nil, err
	}
	if r.IsError || !HasMeta(r) {
		return GenericResult(r), nil
	}
	view, err := webFetchMetaView(r.Meta)
	return view, Within("meta", err)
}

func webFetchMetaView(meta json.RawMessage) (cards.ResultView, error) {
	var m struct {
		URL        *string `json:"url"`
		StatusCode *int    `json:"statusCode"`
		Truncated  *bool   `json:"truncated"`
	}
	if err := DecodeJSON(meta, &m); err != nil {
		return nil, err
	}
	var v cards.WebFetch
	var err error
	if v.URL, err = NonEmpty("url", m.URL); err != nil {
		return nil, err
	}
	if v.StatusCode, err = Required("statusCode", m.StatusCode); err != nil {
		return nil, err
	}
	if v.StatusCode < 100 || v.StatusCode > 599 {
		return nil, fmt.Errorf(`field "statusCode": %d is not an HTTP status`, v.StatusCode)
	}
	if v.Truncated, err = Required("truncated", m.Truncated); err != nil {
		return nil, err
	}
	return v, nil
}
