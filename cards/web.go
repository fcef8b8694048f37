package cards

import "encoding/json"

// decodeWeb decodes a web result by its required kind.
func decodeWeb(o *object) (ResultView, error) {
	kind, title, truncated, err := o.variantHead("kind")
	if err != nil {
		return nil, err
	}
	switch kind {
	case "search":
		o.card = "web result (search)"
		return decodeWebSearch(o, WebSearch{Title: title, Truncated: truncated})
	case "fetch":
		o.card = "web result (fetch)"
		return decodeWebFetch(o, WebFetch{Title: title, Truncated: truncated})
	default:
		return nil, o.fail("kind", ErrInvalidValue, quote(kind)+` is not one of "search", "fetch"`)
	}
}

func decodeWebSearch(o *object, v WebSearch) (ResultView, error) {
	items, err := o.requiredArray("sources")
	if err != nil {
		return nil, err
	}
	if v.Sources, err = decodeEach(o, "sources", items, element("web source", webSourceFields)); err != nil {
		return nil, err
	}
	if v.Answer, err = o.str("answer"); err != nil {
		return nil, err
	}
	return v, nil
}

func decodeWebFetch(o *object, v WebFetch) (ResultView, error) {
	var err error
	if v.URL, err = o.nonEmptyStr("url"); err != nil {
		return nil, err
	}
	if v.StatusCode, err = o.requiredInt("statusCode", 0); err != nil {
		return nil, err
	}
	if v.Content, err = decodeContent(o); err != nil {
		return nil, err
	}
	return v, nil
}

// webSourceFields reads the fields of a web source.
func webSourceFields(o *object) (s WebSource, err error) {
	if s.URL, err = o.nonEmptyStr("url"); err != nil {
		return s, err
	}
	if s.Title, err = o.str("title"); err != nil {
		return s, err
	}
	if s.Snippet, err = o.str("snippet"); err != nil {
		return s, err
	}
	s.PublishedAt, err = o.str("publishedAt")
	return s, err
}

// MarshalJSON writes the view with its card tag and kind.
func (v WebSearch) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Card      string      `json:"card"`
		Kind      string      `json:"kind"`
		Title     string      `json:"title,omitempty"`
		Sources   []WebSource `json:"sources"`
		Answer    string      `json:"answer,omitempty"`
		Truncated bool        `json:"truncated"`
	}{v.Card(), "search", v.Title, nonNil(v.Sources), v.Answer, v.Truncated})
}

// MarshalJSON writes the view with its card tag and kind.
func (v WebFetch) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Card       string         `json:"card"`
		Kind       string         `json:"kind"`
		Title      string         `json:"title,omitempty"`
		URL        string         `json:"url"`
		StatusCode int            `json:"statusCode"`
		Truncated  bool           `json:"truncated"`
		Content    []ContentBlock `json:"content,omitempty"`
	}{v.Card(), "fetch", v.Title, v.URL, v.StatusCode, v.Truncated, v.Content})
}
