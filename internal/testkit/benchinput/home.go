package benchinput

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/cardtui/cardtui/internal/lazyregexp"
)

// Sample is a real recorded session a generated home is cloned from.
type Sample struct {
	// Agent is "claude" or "codex": where its clones are written.
	Agent string
	// ID is the session's id, replaced by a fresh one in each clone;
	// Cwd its project, replaced by one of the home's projects.
	ID, Cwd string
	// Data is the session file.
	Data []byte
}

// HomeSamples are the Claude Code and Codex sessions recorded in the
// repository (agents/*/testdata, relative to root), the samples of Home.
func HomeSamples(root string) ([]Sample, error) {
	samples := []Sample{
		{"claude", "5abf7094-c675-4192-a199-80fd8b362245", "", nil},
		{"codex", "01a242a7-c640-7932-bd96-55a9a2ba7b21", "/tmp/rec/codex-plain/proj", nil},
		{"claude", "187f5ed1-f05d-4997-836b-b1798a5dcf85", "", nil},
	}
	paths := []string{
		"agents/claude/testdata/cc-2.1.332/5abf7094-c675-4192-a199-80fd8b362245.jsonl",
		"agents/codex/testdata/codex-0.169.0/rollout.jsonl",
		"agents/claude/testdata/cc-2.1.83/187f5ed1-f05d-4997-836b-b1798a5dcf85.jsonl",
	}
	for i, p := range paths {
		data, err := os.ReadFile(filepath.Join(root, p))
		if err != nil {
			return nil, err
		}
		samples[i].Data = data
		if samples[i].Cwd == "" {
			samples[i].Cwd = string(cwdOf(data))
		}
	}
	return samples, nil
}

// cwdField finds a Claude Code line's project.
var cwdField = lazyregexp.New(`"cwd":"([^"]*)"`)

// cwdOf is the first project a Claude Code transcript names.
func cwdOf(data []byte) []byte {
	if m := cwdField().FindSubmatch(data); m != nil {
		return m[1]
	}
	return nil
}

// Home writes n sessions under root, as a user's home holds them
// (.claude/projects/…, .codex/sessions/YYYY/MM/DD/…), cloned from the
// samples in turn: each with a fresh id, a project of twelve, its dates
// moved to one of the 365 days before newest (the first session the
// newest) and its body repeated, with fresh ids, to about size bytes on
// average (a quarter to seven quarters of it, by session). It returns
// the bytes written.
func Home(root string, n, size int, samples []Sample, newest time.Time) (int64, error) {
	var total int64
	renewed := make([][][]byte, len(samples)) // each sample's renewed bodies, by round
	for i := range n {
		s := samples[i%len(samples)]
		day := newest.AddDate(0, 0, -i*365/max(n, 1))
		want := size/4 + (i*7919)%(size*3/2+1)
		data := clone(s, i, day, want, &renewed[i%len(samples)])
		path := homePath(root, s.Agent, i, day)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return total, err
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			return total, err
		}
		if err := os.Chtimes(path, day, day); err != nil {
			return total, err
		}
		total += int64(len(data))
	}
	return total, nil
}

// sessionID is the fresh id of the i-th session.
func sessionID(i int) string {
	return fmt.Sprintf("0b%06x-5e55-4000-8000-%012x", i, i)
}

// homePath is where the agent keeps the i-th session, of that day.
func homePath(root, agent string, i int, day time.Time) string {
	if agent == "codex" {
		name := fmt.Sprintf("rollout-%s-%s.jsonl", day.Format("2006-01-02T15-04-05"), sessionID(i))
		return filepath.Join(root, ".codex", "sessions", day.Format("2006/01/02"), name)
	}
	return filepath.Join(root, ".claude", "projects", fmt.Sprintf("-home-dev-project%02d", i%12), sessionID(i)+".jsonl")
}

// uuidPattern and datePattern find the ids a clone's repeated body
// renews and the dates it moves.
var (
	uuidPattern = lazyregexp.New(`[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{8}([0-9a-f]{4})`)
	datePattern = lazyregexp.New(`"20[0-9]{2}-[0-9]{2}-[0-9]{2}T`)
)

// clone is sample s as the i-th session of day, grown to about size;
// rounds keeps the sample's renewed bodies, which every clone of it
// shares.
func clone(s Sample, i int, day time.Time, size int, rounds *[][]byte) []byte {
	lines := bytes.SplitAfter(s.Data, []byte("\n"))
	skip := min(3, len(lines))
	var out bytes.Buffer
	for _, l := range lines[:skip] {
		out.Write(l)
	}
	body := bytes.Join(lines[skip:], nil)
	for round := 0; round == 0 || out.Len() < size; round++ {
		if round == len(*rounds) {
			*rounds = append(*rounds, renew(body, s.ID, round))
		}
		out.Write((*rounds)[round])
	}
	data := bytes.ReplaceAll(out.Bytes(), []byte(s.ID), []byte(sessionID(i)))
	project := fmt.Sprintf("/home/dev/project%02d", i%12)
	data = bytes.ReplaceAll(data, []byte(`"`+s.Cwd), []byte(`"`+project))
	return datePattern().ReplaceAll(data, []byte(`"`+day.Format("2006-01-02")+"T"))
}

// renew gives the ids in body, but the session's, the round's own last
// digits, and its tool calls' ids the round's prefix.
func renew(body []byte, id string, round int) []byte {
	if round == 0 {
		return body
	}
	body = uuidPattern().ReplaceAllFunc(body, func(u []byte) []byte {
		if string(u) == id {
			return u
		}
		return fmt.Appendf(u[:len(u)-4:len(u)-4], "%04x", round&0xffff)
	})
	for _, prefix := range []string{`"toolu_`, `"call_fake`} {
		body = bytes.ReplaceAll(body, []byte(prefix), fmt.Appendf(nil, "%sr%d_", prefix, round))
	}
	return body
}

// KeptHome is a home of n sessions cloned from the samples under root
// (Home, 650 KiB each on average: about 1.3 GB at 2,000), in home-N under
// $CARDTUI_BENCH_HOME, else under tmp. It is written only when no earlier
// run finished writing it (a file named "written" says so): benchmarks of
// two versions measure the same files.
func KeptHome(tmp, root string, n int) (string, error) {
	dir := os.Getenv("CARDTUI_BENCH_HOME")
	if dir == "" {
		dir = tmp
	}
	home := filepath.Join(dir, fmt.Sprintf("home-%d", n))
	done := filepath.Join(home, "written")
	if _, err := os.Stat(done); err == nil {
		return home, nil
	}
	if err := os.RemoveAll(home); err != nil {
		return "", err
	}
	samples, err := HomeSamples(root)
	if err != nil {
		return "", err
	}
	if _, err := Home(home, n, 650<<10, samples, time.Date(2026, 12, 4, 20, 0, 0, 0, time.UTC)); err != nil {
		return "", err
	}
	return home, os.WriteFile(done, nil, 0o644)
}
