package claude

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/cardtui/cardtui/cards"
	"github.com/cardtui/cardtui/internal/regularfile"
	"github.com/cardtui/cardtui/internal/toolkit"
	"github.com/cardtui/cardtui/producers"
	"github.com/cardtui/cardtui/replay"
)

// Bounds on the sub-agent transcripts read beside a session.
const (
	maxAgentFiles    = 1000
	maxAgentFileSize = 256 << 20
	maxAgentLine     = 64 << 20
	maxAgentMeta     = 1 << 20
	// maxAgentPrompt bounds the first line read to match a transcript
	// to its call by prompt.
	maxAgentPrompt = 1 << 20
)

// nestedAgents nests what Claude Code's sub-agents did under the Agent
// (or Task) card that started them, as the card's children: their text
// as their replies (but the last when it is the answer the card's result
// shows), their thinking collapsed, each of their calls a card with its
// result. Since 2.1 Claude Code writes each sub-agent's
// transcript to <session id>/subagents/agent-<id>.jsonl beside the
// session file, with an agent-<id>.meta.json naming the Agent call's
// tool_use id (2.1.83 mirrors the lines into the session file as
// progress lines too; those stay skipped, so nothing is shown twice).
// Its stream-json output marks a sub-agent's lines with the Agent call's
// id (parent_tool_use_id) instead.
type nestedAgents struct {
	// dir is the folder of the session's sub-agent transcripts, "" when
	// the session is not a file.
	dir string
	// files are the sub-agent transcripts found in dir; the folder is
	// listed again when a call's is not among them, but each file is read
	// only once.
	files []*agentFile
	// byCall is the nested agent of each Agent call, by tool_use id;
	// calls are those ids in call order.
	byCall map[string]*nestedAgent
	calls  []string
}

// agentFile is one sub-agent transcript found beside the session.
type agentFile struct {
	path      string
	toolUseID string // from its .meta.json, when recorded
	// prompt is its first line's text, read only when no toolUseID
	// matches it to its call; skip is that line's length, which nesting
	// the file does not read again.
	prompt string
	skip   int64
	used   bool
}

// nestedAgent is the card of one Agent call and the state of its
// children.
type nestedAgent struct {
	card     replay.CardPath
	prompt   string
	prompted bool
	// fromFile is set when the sub-agent's transcript was read, streamed
	// when the stream-json output gave its lines; background when the
	// agent was launched in the background.
	fromFile, streamed, background bool
	calls                          map[string]nestedCall
}

// nestedCall is a sub-agent's call: its card and what its result needs.
type nestedCall struct {
	path  replay.CardPath
	input claudeInput
}

func newNestedAgents() nestedAgents { return nestedAgents{byCall: map[string]*nestedAgent{}} }

// UsePath makes the decoder read the sub-agent transcripts beside the
// session file at path.
func (d *claudeCode) UsePath(path string) {
	base := strings.TrimSuffix(filepath.Base(path), ".jsonl")
	d.nested.dir = filepath.Join(filepath.Dir(path), base, "subagents")
}

// startNested records an Agent call's card. What the sub-agent did is
// nested when its transcript is complete: at the call's result, or, for
// an agent launched in the background, at its task notification (or at
// the end of the input, when neither came).
func (d *claudeCode) startNested(t *replay.Transcript, id string, args []byte) {
	card, ok := t.LastCard(id)
	if !ok {
		return
	}
	var in struct {
		Prompt string `json:"prompt"`
	}
	_ = json.Unmarshal(args, &in)
	d.nested.calls = append(d.nested.calls, id)
	d.nested.byCall[id] = &nestedAgent{card: card, prompt: strings.TrimSpace(in.Prompt), calls: map[string]nestedCall{}}
}

// agentResult nests a foreground agent's transcript when its result
// arrives; a background agent's waits for its notification.
func (d *claudeCode) agentResult(t *replay.Transcript, id string, r producers.Result) {
	agent, ok := d.nested.byCall[id]
	if !ok {
		return
	}
	var m struct {
		IsAsync bool `json:"isAsync"`
	}
	_, _ = claudeMeta(r, &m)
	if agent.background = m.IsAsync || strings.HasPrefix(toolkit.FirstText(r.Content), asyncLaunched); !agent.background {
		d.nestAgent(t, id)
	}
	dropEchoedAnswer(t, id)
}

// backgrounded reports whether the Agent call id was launched in the
// background.
func (n *nestedAgents) backgrounded(id string) bool {
	agent, ok := n.byCall[id]
	return ok && agent.background
}

// dropEchoedAnswer drops from the Agent card of the call id the
// sub-agent's last reply when it is the answer the card's result shows,
// which Claude Code shows once.
func dropEchoedAnswer(t *replay.Transcript, id string) {
	path, ok := t.LastCard(id)
	if !ok {
		return
	}
	t.UpdateCard(path, func(c cards.ToolCard) cards.ToolCard {
		r, ok := c.Result.(cards.GenericResult)
		if !ok || len(c.Children) == 0 {
			return c
		}
		last, ok := c.Children[len(c.Children)-1].(cards.Message)
		if ok && last.Role == cards.RoleAssistant && strings.TrimSpace(last.Text) == strings.TrimSpace(toolkit.FirstText(r.Content)) {
			c.Children = slices.Clip(c.Children[:len(c.Children)-1])
		}
		return c
	})
}

// nestAgent nests the transcript of the Agent call id, once.
func (d *claudeCode) nestAgent(t *replay.Transcript, id string) {
	agent, ok := d.nested.byCall[id]
	if !ok || agent.fromFile || agent.streamed {
		return
	}
	if f := d.nested.fileFor(id, agent.prompt); f != nil {
		d.nestFile(t, agent, f)
	}
}

// nestRemaining nests, at the end of the input, the transcripts of the
// agents still running then: a background agent whose notification did
// not come, an Agent call without a result.
func (d *claudeCode) nestRemaining(t *replay.Transcript) {
	for _, id := range d.nested.calls {
		d.nestAgent(t, id)
	}
}

// fileFor finds the unused transcript of the Agent call id: the one whose
// meta names it, else the first whose prompt is the call's.
func (n *nestedAgents) fileFor(id, prompt string) *agentFile {
	if n.dir == "" {
		return nil
	}
	if f := n.match(id, prompt); f != nil {
		return f
	}
	// A transcript written since the folder was read (a live session).
	n.files = findAgentFiles(n.dir, n.files)
	return n.match(id, prompt)
}

// match finds, among the transcripts read, the unused one of the call.
func (n *nestedAgents) match(id, prompt string) *agentFile {
	for _, f := range n.files {
		if !f.used && f.toolUseID == id {
			f.used = true
			return f
		}
	}
	for _, f := range n.files {
		if !f.used && f.toolUseID == "" && prompt != "" && f.prompt == prompt {
			f.used = true
			return f
		}
	}
	return nil
}

// findAgentFiles lists the sub-agent transcripts of a folder with what
// matches them to their call, keeping those of known as they are: a file
// is read once, not again for every call it did not match.
func findAgentFiles(dir string, known []*agentFile) []*agentFile {
	paths, _ := filepath.Glob(filepath.Join(dir, "agent-*.jsonl"))
	paths = paths[:min(len(paths), maxAgentFiles)]
	seen := map[string]*agentFile{}
	for _, f := range known {
		seen[f.path] = f
	}
	files := make([]*agentFile, 0, len(paths))
	for _, p := range paths {
		if f, ok := seen[p]; ok {
			files = append(files, f)
			continue
		}
		f := &agentFile{path: p}
		var meta struct {
			ToolUseID string `json:"toolUseId"`
		}
		if data, err := regularfile.ReadFile(strings.TrimSuffix(p, ".jsonl")+".meta.json", maxAgentMeta); err == nil {
			_ = json.Unmarshal(data, &meta)
			f.toolUseID = meta.ToolUseID
		}
		if f.toolUseID == "" {
			f.prompt, f.skip = firstPrompt(p)
		}
		files = append(files, f)
	}
	return files
}

// firstPrompt is the text of a transcript's first line and the line's
// length, "" when it is empty, not a user line or longer than
// maxAgentPrompt. It reads ahead of the line by a few KiB at most.
func firstPrompt(path string) (string, int64) {
	file, _, err := regularfile.Open(path)
	if err != nil {
		return "", 0
	}
	defer file.Close()
	raw, _ := bufio.NewReaderSize(io.LimitReader(file, maxAgentPrompt), 4<<10).ReadBytes('\n')
	line := bytes.TrimSpace(raw)
	if len(line) == 0 {
		return "", 0
	}
	rec, err := parseClaudeLine(line)
	if err != nil || rec == nil || rec.typ != "user" {
		return "", 0
	}
	return strings.TrimSpace(rec.plainText()), int64(len(raw))
}

// open opens the transcript at the line nesting it starts from.
func (f *agentFile) open() (*os.File, error) {
	file, _, err := regularfile.Open(f.path)
	if err != nil || f.skip == 0 {
		return file, err
	}
	if _, err := file.Seek(f.skip, io.SeekStart); err != nil {
		file.Close()
		return nil, err
	}
	return file, nil
}

// nestFile reads a sub-agent transcript under its Agent card, once: a
// transcript matched by its prompt is read from its second line, the
// first being the prompt the card shows. A line it cannot read is a
// Problem under the card, naming the file and line.
func (d *claudeCode) nestFile(t *replay.Transcript, agent *nestedAgent, f *agentFile) {
	agent.fromFile = true
	file, err := f.open()
	if err != nil {
		t.AddChild(agent.card, cards.Notice{Text: "Sub-agent transcript not read: " + err.Error()})
		return
	}
	defer file.Close()
	first := 1
	if f.skip > 0 {
		agent.prompted, first = true, 2
	}
	sc := bufio.NewScanner(io.LimitReader(file, maxAgentFileSize))
	sc.Buffer(make([]byte, 0, 64<<10), maxAgentLine)
	for n := first; sc.Scan(); n++ {
		data := bytes.TrimSpace(sc.Bytes())
		if len(data) == 0 {
			continue
		}
		rec, err := parseClaudeLine(data)
		if err != nil {
			t.Stats.Problems++
			t.AddChild(agent.card, cards.Problem{Source: f.path, Line: n, Reason: err.Error(), Excerpt: string(excerptCopy(data))})
			continue
		}
		d.present(rec)
		d.applyNested(t, agent, rec)
	}
	if err := sc.Err(); err != nil {
		t.Stats.Problems++
		t.AddChild(agent.card, cards.Problem{Source: f.path, Reason: err.Error()})
	}
}

// applyNested applies a sub-agent's line under its Agent card: its
// prompt (the card shows it) is left out, its tool results complete
// their cards, and what else Claude Code does not show is counted as
// skipped.
func (d *claudeCode) applyNested(t *replay.Transcript, agent *nestedAgent, rec *claudeRecord) {
	switch rec.typ {
	case "user":
		d.nestedUser(t, agent, rec)
	case "assistant":
		d.nestedAssistant(t, agent, rec)
	default:
		t.AddSkipped("sub-agent " + rec.typ)
	}
}

func (d *claudeCode) nestedUser(t *replay.Transcript, agent *nestedAgent, rec *claudeRecord) {
	var texts []string
	for _, b := range rec.blocks {
		if b.Type == "tool_result" {
			d.nestedResult(t, agent, b.ToolUseID, b.result)
		} else if !isBlank(blockText(b)) {
			texts = append(texts, blockText(b))
		}
	}
	if rec.text != nil && !isBlank(*rec.text) {
		texts = append(texts, *rec.text)
	}
	text := strings.TrimSpace(strings.Join(texts, "\n\n"))
	switch {
	case text == "":
	case !agent.prompted && text == agent.prompt:
		agent.prompted = true
	default:
		agent.prompted = true
		t.AddChild(agent.card, cards.Message{Role: cards.RoleContext, Text: text})
	}
}

func (d *claudeCode) nestedAssistant(t *replay.Transcript, agent *nestedAgent, rec *claudeRecord) {
	if rec.text != nil && !isBlank(*rec.text) {
		t.AddChild(agent.card, cards.Message{Role: cards.RoleAssistant, Text: *rec.text, Reply: rec.facts.reply()})
	}
	for _, b := range rec.blocks {
		switch {
		case b.Type == "thinking" && !isBlank(b.Thinking):
			t.AddChild(agent.card, cards.Message{Role: cards.RoleReasoning, Text: b.Thinking})
		case isCall(b):
			path := t.AddChild(agent.card, cards.ToolCard{ID: b.ID, Tool: b.Name, Call: b.call})
			t.ArgumentsProblem(b.Name, b.problem)
			agent.calls[b.ID] = nestedCall{path: path, input: claudeInput{tool: b.Name, args: []byte(b.Input)}}
		case b.Type == "text" && !isBlank(b.Text):
			t.AddChild(agent.card, cards.Message{Role: cards.RoleAssistant, Text: b.Text, Reply: rec.facts.reply()})
		}
	}
}

// nestedResult gives a sub-agent's tool result to its card.
func (d *claudeCode) nestedResult(t *replay.Transcript, agent *nestedAgent, id string, r producers.Result) {
	call, ok := agent.calls[id]
	if !ok {
		t.AddChild(agent.card, cards.Notice{Text: "A result for a call the sub-agent did not make: " + id})
		return
	}
	delete(agent.calls, id)
	view := d.tools.Result(call.input.tool, call.input.args, r)
	t.UpdateCard(call.path, func(c cards.ToolCard) cards.ToolCard {
		c.Result, c.Outcome = view, r.Outcome
		return c
	})
}
