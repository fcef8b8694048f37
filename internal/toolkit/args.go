package toolkit

import "fmt"

// Within prefixes a non-nil error with the part of the input it is about.
func Within(part string, err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("%s: %w", part, err)
}

// Required returns the value of a field that must be present (not absent
// and not null).
func Required[T any](name string, p *T) (T, error) {
	if p == nil {
		var zero T
		return zero, fmt.Errorf("missing field %q", name)
	}
	return *p, nil
}

// NonEmpty returns the value of a string field that must be present and not
// empty.
func NonEmpty(name string, p *string) (string, error) {
	s, err := Required(name, p)
	if err == nil && s == "" {
		err = fmt.Errorf("field %q is empty", name)
	}
	return s, err
}

// AtLeast checks an optional integer field against its minimum.
func AtLeast(name string, p *int, minimum int) error {
	if p != nil && *p < minimum {
		return fmt.Errorf("field %q is %d, less than %d", name, *p, minimum)
	}
	return nil
}

// ValueOr returns *p, or fallback when the field is absent.
func ValueOr[T any](p *T, fallback T) T {
	if p == nil {
		return fallback
	}
	return *p
}

// OrNil returns nil for an empty slice: the cards codec decodes an empty
// array as nil, so a view says "none" with nil.
func OrNil[T any](s []T) []T {
	if len(s) == 0 {
		return nil
	}
	return s
}
