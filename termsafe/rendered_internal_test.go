package termsafe

import "testing"

// TestInvisibleRemembersIsInvisible checks the remembered answer on every
// rune it remembers, asked twice.
func TestInvisibleRemembersIsInvisible(t *testing.T) {
	for range 2 {
		for r := range rune(loneRunes + 1) {
			if invisible(r) != isInvisible(r) {
				t.Fatalf("invisible(%U) = %v, isInvisible says %v", r, invisible(r), isInvisible(r))
			}
		}
	}
}
