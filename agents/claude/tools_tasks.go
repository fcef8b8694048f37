package claude

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/toolkit"
	"github.com/cardtui/cardtui/producers"
)

// Claude Code's task list tools (TaskCreate, TaskUpdate, TaskGet,
// TaskList, which replace TodoWrite in recent versions) and
// AskUserQuestion, from their input and the toolUseResult Claude Code
// stores: {task: {id, subject}} for a created task, {taskId,
// updatedFields, statusChange: {from, to}} for an update, {task} for a
// get, {tasks: [{id, subject, status, owner, blockedBy}]} for the list,
// {questions, answers: {question: answer}} for the questions asked.
var (
	claudeTaskCreateProducer  = producers.Producer{PresentCall: presentClaudeTaskCreateCall, PresentResult: presentClaudeTaskCreateResult}
	claudeTaskUpdateProducer  = producers.Producer{PresentCall: presentClaudeTaskUpdateCall, PresentResult: presentClaudeTaskUpdateResult}
	claudeTaskGetProducer     = producers.Producer{PresentCall: presentClaudeTaskGetCall, PresentResult: presentClaudeTaskListResult}
	claudeTaskListProducer    = producers.Producer{PresentCall: presentClaudeTaskListCall, PresentResult: presentClaudeTaskListResult}
	claudeAskQuestionProducer = producers.Producer{PresentCall: presentClaudeAskCall, PresentResult: presentClaudeAskResult}
)

// claudeTask is a task as TaskCreate's input, TaskGet's and TaskList's
// results hold it.
type claudeTask struct {
	ID          string   `json:"id"`
	Subject     string   `json:"subject"`
	Description string   `json:"description"`
	ActiveForm  string   `json:"activeForm"`
	Status      string   `json:"status"`
	Owner       string   `json:"owner"`
	BlockedBy   []string `json:"blockedBy"`
}

// presentClaudeTaskCreateCall titles the card "Create task: subject" over
// the task's description.
func presentClaudeTaskCreateCall(args json.RawMessage) (cards.CallView, error) {
	var raw struct {
		Subject     *string `json:"subject"`
		Description string  `json:"description"`
	}
	if err := producers.DecodeCheckedArgs(args, &raw); err != nil {
		return nil, err
	}
	subject, err := toolkit.NonEmpty("subject", raw.Subject)
	if err != nil {
		return nil, toolkit.Within("arguments", err)
	}
	return cards.GenericCall{Title: "Create task: " + oneLineText(subject), Kind: cards.KindThink, Content: toolkit.Text(raw.Description)}, nil
}

// presentClaudeTaskCreateResult names the task created: "Task #3
// created".
func presentClaudeTaskCreateResult(_ json.RawMessage, r producers.Result) (cards.ResultView, error) {
	if r.IsError {
		return claudeErrorResult(r), nil
	}
	var m struct {
		Task *claudeTask `json:"task"`
	}
	ok, err := claudeMeta(r, &m)
	if err != nil || !ok || m.Task == nil || m.Task.ID == "" {
		return producers.GenericResult(r), err
	}
	return cards.GenericResult{Content: toolkit.Text("Task #" + m.Task.ID + " created")}, nil
}

// claudeTaskUpdate is TaskUpdate's input.
type claudeTaskUpdate struct {
	TaskID       *string  `json:"taskId"`
	Status       string   `json:"status"`
	Subject      string   `json:"subject"`
	Description  string   `json:"description"`
	Owner        string   `json:"owner"`
	AddBlocks    []string `json:"addBlocks"`
	AddBlockedBy []string `json:"addBlockedBy"`
}

// taskStatusVerbs title an update by the status it sets.
var taskStatusVerbs = map[string]string{
	"in_progress": "Start task #",
	"completed":   "Complete task #",
	"deleted":     "Delete task #",
	"pending":     "Reopen task #",
}

// presentClaudeTaskUpdateCall titles the card by what the update does —
// "Start task #2", "Complete task #2", "Update task #2" — and lists the
// fields it sets.
func presentClaudeTaskUpdateCall(args json.RawMessage) (cards.CallView, error) {
	var raw claudeTaskUpdate
	if err := producers.DecodeCheckedArgs(args, &raw); err != nil {
		return nil, err
	}
	id, err := toolkit.NonEmpty("taskId", raw.TaskID)
	if err != nil {
		return nil, toolkit.Within("arguments", err)
	}
	verb, ok := taskStatusVerbs[raw.Status]
	if !ok {
		verb = "Update task #"
	}
	var fields []string
	for _, f := range []struct{ name, value string }{
		{"subject", raw.Subject},
		{"description", raw.Description},
		{"owner", raw.Owner},
		{"blocks", strings.Join(raw.AddBlocks, ", ")},
		{"blocked by", strings.Join(raw.AddBlockedBy, ", ")},
	} {
		if f.value != "" {
			fields = append(fields, f.name+": "+f.value)
		}
	}
	if raw.Status != "" && !ok {
		fields = append([]string{"status: " + raw.Status}, fields...)
	}
	return cards.GenericCall{Title: verb + oneLineText(id), Kind: cards.KindThink, Content: toolkit.Text(strings.Join(fields, "\n"))}, nil
}

// presentClaudeTaskUpdateResult says what changed: "Task #2: pending →
// in progress", or which fields were updated.
func presentClaudeTaskUpdateResult(_ json.RawMessage, r producers.Result) (cards.ResultView, error) {
	if r.IsError {
		return claudeErrorResult(r), nil
	}
	var m struct {
		TaskID        string   `json:"taskId"`
		UpdatedFields []string `json:"updatedFields"`
		StatusChange  *struct {
			From string `json:"from"`
			To   string `json:"to"`
		} `json:"statusChange"`
	}
	ok, err := claudeMeta(r, &m)
	if err != nil || !ok || m.TaskID == "" {
		return producers.GenericResult(r), err
	}
	line := "Task #" + m.TaskID + " updated"
	switch {
	case m.StatusChange != nil:
		line = "Task #" + m.TaskID + ": " + statusWords(m.StatusChange.From) + " → " + statusWords(m.StatusChange.To)
	case len(m.UpdatedFields) > 0:
		line += ": " + strings.Join(m.UpdatedFields, ", ")
	}
	return cards.GenericResult{Content: toolkit.Text(line)}, nil
}

// statusWords writes a task status as words: "in_progress" as "in
// progress".
func statusWords(status string) string { return strings.ReplaceAll(status, "_", " ") }

// presentClaudeTaskGetCall titles the card "Read task #N".
func presentClaudeTaskGetCall(args json.RawMessage) (cards.CallView, error) {
	var raw struct {
		TaskID *string `json:"taskId"`
	}
	if err := producers.DecodeCheckedArgs(args, &raw); err != nil {
		return nil, err
	}
	id, err := toolkit.NonEmpty("taskId", raw.TaskID)
	if err != nil {
		return nil, toolkit.Within("arguments", err)
	}
	return cards.GenericCall{Title: "Read task #" + oneLineText(id), Kind: cards.KindRead}, nil
}

// presentClaudeTaskListCall titles the card "List tasks".
func presentClaudeTaskListCall(json.RawMessage) (cards.CallView, error) {
	return cards.GenericCall{Title: "List tasks", Kind: cards.KindRead}, nil
}

// presentClaudeTaskListResult shows the tasks (TaskList's, or TaskGet's
// one) as a checklist: "#1 subject", its owner and what blocks it.
func presentClaudeTaskListResult(_ json.RawMessage, r producers.Result) (cards.ResultView, error) {
	if r.IsError {
		return claudeErrorResult(r), nil
	}
	var m struct {
		Tasks *[]claudeTask `json:"tasks"`
		Task  *claudeTask   `json:"task"`
	}
	ok, err := claudeMeta(r, &m)
	if err != nil || !ok || m.Tasks == nil && m.Task == nil {
		return producers.GenericResult(r), err
	}
	tasks := toolkit.ValueOr(m.Tasks, nil)
	if m.Task != nil {
		tasks = []claudeTask{*m.Task}
	}
	if len(tasks) == 0 {
		return cards.GenericResult{Content: toolkit.Text("No tasks.")}, nil
	}
	items := make([]string, len(tasks))
	for i, task := range tasks {
		items[i] = taskItem(task)
	}
	return cards.GenericResult{Content: toolkit.Markdown(strings.Join(items, "\n"))}, nil
}

// taskItem is one task as a checklist item, its subject escaped.
func taskItem(task claudeTask) string {
	name := "#" + task.ID + " " + toolkit.EscapeMarkdown(oneLineText(task.Subject))
	if task.Owner != "" {
		name += " (" + toolkit.EscapeMarkdown(oneLineText(task.Owner)) + ")"
	}
	if len(task.BlockedBy) > 0 {
		name += " — blocked by #" + strings.Join(task.BlockedBy, ", #")
	}
	item := producers.ChecklistItem(producers.Todo{Content: name, Status: task.Status})
	if task.Description != "" {
		item += "\n\n  " + strings.ReplaceAll(toolkit.EscapeMarkdown(task.Description), "\n", "\n  ")
	}
	return item
}

// oneLineText joins the lines of a title's text with spaces.
func oneLineText(s string) string { return strings.Join(strings.Fields(s), " ") }

// claudeQuestion is one question AskUserQuestion asks.
type claudeQuestion struct {
	Question string `json:"question"`
	Header   string `json:"header"`
	Options  []struct {
		Label       string `json:"label"`
		Description string `json:"description"`
	} `json:"options"`
	MultiSelect bool `json:"multiSelect"`
}

// parseQuestions reads AskUserQuestion's questions, at least one.
func parseQuestions(args json.RawMessage) ([]claudeQuestion, error) {
	var raw struct {
		Questions *[]claudeQuestion `json:"questions"`
	}
	if err := producers.DecodeCheckedArgs(args, &raw); err != nil {
		return nil, err
	}
	questions, err := toolkit.Required("questions", raw.Questions)
	if err == nil && len(questions) == 0 {
		err = fmt.Errorf("field %q is empty", "questions")
	}
	return questions, toolkit.Within("arguments", err)
}

// asked are the questions as the question card draws them.
func asked(questions []claudeQuestion) []producers.Question {
	list := make([]producers.Question, 0, len(questions))
	for _, q := range questions {
		pq := producers.Question{Text: q.Question, Multiple: q.MultiSelect}
		for _, o := range q.Options {
			pq.Options = append(pq.Options, producers.Option{Label: o.Label, Description: o.Description})
		}
		list = append(list, pq)
	}
	return list
}

// presentClaudeAskCall titles the card with the question (or how many
// are asked) and lists each question with its options.
func presentClaudeAskCall(args json.RawMessage) (cards.CallView, error) {
	questions, err := parseQuestions(args)
	if err != nil {
		return nil, err
	}
	return producers.QuestionsCall(asked(questions)), nil
}

// presentClaudeAskResult shows each question with the user's answer,
// "question → answer", in the order asked.
func presentClaudeAskResult(args json.RawMessage, r producers.Result) (cards.ResultView, error) {
	questions, err := parseQuestions(args)
	if err != nil {
		return nil, err
	}
	if r.IsError {
		return claudeErrorResult(r), nil
	}
	var m struct {
		Answers map[string]json.RawMessage `json:"answers"`
	}
	ok, err := claudeMeta(r, &m)
	if err != nil || !ok || len(m.Answers) == 0 {
		return producers.GenericResult(r), err
	}
	answers := make([][]string, 0, len(questions))
	for _, q := range questions {
		answers = append(answers, answerText(m.Answers[q.Question]))
	}
	return producers.AnswersResult(asked(questions), answers), nil
}

// answerText is an answer as written: a string, or the strings of a
// multiple choice; none when it is neither.
func answerText(raw json.RawMessage) []string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return []string{s}
	}
	var many []string
	_ = json.Unmarshal(raw, &many)
	return many
}

// webFetchBody is what WebFetch's toolUseResult holds of a page: the
// model's answer from it (Markdown), its size and how long it took.
type webFetchBody struct {
	URL        *string `json:"url"`
	Code       *int    `json:"code"`
	Bytes      *int    `json:"bytes"`
	Result     *string `json:"result"`
	DurationMs *int    `json:"durationMs"`
}

// title says how big the page was and how long the fetch took: "12,345
// bytes in 1.2s" ("1 bytes" reads as a count, as Claude Code prints it).
func (b webFetchBody) title() string {
	var parts []string
	if b.Bytes != nil {
		parts = append(parts, thousands(*b.Bytes)+" bytes")
	}
	if b.DurationMs != nil {
		parts = append(parts, "in "+(time.Duration(*b.DurationMs)*time.Millisecond).Round(100*time.Millisecond).String())
	}
	return strings.Join(parts, " ")
}
