//go:build !amd64 || noasm || !gc

package cpuinfo

// detect has nothing to ask where x86extensions is not built: the
// extensions stay off, as upstream leaves them (cardtui's patch, the
// counterpart of cpuinfo_amd64.go's detect).
func detect() {}
