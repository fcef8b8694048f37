package native

import (
	"encoding/json"
	"fmt"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/toolkit"
	"github.com/cardtui/cardtui/producers"
)

// lspProducer presents lsp, the language-server query tool: the operation
// at a position of a file, a location the card links to.
var lspProducer = producers.Producer{PresentCall: presentLSPCall, PresentResult: presentPreformattedResult}

func presentLSPCall(args json.RawMessage) (cards.CallView, error) {
	var raw struct {
		Operation *string `json:"operation"`
		FilePath  string  `json:"file_path"`
		Line      int     `json:"line"`
		Character int     `json:"character"`
	}
	if err := producers.DecodeCheckedArgs(args, &raw); err != nil {
		return nil, err
	}
	op, err := toolkit.NonEmpty("operation", raw.Operation)
	if err != nil {
		return nil, toolkit.Within("arguments", err)
	}
	view := cards.GenericCall{Title: "LSP " + op, Kind: cards.KindSearch}
	if raw.FilePath == "" {
		return view, nil
	}
	view.Title += " " + raw.FilePath
	if raw.Line > 0 {
		view.Title += fmt.Sprintf(":%d", raw.Line)
		if raw.Character > 0 {
			view.Title += fmt.Sprintf(":%d", raw.Character)
		}
	}
	view.Locations = []cards.FileLocation{{Path: raw.FilePath, Line: max(raw.Line, 0)}}
	return view, nil
}
