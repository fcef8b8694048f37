package acp

import (
	sdk "github.com/coder/acp-go-sdk"
)

// Choice is one value a session setting can take: a mode, a model.
type Choice struct {
	ID, Name string
}

// choices are the models the agent offers to switch to: the session's
// model state, or the select config option of category "model", whose id
// configID names.
type choices struct {
	models   []Choice
	model    string
	configID string
}

// setModels records the models a session/new, load or resume answer
// offers and the current one.
func (t *Traffic) setModels(s *sdk.SessionModelState) {
	if s == nil {
		return
	}
	t.choices.models = t.choices.models[:0]
	for _, m := range s.AvailableModels {
		t.choices.models = append(t.choices.models, Choice{ID: string(m.ModelId), Name: m.Name})
	}
	t.choices.model = string(s.CurrentModelId)
}

// setConfigOptions records the config options of category "model" as the
// models, when the agent offers no model state.
func (t *Traffic) setConfigOptions(options []sdk.SessionConfigOption) {
	for _, o := range options {
		sel := o.Select
		if sel == nil || sel.Category == nil || *sel.Category != sdk.SessionConfigOptionCategoryModel {
			continue
		}
		t.choices.configID = string(sel.Id)
		t.choices.model = string(sel.CurrentValue)
		t.choices.models = t.choices.models[:0]
		for _, v := range selectValues(sel.Options) {
			t.choices.models = append(t.choices.models, Choice{ID: string(v.Value), Name: v.Name})
		}
	}
}

// selectValues are a select option's values, grouped or not.
func selectValues(o sdk.SessionConfigSelectOptions) []sdk.SessionConfigSelectOption {
	switch {
	case o.Ungrouped != nil:
		return *o.Ungrouped
	case o.Grouped != nil:
		var out []sdk.SessionConfigSelectOption
		for _, g := range *o.Grouped {
			out = append(out, g.Options...)
		}
		return out
	}
	return nil
}

// setModel switches the current model and says so.
func (t *Traffic) setModel(id string) {
	if id == "" || id == t.choices.model {
		return
	}
	t.choices.model = id
	t.notice("Model: " + t.Model())
}

// Modes are the session's modes, in the agent's order.
func (t *Traffic) Modes() []Choice {
	out := make([]Choice, len(t.modeOrder))
	for i, id := range t.modeOrder {
		out[i] = Choice{ID: string(id), Name: t.modes[id]}
	}
	return out
}

// Models are the models the agent offers to switch to.
func (t *Traffic) Models() []Choice { return append([]Choice(nil), t.choices.models...) }

// ModelConfigID is the id of the config option that sets the model, ""
// when the agent offers a model state instead (or nothing).
func (t *Traffic) ModelConfigID() string { return t.choices.configID }

// Model is the name of the current model, "" when the agent says none.
func (t *Traffic) Model() string {
	for _, m := range t.choices.models {
		if m.ID == t.choices.model && m.Name != "" {
			return m.Name
		}
	}
	return t.choices.model
}
