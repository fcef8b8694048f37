package claude_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/testkit/replaytest"
)

// claude21Files are the recorded files of each version: the session
// transcript and the stream-json output of the same run.
func claude21Files(version string) []string {
	return []string{claude21Sessions[version] + ".jsonl", "stream.jsonl"}
}

// childMessages are the messages nested under a card.
func childMessages(c cards.ToolCard) []cards.Message {
	return replaytest.EntriesOf[cards.Message](c.Children)
}

func TestClaude21SubagentRepliesAreReplies(t *testing.T) {
	for version := range claude21Sessions {
		for _, name := range claude21Files(version) {
			card := agentCard(t, loadRecorded(t, version, name), "Survey TODOs")
			var replies []string
			for _, m := range childMessages(card) {
				assert.NotEqual(t, cards.RoleContext, m.Role, "%s %s: the sub-agent's text %q is its reply", version, name, m.Text)
				if m.Role == cards.RoleAssistant {
					replies = append(replies, m.Text)
				}
			}
			if version+name != "2.1.83stream.jsonl" { // its stream has none of the sub-agent's text
				assert.Contains(t, replies, "Reading the README.", "%s %s", version, name)
			}
		}
	}
}

func TestClaude21SubagentAnswerShownOnce(t *testing.T) {
	for version := range claude21Sessions {
		for _, name := range claude21Files(version) {
			tr := loadRecorded(t, version, name)
			for _, description := range []string{"Survey TODOs", "Count util.py lines"} {
				card := agentCard(t, tr, description)
				r, ok := card.Result.(cards.GenericResult)
				if !assert.True(t, ok, "%s %s %s: an answer", version, name, description) || len(r.Content) == 0 {
					continue // 2.1.83's stream never gives a background agent's answer
				}
				answer := strings.TrimSpace(r.Content[0].(cards.TextBlock).Text)
				for _, m := range childMessages(card) {
					assert.NotEqual(t, answer, strings.TrimSpace(m.Text), "%s %s %s: the answer is the card's result, not a nested reply too", version, name, description)
				}
			}
		}
	}
}

func TestClaude21BackgroundAgentSaysSo(t *testing.T) {
	background := map[string][]string{
		"2.1.83":  {"Count util.py lines"},
		"2.1.332": {"Survey TODOs", "Count util.py lines"},
	}
	for version, descriptions := range background {
		for _, name := range claude21Files(version) {
			tr := loadRecorded(t, version, name)
			for _, description := range descriptions {
				r, _ := agentCard(t, tr, description).Result.(cards.GenericResult)
				assert.Equal(t, "Backgrounded agent", r.Title, "%s %s %s", version, name, description)
			}
		}
		r, _ := agentCard(t, transcript21(t, "2.1.83"), "Survey TODOs").Result.(cards.GenericResult)
		assert.Empty(t, r.Title, "a foreground agent")
	}
}

func TestClaude21TaskNoticeNamesTheAgent(t *testing.T) {
	want := map[string]map[string][]string{
		"2.1.83": {
			claude21Sessions["2.1.83"] + ".jsonl": {`Agent "Count util.py lines" completed · 400ms`},
			"stream.jsonl":                        {`Agent "Survey TODOs" completed · 600ms`, `Agent "Count util.py lines" completed · 400ms`},
		},
		"2.1.332": {
			claude21Sessions["2.1.332"] + ".jsonl": {`Agent "Survey TODOs" finished · 1.8s`, `Agent "Count util.py lines" finished · 200ms`},
			"stream.jsonl":                         {`Agent "Survey TODOs" completed · 1.8s`, `Agent "Count util.py lines" completed · 200ms`},
		},
	}
	for version, files := range want {
		for name, texts := range files {
			got := replaytest.Notices(loadRecorded(t, version, name))
			for _, text := range texts {
				assert.Contains(t, got, text, "%s %s", version, name)
			}
			for _, n := range got {
				assert.NotContains(t, n, "Background task a", "%s %s: no raw task id", version, name)
			}
		}
	}
}
