package cards

import (
	"encoding/json"
	"fmt"
)

// CheckCall reports whether a call view survives the codec: it returns nil
// when EncodeCall succeeds and DecodeCall reads the encoding back, and
// otherwise the error that encoding or decoding gives. It checks the Go
// value itself — the invariants the decoder enforces: known kinds,
// non-empty paths, 1-based lines, … — so it costs a look at the fields
// rather than a copy of every string; only values it cannot reason about
// (a nil or pointer view, an opaque block) are encoded and decoded.
func CheckCall(v CallView) error {
	switch v := v.(type) {
	case GenericCall:
		if !validRaw(v.RawInput) || !encodable(v.Content) {
			break
		}
		return checkGenericCall(v)
	case TerminalCall:
		return nil
	case DiffCall:
		return checkDiffCall(v)
	}
	return callRoundTrip(v)
}

// CheckResult is CheckCall for a result view.
func CheckResult(v ResultView) error {
	switch v := v.(type) {
	case GenericResult:
		if !encodable(v.Content) {
			break
		}
		return checkContent("generic result", v.Content)
	case TerminalResult:
		return checkTerminalResult(v)
	case DiffResult:
		return checkDiffs("diff result", v.Diffs)
	case ReadResult:
		if !encodable(v.Content) {
			break
		}
		return checkReadResult(v)
	case SearchMatches:
		return checkSearchMatches(v)
	case SearchPaths:
		return checkAtLeast("search result", "total", v.Total, 0)
	case WebSearch:
		return checkWebSearch(v)
	case WebFetch:
		if !encodable(v.Content) {
			break
		}
		return checkWebFetch(v)
	}
	return resultRoundTrip(v)
}

// callRoundTrip encodes and decodes a call view, for the values CheckCall
// does not reason about and for the error of one that does not encode.
func callRoundTrip(v CallView) error {
	data, err := EncodeCall(v)
	if err == nil {
		_, err = DecodeCall(data)
	}
	return err
}

// resultRoundTrip is callRoundTrip for a result view.
func resultRoundTrip(v ResultView) error {
	data, err := EncodeResult(v)
	if err == nil {
		_, err = DecodeResult(data)
	}
	return err
}

// validRaw reports whether raw JSON encodes: it is absent or valid JSON.
func validRaw(raw json.RawMessage) bool {
	return len(raw) == 0 || json.Valid(raw)
}

// encodable reports whether content blocks encode: an opaque block's raw
// JSON must be valid. Blocks of other kinds are checked by checkContent.
func encodable(blocks []ContentBlock) bool {
	for _, b := range blocks {
		if o, ok := b.(OpaqueBlock); ok && !validRaw(o.Raw) {
			return false
		}
	}
	return true
}

// checkGenericCall follows decodeGenericCall.
func checkGenericCall(v GenericCall) error {
	if v.Kind != "" && !v.Kind.Valid() {
		// The decoder names the kind as encoding wrote it: each byte
		// that is not UTF-8 replaced by U+FFFD, as a rune conversion does.
		decoded := string([]rune(string(v.Kind)))
		return &Error{Card: "generic call", Field: "kind", Reason: ErrInvalidValue, Detail: "unknown kind " + quote(decoded)}
	}
	if err := checkContent("generic call", v.Content); err != nil {
		return err
	}
	return checkLocations("generic call", v.Locations)
}

// checkDiffCall follows decodeDiffCall.
func checkDiffCall(v DiffCall) error {
	if err := checkDiffs("diff call", v.Diffs); err != nil {
		return err
	}
	return checkLocations("diff call", v.Locations)
}

// checkContent follows decodeContent. Text and image blocks always decode;
// any other block is encoded and decoded on its own, as it would be inside
// the view.
func checkContent(card string, blocks []ContentBlock) error {
	for i, b := range blocks {
		if err := checkBlock(b); err != nil {
			return within(err, card, fmt.Sprintf("content[%d]", i))
		}
	}
	return nil
}

// checkBlock checks one block: an opaque block (or a nil one, which
// encodes as null) must read back as a block.
func checkBlock(b ContentBlock) error {
	switch b := b.(type) {
	case TextBlock:
		if b.Markdown && b.Lang != "" {
			return &Error{Card: "ContentBlock", Field: "lang", Reason: ErrExclusive, Detail: "a Markdown block has no language"}
		}
		return nil
	case ImageBlock:
		return nil
	case OpaqueBlock, nil:
		data, err := json.Marshal(b)
		if err == nil {
			_, err = DecodeContentBlock(data)
		}
		return err
	}
	return nil // unreachable: the switch above is exhaustive
}

// checkLocations follows decodeLocations and DecodeFileLocation.
func checkLocations(card string, locs []FileLocation) error {
	for i, l := range locs {
		err := checkNonEmpty("FileLocation", "path", l.Path)
		if err == nil {
			err = checkOmittedZero("FileLocation", "line", l.Line, 1)
		}
		if err != nil {
			return within(err, card, fmt.Sprintf("locations[%d]", i))
		}
	}
	return nil
}

// checkDiffs follows decodeDiffs and DecodeFileDiff: oldText is always
// written (null for a new file) and 0 starts are left out.
func checkDiffs(card string, diffs []FileDiff) error {
	for i, d := range diffs {
		err := checkNonEmpty("FileDiff", "path", d.Path)
		if err == nil {
			err = checkOmittedZero("FileDiff", "oldStart", d.OldStart, 1)
		}
		if err == nil {
			err = checkOmittedZero("FileDiff", "newStart", d.NewStart, 1)
		}
		if field, detail := asOnTheWire(d).checkHunk(); err == nil && field != "" {
			err = &Error{Card: "FileDiff", Field: field, Reason: ErrInvalidValue, Detail: detail}
		}
		if err != nil {
			return within(err, card, fmt.Sprintf("diffs[%d]", i))
		}
	}
	return nil
}

// asOnTheWire is the FileDiff as decoding its encoding gives it: each
// byte of invalid UTF-8 in its texts becomes U+FFFD, as encoding/json
// writes it (and as ranging over a string reads it).
func asOnTheWire(d FileDiff) FileDiff {
	valid := func(s string) string { return string([]rune(s)) }
	if d.OldText != nil {
		old := valid(*d.OldText)
		d.OldText = &old
	}
	d.NewText = valid(d.NewText)
	lines := make([]string, len(d.Lines))
	for i, l := range d.Lines {
		lines[i] = valid(l)
	}
	d.Lines = lines
	return d
}

// checkTerminalResult follows decodeTerminalResult.
func checkTerminalResult(v TerminalResult) error {
	if field, detail := terminalConflict(v); field != "" {
		return &Error{Card: "terminal result", Field: field, Reason: ErrExclusive, Detail: detail}
	}
	return nil
}

// terminalConflict names the field of a terminal result that contradicts
// another, and how; "" when none does.
func terminalConflict(v TerminalResult) (field, detail string) {
	switch {
	case v.ExitCode != nil && v.Signal != "":
		return "exitCode", "exitCode and signal are both set"
	case v.Running && (v.ExitCode != nil || v.Signal != ""):
		return "running", "a running command has no exit status yet"
	}
	return "", ""
}

// checkReadResult follows decodeReadResult.
func checkReadResult(v ReadResult) error {
	const card = "read result"
	if err := checkNonEmpty(card, "path", v.Path); err != nil {
		return err
	}
	if err := checkAtLeast(card, "offset", v.Offset, 0); err != nil {
		return err
	}
	for i, l := range v.Lines {
		if err := checkAtLeast("read line", "number", l.Number, 1); err != nil {
			return within(err, card, fmt.Sprintf("lines[%d]", i))
		}
	}
	if err := checkAtLeast(card, "totalLines", v.TotalLines, 0); err != nil {
		return err
	}
	return checkContent(card, v.Content)
}

// checkSearchMatches follows decodeSearch, decodeSearchFile and
// decodeSearchMatch.
func checkSearchMatches(v SearchMatches) error {
	if err := checkAtLeast("search result", "total", v.Total, 0); err != nil {
		return err
	}
	for i, f := range v.Files {
		if err := checkSearchFile(f); err != nil {
			return within(err, "search result (matches)", fmt.Sprintf("files[%d]", i))
		}
	}
	return nil
}

func checkSearchFile(f SearchFile) error {
	if err := checkNonEmpty("search file", "path", f.Path); err != nil {
		return err
	}
	for i, m := range f.Matches {
		if err := checkAtLeast("search match", "lineNumber", m.LineNumber, 1); err != nil {
			return within(err, "search file", fmt.Sprintf("matches[%d]", i))
		}
	}
	return nil
}

// checkWebSearch follows decodeWebSearch and decodeWebSource.
func checkWebSearch(v WebSearch) error {
	for i, s := range v.Sources {
		if err := checkNonEmpty("web source", "url", s.URL); err != nil {
			return within(err, "web result (search)", fmt.Sprintf("sources[%d]", i))
		}
	}
	return nil
}

// checkWebFetch follows decodeWebFetch.
func checkWebFetch(v WebFetch) error {
	const card = "web result (fetch)"
	if err := checkNonEmpty(card, "url", v.URL); err != nil {
		return err
	}
	if err := checkAtLeast(card, "statusCode", v.StatusCode, 0); err != nil {
		return err
	}
	return checkContent(card, v.Content)
}

// checkNonEmpty is the check of object.nonEmptyStr for a field that is
// always written.
func checkNonEmpty(card, field, s string) error {
	if s == "" {
		return &Error{Card: card, Field: field, Reason: ErrInvalidValue, Detail: "must not be empty"}
	}
	return nil
}

// checkAtLeast is the check of object.atLeast for a field that is always
// written.
func checkAtLeast(card, field string, n, min int) error {
	if n < min {
		return &Error{Card: card, Field: field, Reason: ErrInvalidValue, Detail: fmt.Sprintf("%d is less than %d", n, min)}
	}
	return nil
}

// checkOmittedZero is checkAtLeast for a field that is left out when it
// is 0, which then passes.
func checkOmittedZero(card, field string, n, min int) error {
	if n == 0 {
		return nil
	}
	return checkAtLeast(card, field, n, min)
}
