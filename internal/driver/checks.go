package driver

import (
	"sync"

	"github.com/cutec/cutec/verify"
)

// Checks is one configuration of checks, passed explicitly to what runs
// them: the pass for .cute text and expressions, and the pass for MLIR,
// which also rejects what the dialect cannot lower, checks the ops' result
// types and leaves out the checks that would warn on what the compiler
// emits on purpose. Both are safe for concurrent use.
type Checks struct {
	Cute, MLIR *verify.Pass
}

// NewChecks returns the configuration of opts: opts for .cute text, and
// opts with Lowerable and IR set for MLIR.
func NewChecks(opts verify.Options) (Checks, error) {
	cute, err := verify.NewPass(opts)
	if err != nil {
		return Checks{}, err
	}
	opts.Lowerable, opts.IR = true, true
	mlir, err := verify.NewPass(opts)
	if err != nil {
		return Checks{}, err
	}
	return Checks{Cute: cute, MLIR: mlir}, nil
}

// Default returns the configuration every front end runs when it is given
// no other: the default checks (`cutec lint` with no flag). It is made
// once.
var Default = sync.OnceValue(func() Checks {
	c, err := NewChecks(verify.Options{})
	if err != nil {
		panic(err) // the default options name no check, so cannot fail
	}
	c.Cute = verify.Default() // the same checks, and its caches shared with verify's users
	return c
})
