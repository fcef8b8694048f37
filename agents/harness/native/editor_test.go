package native_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/producertest"
)

func TestReadImage(t *testing.T) {
	require.Equal(t, cards.GenericCall{Title: "Read image red.png", Kind: cards.KindRead, Locations: []cards.FileLocation{{Path: "red.png"}}},
		call(t, "read_image", `{"file_path":"red.png"}`))
	producertest.RequireFallbackNote(t, call(t, "read_image", `{}`), `missing field "file_path"`)
}

func TestStrReplaceEditor(t *testing.T) {
	cases := []struct {
		name, args string
		want       cards.CallView
	}{
		{
			"view", `{"command":"view","path":"a.go","view_range":[3,9]}`,
			cards.GenericCall{Title: "Read a.go (3 - 9)", Kind: cards.KindRead, Locations: []cards.FileLocation{{Path: "a.go", Line: 3}}},
		},
		{
			"view whole", `{"command":"view","path":"a.go"}`,
			cards.GenericCall{Title: "Read a.go", Kind: cards.KindRead, Locations: []cards.FileLocation{{Path: "a.go", Line: 1}}},
		},
		{
			"create", `{"command":"create","path":"n.txt","file_text":"hi\n"}`,
			cards.DiffCall{Title: "Write n.txt", Diffs: []cards.FileDiff{{Path: "n.txt", NewText: "hi\n"}}},
		},
		{
			"str_replace", `{"command":"str_replace","path":"a.go","old_str":"x := 1","new_str":"x := 2"}`,
			cards.DiffCall{Title: "Edit a.go", Diffs: []cards.FileDiff{{Path: "a.go", OldText: ptr("x := 1"), NewText: "x := 2"}}},
		},
		{
			"insert", `{"command":"insert","path":"a.go","insert_line":4,"new_str":"// note\n"}`,
			cards.DiffCall{Title: "Insert into a.go after line 4", Diffs: []cards.FileDiff{{Path: "a.go", OldText: ptr(""), NewText: "// note\n", OldStart: 5, NewStart: 5}}},
		},
		{
			"undo", `{"command":"undo_edit","path":"a.go"}`,
			cards.GenericCall{Title: "Undo the last edit of a.go", Kind: cards.KindEdit, Locations: []cards.FileLocation{{Path: "a.go"}}},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			require.Equal(t, c.want, call(t, "str_replace_editor", c.args))
		})
	}
	producertest.RequireFallbackNote(t, call(t, "str_replace_editor", `{"command":"rename","path":"a"}`), `unknown command "rename"`)
	producertest.RequireFallbackNote(t, call(t, "str_replace_editor", `{"command":"view"}`), `missing field "path"`)
	require.Equal(t, cards.GenericResult{Content: []cards.ContentBlock{cards.TextBlock{Text: "     1\tpackage a"}}},
		result(t, "str_replace_editor", `{"command":"view","path":"a.go"}`, textResult("     1\tpackage a")))
}
