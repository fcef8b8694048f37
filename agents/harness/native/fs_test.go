package native_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/producertest"
	"github.com/cardtui/cardtui/producers"
)

func TestReadCall(t *testing.T) {
	cases := []struct {
		name  string
		args  string
		title string
		line  int
	}{
		{"whole file", `{"file_path":"a.go"}`, "Read a.go", 1},
		{"offset and limit", `{"file_path":"a.go","offset":5,"limit":4}`, "Read a.go (5 - 8)", 5},
		{"offset alone", `{"file_path":"a.go","offset":5}`, "Read a.go (from line 5)", 5},
		{"offset 1 alone", `{"file_path":"a.go","offset":1}`, "Read a.go (from line 1)", 1},
		{"limit alone starts at line 1", `{"file_path":"a.go","limit":10}`, "Read a.go (1 - 10)", 1},
		{"limit of one line", `{"file_path":"a.go","offset":7,"limit":1}`, "Read a.go (7 - 7)", 7},
		{"limit 0 is no limit", `{"file_path":"a.go","offset":5,"limit":0}`, "Read a.go (from line 5)", 5},
		{"null offset is no offset", `{"file_path":"a.go","offset":null}`, "Read a.go", 1},
		{"unknown arguments are ignored", `{"file_path":"a.go","hash":"x"}`, "Read a.go", 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			require.Equal(t, cards.GenericCall{
				Title:     c.title,
				Kind:      cards.KindRead,
				Locations: []cards.FileLocation{{Path: "a.go", Line: c.line}},
			}, call(t, "read", c.args))
		})
	}
}

// TestFileToolsRejectBadArguments: arguments a tool would refuse give the
// fallback card, with the reason.
func TestFileToolsRejectBadArguments(t *testing.T) {
	cases := []struct {
		tool, args, reason string
	}{
		{"read", `{}`, `missing field "file_path"`},
		{"read", `{"file_path":""}`, `field "file_path" is empty`},
		{"read", `{"file_path":7}`, `want a string, found number`},
		{"read", `{"file_path":"a.go","offset":0}`, `field "offset" is 0, less than 1`},
		{"read", `{"file_path":"a.go","offset":"5"}`, `field "offset": want an integer, found string`},
		{"read", `{"file_path":"a.go","limit":-1}`, `field "limit" is -1, less than 0`},
		{"read", `{"file_path":"a.go","offset":1.5}`, `want an integer, found number 1.5`},
		{"write", `{"file_path":"a.go"}`, `missing field "content"`},
		{"write", `{"content":"x"}`, `missing field "file_path"`},
		{"edit", `{"file_path":"a.go","new_string":"x"}`, `missing field "old_string"`},
		{"edit", `{"file_path":"a.go","old_string":"x"}`, `missing field "new_string"`},
		{"edit", `{"file_path":"a.go","old_string":null,"new_string":"x"}`, `missing field "old_string"`},
	}
	for _, c := range cases {
		t.Run(c.tool+" "+c.args, func(t *testing.T) {
			view := call(t, c.tool, c.args)
			producertest.RequireFallbackNote(t, view, "arguments", c.reason)
			require.Equal(t, c.tool, view.(cards.GenericCall).Title)
			producertest.RequireFallbackNote(t, result(t, c.tool, c.args, textResult("done")), c.reason)
		})
	}
}

const readA = `{"file_path":"a.go","offset":5,"limit":2}`

func TestReadResult(t *testing.T) {
	meta := `{"path":"/w/a.go","offset":5,"lines":[{"number":5,"text":"func a() {"},{"number":6,"text":"}"}],"totalLines":9,"lang":"go"}`
	require.Equal(t, cards.ReadResult{
		Path: "/w/a.go", Offset: 5, TotalLines: 9, Lang: "go",
		Lines: []cards.ReadLine{{Number: 5, Text: "func a() {"}, {Number: 6, Text: "}"}},
	}, result(t, "read", readA, withMeta("<path>/w/a.go</path>…", meta)))
}

func TestReadResultOfAnEmptyFile(t *testing.T) {
	view := result(t, "read", `{"file_path":"e"}`, withMeta("…", `{"path":"/w/e","offset":1,"lines":[],"totalLines":0}`))
	require.Equal(t, cards.ReadResult{Path: "/w/e", Offset: 1}, view)
}

func TestReadResultWithoutMetaShowsTheContent(t *testing.T) {
	r := textResult("<path>/w/dir</path>\n<type>directory</type>")
	require.Equal(t, cards.GenericResult{Content: r.Content}, result(t, "read", readA, r))
}

func TestReadErrorShowsTheError(t *testing.T) {
	view := result(t, "read", readA, failed(`Error: cannot read "a.go": not found`, "FsError (FS_NOT_FOUND)"))
	require.Equal(t, cards.GenericResult{Content: []cards.ContentBlock{
		cards.TextBlock{Text: `Error: cannot read "a.go": not found`},
		cards.TextBlock{Text: "Tool error: FsError (FS_NOT_FOUND)"},
	}}, view)
}

// TestReadResultRejectsBadMeta: metadata that does not describe a read
// window falls back to the content with a note, not to a nonsense card.
func TestReadResultRejectsBadMeta(t *testing.T) {
	cases := []struct {
		name, meta, reason string
	}{
		{"not JSON", `{"path":`, "not valid JSON"},
		{"an array", `[1]`, "want an object, found array"},
		{"no path", `{"offset":1,"lines":[],"totalLines":0}`, `missing field "path"`},
		{"empty path", `{"path":"","offset":1,"lines":[],"totalLines":0}`, `field "path" is empty`},
		{"no lines", `{"path":"a","offset":1,"totalLines":0}`, `missing field "lines"`},
		{"no totalLines (byte-capped read)", `{"path":"a","offset":1,"lines":[]}`, `missing field "totalLines"`},
		{"offset 0", `{"path":"a","offset":0,"lines":[],"totalLines":0}`, `field "offset" is 0`},
		{"a line without text", `{"path":"a","offset":1,"lines":[{"number":1}],"totalLines":1}`, `lines[0]: missing field "text"`},
		{"a gap in the lines", `{"path":"a","offset":1,"lines":[{"number":1,"text":""},{"number":3,"text":""}],"totalLines":3}`, "lines[1]: is 3, want 2"},
		{"lines before the offset", `{"path":"a","offset":4,"lines":[{"number":1,"text":""}],"totalLines":3}`, "lines[0]: is 1, want 4"},
		{"lines past the end", `{"path":"a","offset":1,"lines":[{"number":1,"text":""}],"totalLines":0}`, "past totalLines 0"},
		{"a string for a number", `{"path":"a","offset":"1","lines":[],"totalLines":0}`, `field "offset": want an integer, found string`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			view := result(t, "read", readA, withMeta("content", c.meta))
			producertest.RequireFallbackNote(t, view, "meta", c.reason)
			require.Equal(t, "content", producertest.Texts(view.(cards.GenericResult).Content)[0])
		})
	}
}

func TestWriteCall(t *testing.T) {
	require.Equal(t, cards.DiffCall{
		Title:     "Write a.go",
		Diffs:     []cards.FileDiff{{Path: "a.go", NewText: "package a\n"}},
		Locations: []cards.FileLocation{{Path: "a.go"}},
	}, call(t, "write", `{"file_path":"a.go","content":"package a\n"}`))
}

func TestWriteResult(t *testing.T) {
	args := `{"file_path":"a.go","content":"package b\n"}`
	wholeFile := cards.DiffResult{Title: "Write a.go", Diffs: []cards.FileDiff{{Path: "a.go", NewText: "package b\n"}}}
	created := cards.DiffResult{Title: "Write a.go", Diffs: []cards.FileDiff{{Path: "a.go", NewText: "package b\n", NewStart: 1}}}
	cases := []struct {
		name string
		r    producers.Result
		want cards.ResultView
	}{
		{
			"applied hunk of an overwrite", withMeta("Updated file",
				`{"diffs":[{"path":"a.go","oldText":"package a","newText":"package b","oldStart":1,"newStart":1}],"operation":"update"}`),
			cards.DiffResult{Title: "Write a.go", Diffs: []cards.FileDiff{
				{Path: "a.go", OldText: ptr("package a"), NewText: "package b", OldStart: 1, NewStart: 1},
			}},
		},
		{"a create has no hunks", withMeta("Created file", `{"diffs":[]}`), created},
		{"no meta", textResult("Created file"), created},
		{"null meta", withMeta("Created file", `null`), created},
		{"an overwrite without hunks has no before-image", withMeta("<path>/a.go</path>\n<type>file</type>\n<content>\nUpdated file\n</content>", `{"diffs":[]}`), wholeFile},
		{"the harness's wrapping", textResult("<path>/a.go</path>\n<type>file</type>\n<content>\nCreated file\n</content>"), created},
		{"error", failed("Error: denied", ""), cards.GenericResult{Content: []cards.ContentBlock{cards.TextBlock{Text: "Error: denied"}}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			require.Equal(t, c.want, result(t, "write", args, c.r))
		})
	}
}

func TestEditCall(t *testing.T) {
	t.Run("replacement", func(t *testing.T) {
		require.Equal(t, cards.DiffCall{
			Title:     "Edit a.go",
			Diffs:     []cards.FileDiff{{Path: "a.go", OldText: ptr("old"), NewText: "new"}},
			Locations: []cards.FileLocation{{Path: "a.go"}},
		}, call(t, "edit", `{"file_path":"a.go","old_string":"old","new_string":"new","replace_all":true}`))
	})
	t.Run("an empty old_string has no before-text", func(t *testing.T) {
		view := call(t, "edit", `{"file_path":"a.go","old_string":"","new_string":"new"}`)
		require.Nil(t, view.(cards.DiffCall).Diffs[0].OldText)
	})
}

// TestEditResultHasOneHunkPerSite: a replace_all edit reports each
// replaced site as its own hunk, with its context and line numbers.
func TestEditResultHasOneHunkPerSite(t *testing.T) {
	args := `{"file_path":"a.go","old_string":"x","new_string":"y","replace_all":true}`
	meta := `{"diffs":[
		{"path":"a.go","oldText":"a\nx\nb","newText":"a\ny\nb","oldStart":1,"newStart":1},
		{"path":"a.go","oldText":"c\nx","newText":"c\ny","oldStart":40,"newStart":40}]}`
	require.Equal(t, cards.DiffResult{Title: "Edit a.go", Diffs: []cards.FileDiff{
		{Path: "a.go", OldText: ptr("a\nx\nb"), NewText: "a\ny\nb", OldStart: 1, NewStart: 1},
		{Path: "a.go", OldText: ptr("c\nx"), NewText: "c\ny", OldStart: 40, NewStart: 40},
	}}, result(t, "edit", args, withMeta("The file a.go has been updated successfully.", meta)))
}

func TestEditResultOfAnInsertion(t *testing.T) {
	args := `{"file_path":"a.go","old_string":"","new_string":"x"}`
	view := result(t, "edit", args, withMeta("ok", `{"diffs":[{"path":"a.go","oldText":null,"newText":"x"}]}`))
	require.Equal(t, cards.DiffResult{Title: "Edit a.go", Diffs: []cards.FileDiff{{Path: "a.go", NewText: "x"}}}, view)
}

func TestEditResultWithoutHunksShowsTheContent(t *testing.T) {
	args := `{"file_path":"a.go","old_string":"x","new_string":"y"}`
	for name, r := range map[string]producers.Result{
		"no meta":     textResult("The file a.go has been updated successfully."),
		"empty diffs": withMeta("The file a.go has been updated successfully.", `{"diffs":[]}`),
	} {
		t.Run(name, func(t *testing.T) {
			require.Equal(t, cards.GenericResult{Content: r.Content}, result(t, "edit", args, r))
		})
	}
}

// TestDiffResultsRejectBadMeta covers the hunk metadata of write and edit.
func TestDiffResultsRejectBadMeta(t *testing.T) {
	cases := []struct {
		name, meta, reason string
	}{
		{"no diffs", `{"operation":"update"}`, `missing field "diffs"`},
		{"diffs not an array", `{"diffs":{}}`, `field "diffs": want an array, found object`},
		{"no path", `{"diffs":[{"oldText":"a","newText":"b"}]}`, `diffs[0]: missing field "path"`},
		{"absent oldText", `{"diffs":[{"path":"a","newText":"b"}]}`, `diffs[0]: missing field "oldText"`},
		{"oldText a number", `{"diffs":[{"path":"a","oldText":1,"newText":"b"}]}`, `want a string or null, found a number`},
		{"no newText", `{"diffs":[{"path":"a","oldText":"a"}]}`, `missing field "newText"`},
		{"line 0", `{"diffs":[{"path":"a","oldText":"a","newText":"b","oldStart":0}]}`, `field "oldStart" is 0`},
		{"second hunk broken", `{"diffs":[{"path":"a","oldText":"a","newText":"b"},{"path":"","oldText":"a","newText":"b"}]}`, `diffs[1]: field "path" is empty`},
	}
	for _, tool := range []string{"write", "edit"} {
		for _, c := range cases {
			t.Run(tool+" "+c.name, func(t *testing.T) {
				args := `{"file_path":"a","content":"b","old_string":"a","new_string":"b"}`
				producertest.RequireFallbackNote(t, result(t, tool, args, withMeta("ok", c.meta)), "meta", c.reason)
			})
		}
	}
}
