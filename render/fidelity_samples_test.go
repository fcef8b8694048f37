package render_test

import "github.com/cardtui/cardtui/cards"

// The samples of the cards Claude Code's interactive tools get: a fetched
// page with the model's Markdown answer, and questions with their
// answers.
func init() {
	samples = append(samples,
		sample{"web-fetch-body", cards.ToolCard{
			ID: "w4", Tool: "WebFetch",
			Call: cards.GenericCall{Title: "Fetch https://pkg.go.dev/encoding/csv", Kind: cards.KindFetch, Content: text("How does Writer quote fields?")},
			Result: cards.WebFetch{
				Title: "48,213 bytes in 1.2s", URL: "https://pkg.go.dev/encoding/csv", StatusCode: 200,
				Content: md("`csv.Writer` quotes a field when it holds:\n\n- the delimiter\n- a quote, `\\r` or `\\n`"),
			},
		}},
		sample{"ask-user-question", cards.ToolCard{
			ID: "q1", Tool: "AskUserQuestion",
			Call: cards.GenericCall{
				Title: "Ask: Which delimiter should the CSV use?", Kind: cards.KindOther,
				Content: text("  1. Comma — RFC 4180\n  2. Tab — easier to paste"),
			},
			Result: cards.GenericResult{Title: "Answered", Content: text("Which delimiter should the CSV use? → Comma")},
		}},
		sample{"task-list", cards.ToolCard{
			ID: "q2", Tool: "TaskList", Call: cards.GenericCall{Title: "List tasks", Kind: cards.KindRead},
			Result: cards.GenericResult{Content: md("- [x] #1 Add the --csv flag\n- [ ] **#2 Test both flags** (in progress)\n- [ ] #3 Document it — blocked by #2")},
		}},
	)
}

func init() {
	samples = append(samples,
		sample{"message-plan", cards.Message{
			Role: cards.RolePlan,
			Text: "## Drop split.go\n\n1. Replace `split` with `strings.Fields`\n2. Delete `internal/count/split.go`",
		}},
	)
}
