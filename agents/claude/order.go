package claude

import "fmt"

// orderWindow is how many lines a Claude Code line whose parent has not
// been read yet is held back for its parent to arrive.
const orderWindow = 256

// claudeItem is a line of a Claude Code transcript waiting to be applied:
// its record, or the error that makes it a Problem.
type claudeItem struct {
	number  int
	excerpt []byte
	rec     *claudeRecord
	err     error
	// uuid and parent place the line in the conversation's chain.
	uuid, parent string
	// digest identifies the line's bytes, to tell a copy of a line from
	// another line under the same uuid.
	digest uint64
	// duplicate is set for a copy of a line read before; reused says why
	// a line whose uuid an other line had is shown where it is read.
	duplicate bool
	reused    string
	// readAt is the number of lines read when it was.
	readAt int
	// mayWait is set when a line with a uuid was read before it: the first
	// one's parent, when it has one, is in another file (the session it
	// continues), and waiting for it would hold back a live session.
	mayWait bool
	done    bool
	// visiting marks the items of a chain being released.
	visiting bool
}

// lineOrder puts the lines of a Claude Code transcript in conversation
// order: each line after its parent (parentUuid). A line comes out as soon
// as it is read unless its parent has not been read yet; it is then held,
// with every line after it (so that lines keep their file order), until
// the parent arrives — the parent and its held ancestors then come out
// first — or orderWindow more lines have been read, or the input ends: a
// line whose parent is not in the file keeps its place. A line without a
// uuid (a summary, a bad line) never waits, nor does the first line with
// one; a copy of a line read before is marked duplicate rather than
// placed, and an other line with a uuid read before keeps its place.
type lineOrder struct {
	queue []*claudeItem
	// queued are the items in the queue by uuid; known holds the first
	// line read with each uuid.
	queued map[string]*claudeItem
	known  map[string]knownLine
	read   int
}

func newLineOrder() *lineOrder {
	return &lineOrder{queued: map[string]*claudeItem{}, known: map[string]knownLine{}}
}

// knownLine is the first line read with a uuid: its number and digest.
type knownLine struct {
	number int
	digest uint64
}

// push adds the line just read and applies every line that can come out.
func (o *lineOrder) push(it *claudeItem, apply func(*claudeItem)) {
	o.read++
	it.readAt, it.mayWait = o.read, len(o.known) > 0
	first, known := o.known[it.uuid]
	switch {
	case it.uuid == "":
	case known && first.digest == it.digest:
		it.duplicate, it.uuid, it.parent = true, "", ""
	case known:
		it.reused = fmt.Sprintf("uuid %q is that of line %d, which says something else: this line is shown where it is", it.uuid, first.number)
		it.uuid, it.parent = "", ""
	default:
		o.known[it.uuid] = knownLine{number: it.number, digest: it.digest}
		o.queued[it.uuid] = it
	}
	o.queue = append(o.queue, it)
	o.release(apply, false)
}

// flush applies every line held, as at the end of the input.
func (o *lineOrder) flush(apply func(*claudeItem)) { o.release(apply, true) }

// release applies the lines at the head of the queue, up to the first
// that waits for its parent (unless all).
func (o *lineOrder) release(apply func(*claudeItem), all bool) {
	for len(o.queue) > 0 {
		head := o.queue[0]
		if !head.done {
			if !all && o.waits(head) {
				return
			}
			o.releaseChain(head, apply)
		}
		o.queue[0] = nil
		o.queue = o.queue[1:]
	}
}

// waits reports whether an item must wait: it, or an ancestor of it still
// in the queue, has a parent not read yet, read fewer than orderWindow
// lines ago. A cycle of parents does not wait.
func (o *lineOrder) waits(it *claudeItem) bool {
	for range len(o.queue) {
		if it.parent == "" {
			return false
		}
		if parent, ok := o.queued[it.parent]; ok {
			it = parent
			continue
		}
		_, parentRead := o.known[it.parent]
		return it.mayWait && !parentRead && o.read-it.readAt < orderWindow
	}
	return false
}

// releaseChain applies the ancestors of an item that are still in the
// queue, oldest first, then the item.
func (o *lineOrder) releaseChain(it *claudeItem, apply func(*claudeItem)) {
	chain := []*claudeItem{it}
	it.visiting = true
	for parent, ok := o.queued[it.parent]; ok && !parent.visiting; parent, ok = o.queued[parent.parent] {
		parent.visiting = true
		chain = append(chain, parent)
	}
	for i := len(chain) - 1; i >= 0; i-- {
		c := chain[i]
		c.done, c.visiting = true, false
		if c.uuid != "" {
			delete(o.queued, c.uuid)
		}
		apply(c)
	}
}
