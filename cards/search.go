package cards

import "encoding/json"

// decodeSearch decodes a search result by its required shape.
func decodeSearch(o *object) (ResultView, error) {
	shape, title, truncated, err := o.variantHead("shape")
	if err != nil {
		return nil, err
	}
	total, err := o.requiredInt("total", 0)
	if err != nil {
		return nil, err
	}
	switch shape {
	case "matches":
		o.card = "search result (matches)"
		items, err := o.requiredArray("files")
		if err != nil {
			return nil, err
		}
		files, err := decodeEach(o, "files", items, element("search file", searchFileFields))
		return SearchMatches{Title: title, Files: files, Truncated: truncated, Total: total}, err
	case "paths":
		o.card = "search result (paths)"
		items, err := o.requiredArray("paths")
		if err != nil {
			return nil, err
		}
		paths, err := decodeEach(o, "paths", items, decodeString)
		return SearchPaths{Title: title, Paths: paths, Truncated: truncated, Total: total}, err
	default:
		return nil, o.fail("shape", ErrInvalidValue, quote(shape)+` is not one of "matches", "paths"`)
	}
}

func decodeString(data []byte) (string, error) {
	var s string
	if ValidJSONType(data) != "a string" || json.Unmarshal(data, &s) != nil {
		return "", &Error{Card: "path", Reason: ErrWrongType, Detail: "want a string, found " + ValidJSONType(data)}
	}
	return s, nil
}

// searchFileFields reads the fields of a search file.
func searchFileFields(o *object) (f SearchFile, err error) {
	if f.Path, err = o.nonEmptyStr("path"); err != nil {
		return f, err
	}
	items, err := o.requiredArray("matches")
	if err != nil {
		return f, err
	}
	f.Matches, err = decodeEach(o, "matches", items, element("search match", searchMatchFields))
	return f, err
}

// searchMatchFields reads the fields of a search match.
func searchMatchFields(o *object) (m SearchMatch, err error) {
	if m.LineNumber, err = o.requiredInt("lineNumber", 1); err != nil {
		return m, err
	}
	m.Line, err = o.requiredStr("line")
	return m, err
}

// MarshalJSON writes the view with its card tag and shape.
func (v SearchMatches) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Card      string       `json:"card"`
		Shape     string       `json:"shape"`
		Title     string       `json:"title,omitempty"`
		Files     []SearchFile `json:"files"`
		Truncated bool         `json:"truncated"`
		Total     int          `json:"total"`
	}{v.Card(), "matches", v.Title, nonNil(v.Files), v.Truncated, v.Total})
}

// MarshalJSON writes the view with its card tag and shape.
func (v SearchPaths) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Card      string   `json:"card"`
		Shape     string   `json:"shape"`
		Title     string   `json:"title,omitempty"`
		Paths     []string `json:"paths"`
		Truncated bool     `json:"truncated"`
		Total     int      `json:"total"`
	}{v.Card(), "paths", v.Title, nonNil(v.Paths), v.Truncated, v.Total})
}

// MarshalJSON writes the file with a non-null matches array.
func (f SearchFile) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Path    string        `json:"path"`
		Matches []SearchMatch `json:"matches"`
	}{f.Path, nonNil(f.Matches)})
}
