package acpclient

import (
	"encoding/json"
	"io"
	"sync"
	"time"

	"github.com/cardtui/cardtui/agents/acp"
)

// recorder writes records, one JSON line each, to w; it is safe for
// concurrent use. A write error stops the recording and is kept.
type recorder struct {
	mu  sync.Mutex
	w   io.Writer
	err error
	now func() time.Time
}

// write stamps r and writes it; a nil recorder records nothing.
func (rec *recorder) write(r acp.Record) {
	if rec == nil {
		return
	}
	rec.mu.Lock()
	defer rec.mu.Unlock()
	if rec.w == nil || rec.err != nil {
		return
	}
	r.Time = rec.now().UTC()
	b, err := json.Marshal(r)
	if err == nil {
		_, err = rec.w.Write(append(b, '\n'))
	}
	rec.err = err
}

// failure is the write error that stopped the recording, if any.
func (rec *recorder) failure() error {
	if rec == nil {
		return nil
	}
	rec.mu.Lock()
	defer rec.mu.Unlock()
	return rec.err
}
