//go:build !linux

package acpclient

// adoptOrphans does nothing where there is no child subreaper: a
// terminal's descendants that leave its process group survive it.
func adoptOrphans() {}

// reapStrays does nothing where there is no child subreaper.
func reapStrays(string, map[int]bool) {}

// reapAdopted does nothing where there is no child subreaper: no orphan
// becomes cardtui's child.
func reapAdopted(int) {}
