package viewer

import tea "charm.land/bubbletea/v2"

// App runs a Model as a program of its own, in the whole window:
//
//	tea.NewProgram(viewer.App{Model: viewer.New(opts)}).Run()
//
// It is the tea.Model adapter of the component: it sizes the viewer to
// every tea.WindowSizeMsg, and its View is the alternate screen with the
// viewer's cursor and mouse mode.
type App struct{ Model }

// Update sizes the viewer to the window, then passes msg to Model.Update.
func (a App) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if size, ok := msg.(tea.WindowSizeMsg); ok {
		a.SetSize(size.Width, size.Height)
	}
	var cmd tea.Cmd
	a.Model, cmd = a.Model.Update(msg)
	return a, cmd
}

// View is the viewer's Frame on the alternate screen.
func (a App) View() tea.View {
	f := a.Render()
	v := tea.NewView(f.Content)
	v.AltScreen = true
	v.MouseMode = f.MouseMode
	v.Cursor = f.Cursor
	return v
}
