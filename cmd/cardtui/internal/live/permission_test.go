package live

import (
	"context"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	sdk "github.com/coder/acp-go-sdk"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardtui/cardtui/internal/testkit/acptest"
)

// dangerousOptions are a request's options in the order that made "1"
// mean "Allow always".
var dangerousOptions = []sdk.PermissionOption{
	{Kind: sdk.PermissionOptionKindAllowAlways, Name: "Allow always", OptionId: "always"},
	{Kind: sdk.PermissionOptionKindAllowOnce, Name: "Allow once", OptionId: "once"},
	{Kind: sdk.PermissionOptionKindRejectOnce, Name: "Reject", OptionId: "no"},
}

// TestPermissionNeverTakesTypedKeys: an unasked permission request for
// `rm -rf ~/project` arrives, outside a turn, while the user types
// "please run step 1 again". Old main took the typed 1 as "Allow always".
// Every key typed as the request appears (the test's clock stands still,
// so within QuietTime), digits and enter included, stays the composer's;
// the request waits, shown, until KeyMap.Answer gives it the keys.
func TestPermissionNeverTakesTypedKeys(t *testing.T) {
	got := make(chan sdk.RequestPermissionOutcome, 1)
	prompts := make(chan string, 2)
	m := liveWith(t, func(ctx context.Context, a *acptest.Agent, sid sdk.SessionId) error {
		prompts <- "turn"
		if len(prompts) > 1 {
			return nil
		}
		go func() { // after the turn: a request nobody asked for
			time.Sleep(50 * time.Millisecond)
			resp, err := a.Conn.RequestPermission(context.Background(), sdk.RequestPermissionRequest{
				SessionId: sid,
				ToolCall:  sdk.ToolCallUpdate{ToolCallId: "rm", Title: sdk.Ptr("rm -rf ~/project"), Kind: sdk.Ptr(sdk.ToolKindExecute)},
				Options:   dangerousOptions,
			})
			if err == nil {
				got <- resp.Outcome
			}
		}()
		return nil
	})
	press(m, typed("hi")...)
	press(m, enter)
	settle(t, m, func() bool { return m.state.Asks && !m.state.Busy })
	assert.Contains(t, screenText(m), "Permission waiting: 1 Allow always  2 Allow once  3 Reject")
	assert.Contains(t, screenText(m), "ctrl+y to answer", "how to answer is on the row")

	press(m, typed("please run step 1 again")...)
	assert.Equal(t, "please run step 1 again", m.input.Value(), "the 1 is typed, not an answer")
	assert.True(t, m.sess.State().Asks, "the request still waits")
	press(m, enter)
	assert.Empty(t, m.input.Value(), "enter in a non-empty composer sends the message")
	settle(t, m, func() bool { return len(prompts) == 2 })
	assert.True(t, m.sess.State().Asks, "enter did not allow the request")
	select {
	case o := <-got:
		t.Fatalf("the request was answered by typing: %+v", o)
	default:
	}

	press(m, ctrlY)
	press(m, typed("1")...)
	outcome := <-got
	require.NotNil(t, outcome.Selected)
	assert.Equal(t, sdk.PermissionOptionId("always"), outcome.Selected.OptionId, "after ctrl+y, 1 picks option 1")
	settle(t, m, func() bool { return !m.state.Asks })
	assert.False(t, m.answeringNow(), "the keys are the composer's again")
	press(m, typed("1")...)
	assert.Equal(t, "1", m.input.Value())
}

// TestPermissionFocusIsForOneRequest: the keys given to one request do
// not answer another that takes its place.
func TestPermissionFocusIsForOneRequest(t *testing.T) {
	m := liveWith(t, func(ctx context.Context, a *acptest.Agent, sid sdk.SessionId) error {
		for _, id := range []sdk.ToolCallId{"first", "second"} {
			if _, err := a.Conn.RequestPermission(ctx, sdk.RequestPermissionRequest{
				SessionId: sid,
				ToolCall:  sdk.ToolCallUpdate{ToolCallId: id, Title: sdk.Ptr(string(id))}, Options: dangerousOptions,
			}); err != nil {
				return err
			}
		}
		return nil
	})
	press(m, typed("go")...)
	press(m, enter)
	settle(t, m, func() bool { return m.state.Asks })
	press(m, ctrlY)
	require.True(t, m.answeringNow())
	press(m, typed("3")...) // rejects the first
	settle(t, m, func() bool { return m.state.Asks && m.state.Asking.ToolCallID == "second" })
	assert.False(t, m.answeringNow(), "the second request has not been given the keys")
	press(m, typed("1")...)
	assert.Equal(t, "1", m.input.Value())
	assert.True(t, m.sess.State().Asks)
	press(m, ctrlY, esc)
	settle(t, m, func() bool { return !m.state.Busy })
}

// testClock is a clock a test moves by hand.
type testClock struct{ t time.Time }

// Now is the clock's time.
func (c *testClock) Now() time.Time { return c.t }

// clockOf is the test clock of a model liveOn made.
func clockOf(m *Model) *testClock {
	c := &testClock{t: m.now()}
	m.now = c.Now
	return c
}

// asking is the front-end with a turn that asks one permission
// (dangerousOptions) and the channel its outcome comes on; the request
// is on the screen when it returns, at the clock's time.
func asking(t *testing.T) (*Model, *testClock, chan sdk.RequestPermissionOutcome) {
	t.Helper()
	got := make(chan sdk.RequestPermissionOutcome, 1)
	m := liveWith(t, func(ctx context.Context, a *acptest.Agent, sid sdk.SessionId) error {
		resp, err := a.Conn.RequestPermission(ctx, sdk.RequestPermissionRequest{
			SessionId: sid,
			ToolCall:  sdk.ToolCallUpdate{ToolCallId: "rm", Title: sdk.Ptr("rm -rf build"), Kind: sdk.Ptr(sdk.ToolKindExecute)},
			Options:   dangerousOptions,
		})
		got <- resp.Outcome
		return err
	})
	clock := clockOf(m)
	press(m, typed("clean up")...)
	press(m, enter)
	settle(t, m, func() bool { return m.state.Asks })
	return m, clock, got
}

// chose is the option the request was answered with.
func chose(t *testing.T, got chan sdk.RequestPermissionOutcome) sdk.PermissionOptionId {
	t.Helper()
	select {
	case o := <-got:
		require.NotNil(t, o.Selected)
		return o.Selected.OptionId
	case <-time.After(5 * time.Second):
		t.Fatal("the request was not answered")
	}
	return ""
}

// TestPermissionTakesKeysWhenQuiet: with the composer empty and nothing
// typed for QuietTime, the request has the keys with no ctrl+y: its
// options are offered and one key answers. Old main needed ctrl+y first.
func TestPermissionTakesKeysWhenQuiet(t *testing.T) {
	for _, tc := range []struct {
		name string
		key  tea.KeyPressMsg
		want sdk.PermissionOptionId
	}{
		{"a number picks", typed("2")[0], "once"},
		{"enter allows once", enter, "once"},
		{"esc rejects", esc, "no"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, clock, got := asking(t)
			clock.t = clock.t.Add(QuietTime)
			assert.Contains(t, screenText(m), "Answer: 1 Allow always  2 Allow once  3 Reject", "offered at once")
			press(m, tc.key)
			assert.Equal(t, tc.want, chose(t, got))
			assert.Empty(t, m.input.Value(), "the key was an answer, not text")
		})
	}
}

// TestPermissionKeysTypedJustNowStayInComposer: a key typed within
// QuietTime of the request's appearance is text, and so is every key
// while the composer holds text; emptying the composer, or ctrl+y, gives
// the request the keys; ctrl+y takes them back.
func TestPermissionKeysTypedJustNowStayInComposer(t *testing.T) {
	m, clock, got := asking(t)
	clock.t = clock.t.Add(QuietTime / 2)
	press(m, typed("1")...)
	assert.Equal(t, "1", m.input.Value(), "typed too soon after the request appeared")
	clock.t = clock.t.Add(time.Hour)
	press(m, typed("3")...)
	assert.Equal(t, "13", m.input.Value(), "the composer holds text: the keys stay there")
	assert.Contains(t, screenText(m), "Permission waiting: 1 Allow always")
	assert.Contains(t, screenText(m), "ctrl+y or empty the composer to answer")

	press(m, tea.KeyPressMsg{Code: tea.KeyBackspace}, tea.KeyPressMsg{Code: tea.KeyBackspace})
	require.Empty(t, m.input.Value())
	press(m, typed("3")...)
	assert.Equal(t, "3", m.input.Value(), "typed just now: still text")
	press(m, tea.KeyPressMsg{Code: tea.KeyBackspace})
	clock.t = clock.t.Add(QuietTime)
	assert.Contains(t, screenText(m), "Answer: 1 Allow always", "an empty, quiet composer gives the request the keys")

	press(m, ctrlY)
	assert.Contains(t, screenText(m), "Permission waiting: 1 Allow always", "ctrl+y takes them back")
	press(m, typed("1")...)
	assert.Equal(t, "1", m.input.Value())
	press(m, ctrlY)
	assert.Contains(t, screenText(m), "Answer: 1 Allow always", "ctrl+y gives them, whatever the composer holds")
	press(m, esc)
	assert.Equal(t, sdk.PermissionOptionId("no"), chose(t, got))
	assert.Equal(t, "1", m.input.Value(), "the composer's text is kept")
}
