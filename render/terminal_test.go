package render_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/cards"
	exportmd "github.com/cardtui/cardtui/export/markdown"
	"github.com/cardtui/cardtui/internal/testkit"
	"github.com/cardtui/cardtui/render"
)

// The true-colour foregrounds of the dark palette that the badge uses.
const (
	termGreen = "38;2;63;185;80"
	termRed   = "38;2;248;81;73"
)

func termPlainOpts(width int) render.Options {
	return render.Options{Width: width, Profile: colorprofile.NoTTY, Theme: render.Dark, Terminal: true}
}

func termColorOpts(width int) render.Options {
	return render.Options{Width: width, Profile: colorprofile.TrueColor, Theme: render.Dark, Terminal: true}
}

// termCard is a terminal card running command with a result of output.
func termCard(command, output string, code *int) cards.ToolCard {
	return cards.ToolCard{
		ID: "t", Tool: "bash", Call: cards.TerminalCall{Title: command},
		Result: cards.TerminalResult{Output: output, ExitCode: code},
	}
}

// termBodyRows renders a card without colour and returns its body rows, the
// border and padding removed.
func termBodyRows(t *testing.T, c cards.ToolCard, o render.Options) []string {
	t.Helper()
	lines := strings.Split(render.Entry(c, o), "\n")
	require.GreaterOrEqual(t, len(lines), 2)
	rows := make([]string, 0, len(lines)-2)
	for _, line := range lines[1 : len(lines)-1] {
		require.True(t, strings.HasPrefix(line, "│ ") && strings.HasSuffix(line, " │"), "not a body row: %q", line)
		rows = append(rows, strings.TrimRight(strings.TrimSuffix(strings.TrimPrefix(line, "│ "), " │"), " "))
	}
	return rows
}

// termOutputRows is the body rows after the separator between call and result.
func termOutputRows(t *testing.T, c cards.ToolCard, o render.Options) []string {
	t.Helper()
	rows := termBodyRows(t, c, o)
	for i, row := range rows {
		if strings.HasPrefix(row, "┄") {
			return rows[i+1:]
		}
	}
	require.Fail(t, "no separator", "%q", rows)
	return nil
}

func TestTerminalBadge(t *testing.T) {
	call := cards.TerminalCall{Title: "make"}
	tests := []struct {
		name   string
		card   cards.ToolCard
		badge  string
		colour string // the SGR colour of the badge text
		border string // the SGR colour of the border
	}{
		{"exit 0", cards.ToolCard{Call: call, Result: cards.TerminalResult{ExitCode: intPtr(0)}}, "exit 0", termGreen, ""},
		{"exit 2", cards.ToolCard{Call: call, Result: cards.TerminalResult{ExitCode: intPtr(2)}}, "exit 2", termRed, termRed},
		{"signal", cards.ToolCard{Call: call, Result: cards.TerminalResult{Signal: "SIGKILL"}}, "signal SIGKILL", termRed, termRed},
		{"unknown status", cards.ToolCard{Call: call, Result: cards.TerminalResult{Output: "x"}}, "done", "", ""},
		{"running", cards.ToolCard{Call: call}, "running", "", ""},
		{"no result", cards.ToolCard{Call: call, Ended: true}, "no result", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			top := strings.Split(render.Entry(tt.card, termPlainOpts(60)), "\n")[0]
			assert.True(t, strings.HasSuffix(top, "─ "+tt.badge+" ─╮"), "top edge %q", top)

			styled := strings.Split(render.Entry(tt.card, termColorOpts(60)), "\n")[0]
			if tt.colour != "" {
				assert.Contains(t, styled, "\x1b["+tt.colour+"m"+tt.badge)
			}
			if tt.border != "" {
				assert.True(t, strings.HasPrefix(styled, "\x1b["+tt.border+"m╭"), "border not red: %q", styled)
			} else {
				assert.NotContains(t, styled, termRed+"m╭")
			}
		})
	}
}

func TestTerminalCollapsesLongOutput(t *testing.T) {
	tests := []struct {
		lines  int
		hidden int // 0: everything shown
	}{
		{15, 0},
		{16, 0}, // hiding one line would save nothing
		{17, 2},
		{200, 185},
		{1_000_000, 999_985},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.lines), func(t *testing.T) {
			if tt.lines > 1000 {
				testkit.SkipLong(t, "a million-line output")
			}
			c := termCard("seq", numbered("line", tt.lines)+"\n", intPtr(0))
			rows := termOutputRows(t, c, termPlainOpts(80))
			if tt.hidden == 0 {
				require.Len(t, rows, tt.lines, "every line shown, no empty line for the final newline")
				assert.Equal(t, fmt.Sprintf("line %d", tt.lines), rows[len(rows)-1])
				return
			}
			want := []string{}
			for i := 1; i <= 10; i++ {
				want = append(want, fmt.Sprintf("line %d", i))
			}
			want = append(want, fmt.Sprintf("… %d more lines (enter to expand)", tt.hidden))
			for i := tt.lines - 4; i <= tt.lines; i++ {
				want = append(want, fmt.Sprintf("line %d", i))
			}
			assert.Equal(t, want, rows)
		})
	}
}

func TestTerminalExpandedShowsEveryLine(t *testing.T) {
	o := termPlainOpts(80)
	o.Expanded = true
	rows := termOutputRows(t, termCard("seq", numbered("line", 300)+"\n", intPtr(0)), o)
	require.Len(t, rows, 300)
	for i, row := range rows {
		assert.Equal(t, fmt.Sprintf("line %d", i+1), row)
	}
}

func TestTerminalEmptyOutput(t *testing.T) {
	for _, output := range []string{"", "\n"} {
		rows := termOutputRows(t, termCard("true", output, intPtr(0)), termPlainOpts(80))
		assert.Equal(t, []string{"(no output)"}, rows, "%q", output)
	}
}

func TestTerminalGiantLineIsCutWhenCollapsed(t *testing.T) {
	line := strings.Repeat("x", 10<<20)
	rows := termOutputRows(t, termCard("yes", line, intPtr(0)), termPlainOpts(80))
	// Four rows of the 76-cell body, the later ones behind "↪ ", the last
	// one cut with "…": 297 bytes shown.
	want := []string{
		strings.Repeat("x", 76), "↪ " + strings.Repeat("x", 74), "↪ " + strings.Repeat("x", 74),
		"↪ " + strings.Repeat("x", 73) + "…", fmt.Sprintf("… %d more bytes (enter to expand)", 10<<20-297),
	}
	assert.Equal(t, want, rows)
}

func TestTerminalLongLineWrapsWhole(t *testing.T) {
	line := strings.Repeat("漢字テスト🎉abc", 40)
	for _, expanded := range []bool{false, true} {
		o := termPlainOpts(40)
		o.Expanded = expanded
		rows := termOutputRows(t, termCard("cat", line, intPtr(0)), o)
		if expanded {
			assert.Equal(t, line, strings.ReplaceAll(strings.Join(rows, ""), "↪ ", ""), "expanded shows the whole line")
			continue
		}
		require.Len(t, rows, 5, "four rows and a note")
		shown := strings.TrimSuffix(strings.ReplaceAll(strings.Join(rows[:4], ""), "↪ ", ""), "…")
		assert.True(t, strings.HasPrefix(line, shown))
		assert.Equal(t, fmt.Sprintf("… %d more bytes (enter to expand)", len(line)-len(shown)), rows[4])
	}
}

func TestTerminalHostileOutput(t *testing.T) {
	c := termCard("cat evil\x1b]0;pwned\x07",
		"before\x1b]52;c;SGVsbG8=\x07 \x1b]0;title\x07\x1b[2J\x1b[1;1H\x1b[31mred\x1b[0m after", intPtr(0))
	for _, expanded := range []bool{false, true} {
		o := termColorOpts(80)
		o.Expanded = expanded
		got := render.Entry(c, o)
		for _, bad := range []string{"\x1b]52", "\x1b]0", "\x1b[2J", "\x1b[1;1H", "\a"} {
			assert.NotContains(t, got, bad)
		}
		assert.Contains(t, got, "\x1b[31mred", "the SGR colour survives")
		assert.Contains(t, ansi.Strip(got), "before␛]52;c;SGVsbG8=␇ ␛]0;title␇␛[2J␛[1;1Hred after", "what is removed is shown inert")
	}
}

// TestTerminalMarkdownOutputReadsAsInTheConsole checks that the Markdown
// form of output resolves "\r" overwrites as the console pane does and
// holds no escape at all.
func TestTerminalMarkdownOutputReadsAsInTheConsole(t *testing.T) {
	md := exportmd.Entry(termCard("make", "\x1b[32mok\x1b[0m\n10%\r50%\r100%\x1b]0;x\x07\n", intPtr(0)), termPlainOpts(80))
	assert.Contains(t, md, "```console\nok\n100%␛]0;x␇\n```\n")
	assert.NotContains(t, md, "\x1b")
}

func TestTerminalCommand(t *testing.T) {
	c := cards.ToolCard{Call: cards.TerminalCall{
		Title:       "for f in a b; do\n  echo \"$f\"\ndone",
		Description: "Echo the files",
		Cwd:         "/home/dev/x",
	}}
	assert.Equal(t, []string{
		"$ for f in a b; do",
		"    echo \"$f\"",
		"  done",
		"in /home/dev/x",
	}, termBodyRows(t, c, termPlainOpts(60)))
	top := strings.Split(render.Entry(c, termPlainOpts(60)), "\n")[0]
	assert.Contains(t, top, "Echo the files", "the description is the title")

	styled := render.Entry(c, termColorOpts(60))
	assert.Contains(t, styled, "\x1b[38;2;121;192;255mfor f in a b; do", "the command is in the accent colour")
}

func TestTerminalCommandWraps(t *testing.T) {
	command := "go test -run 'TestGolden.*/terminal' -count=1 -v ./render/ ./cards/ ./producers/"
	rows := termBodyRows(t, cards.ToolCard{Call: cards.TerminalCall{Title: command}}, termPlainOpts(40))
	require.Greater(t, len(rows), 1)
	assert.True(t, strings.HasPrefix(rows[0], "$ "))
	words := []string{}
	for _, row := range rows {
		assert.True(t, strings.HasPrefix(row, "  ") || strings.HasPrefix(row, "$ "), "row %q", row)
		assert.NotContains(t, row, "…")
		words = append(words, strings.Fields(strings.TrimPrefix(row, "$ "))...)
	}
	assert.Equal(t, strings.Fields(command), words, "every word of the command is shown")
}

func TestTerminalLongCwdWrapsAfterIn(t *testing.T) {
	cwd := "/home/dev/" + strings.Repeat("deep/", 12)
	rows := termBodyRows(t, cards.ToolCard{Call: cards.TerminalCall{Title: "ls", Cwd: cwd}}, termPlainOpts(40))
	assert.Equal(t, []string{"$ ls", "in " + cwd[:33], cwd[33:69], cwd[69:]}, rows)
}

func TestTerminalWithoutCapability(t *testing.T) {
	c := cards.ToolCard{
		ID: "t", Tool: "bash",
		Call:   cards.TerminalCall{Title: "ls", Description: "List files", Cwd: "/tmp"},
		Result: cards.TerminalResult{Output: "a.txt\nb.txt\n", ExitCode: intPtr(0)},
	}
	o := termPlainOpts(80)
	o.Terminal = false
	// The styled path draws the console blocks as a generic card's
	// Markdown: code rows and the status as text; the badge stays.
	top := strings.Split(render.Entry(c, o), "\n")[0]
	assert.Contains(t, top, "exit 0")
	rows := termBodyRows(t, c, o)
	for _, row := range []string{"List files", "in /tmp", "  $ ls", "  a.txt", "  b.txt", "exit 0"} {
		assert.Contains(t, rows, row)
	}

	md := exportmd.Entry(c, termPlainOpts(80))
	assert.Contains(t, md, "List files\n\nin /tmp\n\n```console\n$ ls\n```\n")
	assert.Contains(t, md, "```console\na.txt\nb.txt\n```\n\nexit 0\n")
	assert.NotContains(t, md, "\x1b")
}

// TestTerminalFenceCannotBeClosed checks that backticks in a command or its
// output never close the console block they are shown in.
func TestTerminalFenceCannotBeClosed(t *testing.T) {
	output := "before\n```\n# injected heading\n````\n ~~~\n`````` tail"
	command := "echo '```'"
	c := cards.ToolCard{Call: cards.TerminalCall{Title: command}, Result: cards.TerminalResult{Output: output, ExitCode: intPtr(0)}}
	md := exportmd.Entry(c, termPlainOpts(80))
	blocks := termFencedBlocks(t, md)
	assert.Equal(t, []string{"$ " + command, output}, blocks)
}

// termFencedBlocks parses the backtick-fenced blocks of Markdown as CommonMark
// does: a block ends at the first line of at least as many backticks.
func termFencedBlocks(t *testing.T, md string) []string {
	t.Helper()
	var blocks []string
	lines := strings.Split(md, "\n")
	for i := 0; i < len(lines); i++ {
		fence := strings.TrimSuffix(lines[i], "console")
		if len(fence) < 3 || strings.Trim(fence, "`") != "" {
			continue
		}
		var body []string
		for i++; i < len(lines); i++ {
			trimmed := strings.TrimLeft(lines[i], " ")
			if len(lines[i])-len(trimmed) <= 3 && strings.HasPrefix(trimmed, fence) && strings.Trim(trimmed, "`") == "" {
				break
			}
			body = append(body, lines[i])
		}
		require.Less(t, i, len(lines), "block never closed")
		blocks = append(blocks, strings.Join(body, "\n"))
	}
	return blocks
}

func TestTerminalFitsWidth(t *testing.T) {
	c := cards.ToolCard{
		Tool: "bash",
		Call: cards.TerminalCall{
			Title:       "printf '漢字テスト🎉%.0s' $(seq 1 40) && echo 'done with a long and winding command line'",
			Description: "絵文字 🎉🎉 and CJK 漢字 in a description long enough to wrap at forty columns", Cwd: "/home/dev/プロジェクト/" + strings.Repeat("深い/", 20),
		},
		Result: cards.TerminalResult{Title: "結果 result title", Output: strings.Repeat("漢字テスト🎉", 60) + "\n\x1b[32m" + strings.Repeat("ok ", 80) + "\x1b[0m\n\ttab\t漢\t", Signal: strings.Repeat("SIGVERYLONGNAME", 5)},
	}
	for _, width := range []int{40, 80, 120} {
		for _, expanded := range []bool{false, true} {
			for _, terminal := range []bool{true, false} {
				o := termColorOpts(width)
				o.Expanded, o.Terminal = expanded, terminal
				for i, line := range strings.Split(render.Entry(c, o), "\n") {
					assert.LessOrEqual(t, ansi.StringWidth(line), width, "width %d expanded %v terminal %v line %d: %q", width, expanded, terminal, i, line)
				}
			}
		}
	}
}

// TestTerminalRowsCarryTheirColour checks that a coloured line wrapped
// over several rows is coloured on every row and reset at its end.
func TestTerminalRowsCarryTheirColour(t *testing.T) {
	o := termColorOpts(40)
	o.Expanded = true
	got := render.Entry(termCard("ls", "\x1b[31m"+strings.Repeat("r", 100)+"\x1b[0m", intPtr(0)), o)
	lines := strings.Split(got, "\n")
	var red int
	for _, line := range lines {
		if strings.Contains(line, "rrr") {
			red++
			assert.Regexp(t, `\x1b\[31m r+\x1b\[m|\x1b\[31mr+\x1b\[(0)?m`, line)
		}
	}
	assert.Equal(t, 3, red)
}
