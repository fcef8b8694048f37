package acpclient

import (
	"fmt"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/cardtui/cardtui/agents/acp"
)

// checkedWrite answers an fs/write_text_file: it reads the file on disk,
// records it with the verdict (acp.FileWrite), so that the transcript
// draws the diff the write makes before it happens, and writes the file
// only when the transcript's CheckWrite finds nothing against it.
func (s *Session) checkedWrite(p sdk.WriteTextFileRequest) error {
	rel, err := s.dir.rel(p.Path)
	if err != nil {
		return err
	}
	before, err := s.dir.current(rel, p.Path)
	if err != nil {
		return err
	}
	s.mu.Lock()
	id, ok := s.tr.WriteRequest(p.Path, p.Content)
	refused := "cardtui did not see this request on the wire"
	if ok {
		refused = s.tr.CheckWrite(id, before)
		s.observeLocked(acp.Record{From: acp.Local, Write: &acp.FileWrite{Request: id, Before: before, Refused: refused}})
	}
	s.mu.Unlock()
	if refused != "" {
		return &sdk.RequestError{
			Code: -32603, Message: fmt.Sprintf("%s: cardtui refused the write: %s", p.Path, refused),
			Data: map[string]any{"path": p.Path},
		}
	}
	return s.dir.writeTextFile(p)
}
