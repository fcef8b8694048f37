package acpclient

import (
	"context"

	sdk "github.com/coder/acp-go-sdk"
)

// client answers the agent's requests for a Session: files confined to
// the session directory, terminals, permissions asked of the user. The
// transcript is built from the wire, not here.
type client struct {
	s *Session
}

var _ sdk.Client = client{}

// readOnly refuses what --read-only turns off.
func (c client) readOnly(method string) error {
	if c.s.cfg.ReadOnly {
		return &sdk.RequestError{
			Code: -32601, Message: "Method not found",
			Data: method + ": cardtui runs read-only (--read-only) and did not offer it",
		}
	}
	return nil
}

func (c client) ReadTextFile(_ context.Context, p sdk.ReadTextFileRequest) (sdk.ReadTextFileResponse, error) {
	return c.s.dir.readTextFile(p)
}

func (c client) WriteTextFile(_ context.Context, p sdk.WriteTextFileRequest) (sdk.WriteTextFileResponse, error) {
	if err := c.readOnly(sdk.ClientMethodFsWriteTextFile); err != nil {
		return sdk.WriteTextFileResponse{}, err
	}
	return sdk.WriteTextFileResponse{}, c.s.checkedWrite(p)
}

func (c client) RequestPermission(ctx context.Context, p sdk.RequestPermissionRequest) (sdk.RequestPermissionResponse, error) {
	return c.s.waitForChoice(ctx, p.ToolCall.ToolCallId)
}

// SessionUpdate has nothing to do: the wire tap applied the update.
func (c client) SessionUpdate(context.Context, sdk.SessionNotification) error { return nil }

func (c client) CreateTerminal(_ context.Context, p sdk.CreateTerminalRequest) (sdk.CreateTerminalResponse, error) {
	if err := c.readOnly(sdk.ClientMethodTerminalCreate); err != nil {
		return sdk.CreateTerminalResponse{}, err
	}
	return c.s.terms.create(p)
}

func (c client) KillTerminal(_ context.Context, p sdk.KillTerminalRequest) (sdk.KillTerminalResponse, error) {
	return sdk.KillTerminalResponse{}, c.s.terms.kill(p.TerminalId)
}

func (c client) TerminalOutput(_ context.Context, p sdk.TerminalOutputRequest) (sdk.TerminalOutputResponse, error) {
	return c.s.terms.output(p)
}

func (c client) ReleaseTerminal(_ context.Context, p sdk.ReleaseTerminalRequest) (sdk.ReleaseTerminalResponse, error) {
	return sdk.ReleaseTerminalResponse{}, c.s.terms.release(p.TerminalId)
}

func (c client) WaitForTerminalExit(ctx context.Context, p sdk.WaitForTerminalExitRequest) (sdk.WaitForTerminalExitResponse, error) {
	return c.s.terms.waitForExit(ctx, p)
}
