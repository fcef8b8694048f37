package native

import (
	"encoding/json"
	"strings"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/toolkit"
	"github.com/cardtui/cardtui/producers"
)

// The Cordis tools, which define, run, inspect and remove dynamic Cordis
// packages: cordis_define, cordis_run, cordis_inspect_self,
// cordis_inspect_query and cordis_undefine. Each is titled by what it
// does to which plugin; a package's code is shown as JavaScript; their
// results, JSON or text, as preformatted blocks.
var (
	cordisDefineProducer       = producers.Producer{PresentCall: presentCordisDefineCall, PresentResult: presentPreformattedResult}
	cordisRunProducer          = producers.Producer{PresentCall: presentCordisRunCall, PresentResult: presentPreformattedResult}
	cordisInspectSelfProducer  = producers.Producer{PresentCall: presentCordisInspectSelfCall, PresentResult: presentPreformattedResult}
	cordisInspectQueryProducer = producers.Producer{PresentCall: presentCordisInspectQueryCall, PresentResult: presentPreformattedResult}
	cordisUndefineProducer     = producers.Producer{PresentCall: presentCordisUndefineCall, PresentResult: presentPreformattedResult}
)

// cordisArgs are the arguments of the Cordis tools.
type cordisArgs struct {
	PluginID  string `json:"pluginId"`
	PackageID string `json:"packageId"`
	Mode      string `json:"mode"`
	Name      string `json:"name"`
	Purpose   string `json:"purpose"`
	Code      struct {
		Host   string `json:"host"`
		Client string `json:"client"`
	} `json:"code"`
	Platform string          `json:"platform"`
	Provider string          `json:"provider"`
	Method   string          `json:"method"`
	Input    json.RawMessage `json:"input"`
}

// target names the plugin or package a call is about.
func (a cordisArgs) target() string {
	if a.PackageID != "" {
		return a.PluginID + "/" + a.PackageID
	}
	return a.PluginID
}

// presentCordisDefineCall: "Define Cordis package Snapshot Marker", its
// purpose, then its host and client code.
func presentCordisDefineCall(args json.RawMessage) (cards.CallView, error) {
	var a cordisArgs
	if err := producers.DecodeCheckedArgs(args, &a); err != nil {
		return nil, err
	}
	content := toolkit.Text(a.Purpose)
	for _, half := range []struct{ name, code string }{{"Host", a.Code.Host}, {"Client", a.Code.Client}} {
		if half.code != "" {
			content = append(content, toolkit.Text(half.name+":")...)
			content = append(content, toolkit.Code("javascript", half.code)...)
		}
	}
	return cards.GenericCall{Title: strings.TrimSpace("Define Cordis package " + a.Name), Kind: cards.KindEdit, Content: content}, nil
}

func presentCordisRunCall(args json.RawMessage) (cards.CallView, error) {
	var a cordisArgs
	if err := producers.DecodeCheckedArgs(args, &a); err != nil {
		return nil, err
	}
	title := strings.TrimSpace("Run Cordis package " + a.target())
	if a.Mode != "" && a.Mode != "run" {
		title += " (" + a.Mode + ")"
	}
	return cards.GenericCall{Title: title, Kind: cards.KindExecute}, nil
}

func presentCordisInspectSelfCall(args json.RawMessage) (cards.CallView, error) {
	var a cordisArgs
	if err := producers.DecodeCheckedArgs(args, &a); err != nil {
		return nil, err
	}
	return cards.GenericCall{Title: strings.TrimSpace("Inspect Cordis plugin " + a.target()), Kind: cards.KindRead}, nil
}

// presentCordisInspectQueryCall: "Query Service.listService on host", its
// input as the card's raw input.
func presentCordisInspectQueryCall(args json.RawMessage) (cards.CallView, error) {
	var a cordisArgs
	if err := producers.DecodeCheckedArgs(args, &a); err != nil {
		return nil, err
	}
	title := "Query Cordis " + strings.Trim(a.Provider+"."+a.Method, ".")
	if a.Platform != "" {
		title += " on " + a.Platform
	}
	view := cards.GenericCall{Title: title, Kind: cards.KindSearch}
	if len(a.Input) > 0 {
		view.RawInput = producers.RawInput(a.Input)
	}
	return view, nil
}

func presentCordisUndefineCall(args json.RawMessage) (cards.CallView, error) {
	var a cordisArgs
	if err := producers.DecodeCheckedArgs(args, &a); err != nil {
		return nil, err
	}
	return cards.GenericCall{Title: strings.TrimSpace("Remove Cordis plugin " + a.target()), Kind: cards.KindDelete}, nil
}
