package main

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cardtui/cardtui/internal/testkit"

	tea "charm.land/bubbletea/v2"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/internal/testkit/acptest"
)

// counter shows how many increments it has had.
type counter int

type increment struct{}

func (c counter) Init() tea.Cmd { return nil }

func (c counter) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if _, ok := msg.(increment); ok {
		c++
	}
	return c, nil
}

func (c counter) View() tea.View { return tea.NewView(fmt.Sprintf("count %d", c)) }

// TestProgramRepaintsAfterGoingIdle checks the idle fix of Bubble Tea
// v2.1.2, which go.mod requires: once the screen has been still long
// enough for the renderer's ticker to stop, the next frame is still drawn. The
// renderer writes only the cells that change, so each frame after the
// first is checked by what was written since the one before.
func TestProgramRepaintsAfterGoingIdle(t *testing.T) {
	testkit.SkipLong(t, "it waits three idle seconds")
	t.Parallel()
	var out acptest.Buffer
	p := tea.NewProgram(counter(0), tea.WithInput(nil), tea.WithOutput(&out),
		tea.WithWindowSize(40, 5), tea.WithoutSignals())
	done := make(chan error, 1)
	go func() { _, err := p.Run(); done <- err }()
	drawnSince := func(offset int, s string) func() bool {
		return func() bool { return strings.Contains(string(out.Bytes()[offset:]), s) }
	}
	require.Eventually(t, drawnSince(0, "count 0"), 5*time.Second, 10*time.Millisecond)
	for n := 1; n <= 3; n++ {
		time.Sleep(time.Second) // 60 frames: the ticker has stopped
		before := len(out.Bytes())
		p.Send(increment{})
		require.Eventually(t, drawnSince(before, strconv.Itoa(n)), 5*time.Second, 10*time.Millisecond,
			"frame %d, after an idle second, is drawn", n)
	}
	p.Quit()
	require.NoError(t, <-done)
}
