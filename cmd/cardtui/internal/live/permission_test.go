package live

import (
	"context"
	"testing"
	"time"

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
// Every typed key, digits and enter included, stays the composer's; the
// request waits, shown, until KeyMap.Answer gives it the keys.
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
