package acpclient

import "unicode/utf8"

// ring keeps the last bytes written to it, up to a limit, in a buffer
// that grows to the limit and no further: a terminal that prints
// gigabytes costs its byte limit, and each write costs its own length.
type ring struct {
	buf []byte
	// start is where the oldest byte is once the buffer is full.
	start int
}

// write adds b, dropping the oldest bytes past limit; it reports whether
// any byte was dropped.
func (r *ring) write(b []byte, limit int) bool {
	if limit <= 0 {
		return len(b) > 0
	}
	dropped := false
	if len(b) >= limit {
		dropped = len(b) > limit || len(r.buf) > 0
		r.grow(limit, limit)
		r.buf, r.start = append(r.buf[:0], b[len(b)-limit:]...), 0
		return dropped
	}
	if room := limit - len(r.buf); room > 0 {
		n := min(room, len(b))
		r.grow(len(r.buf)+n, limit)
		r.buf = append(r.buf, b[:n]...)
		b = b[n:]
	}
	for len(b) > 0 { // full: overwrite the oldest bytes
		n := copy(r.buf[r.start:], b)
		b = b[n:]
		r.start = (r.start + n) % len(r.buf)
		dropped = true
	}
	return dropped
}

// grow makes room for need bytes, doubling the buffer but never past
// limit.
func (r *ring) grow(need, limit int) {
	if need <= cap(r.buf) {
		return
	}
	buf := make([]byte, len(r.buf), min(limit, max(need, 2*cap(r.buf))))
	copy(buf, r.buf)
	r.buf = buf
}

// text is what the ring holds, oldest first; when bytes were dropped,
// its start is moved to a character boundary.
func (r *ring) text(cut bool) string {
	out := make([]byte, 0, len(r.buf))
	out = append(append(out, r.buf[r.start:]...), r.buf[:r.start]...)
	if cut {
		i := 0
		for i < len(out) && i < utf8.UTFMax && !utf8.RuneStart(out[i]) {
			i++
		}
		out = out[i:]
	}
	return string(out)
}
