package lazyregexp

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestNewCompilesOnceOnFirstUse(t *testing.T) {
	digits := New(`^[0-9]+$`)
	assert.True(t, digits().MatchString("123"))
	assert.False(t, digits().MatchString("12a"))
	assert.Same(t, digits(), digits(), "compiled once")
}

func TestNewPanicsOnFirstUseOfABadExpression(t *testing.T) {
	bad := New(`(`)
	assert.Panics(t, func() { bad() })
}
