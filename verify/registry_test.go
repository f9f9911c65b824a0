package verify

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cutec/cutec/diag"
)

// TestChecksPassedExplicitly: the checks a Pass runs are those of its
// Options, the package's list and its own extra checks, with no global
// state: an extra check runs in the pass given it and in no other, by
// default unless optional; a name defined twice is an error.
func TestChecksPassedExplicitly(t *testing.T) {
	ran := 0
	extra := &Check{Name: "test-extra", Doc: "a test check", Codes: []diag.Code{diag.Aliasing}, Value: func(*Subject) { ran++ }}
	p, err := NewPass(Options{Extra: []*Check{extra}})
	require.NoError(t, err)
	_, _ = p.Expr(diag.NewFile("<expr>", []byte("(4,8):(1,4)")))
	assert.Positive(t, ran, "the extra check runs by default in its pass")
	ran = 0
	_, _ = Default().Expr(diag.NewFile("<expr>", []byte("(4,8):(1,4)")))
	_, err = NewPass(Options{})
	require.NoError(t, err)
	assert.Zero(t, ran, "another pass does not run it")
	optional := &Check{Name: "test-optional", Optional: true, Value: func(*Subject) { ran++ }}
	q, err := NewPass(Options{Extra: []*Check{optional}})
	require.NoError(t, err)
	_, _ = q.Expr(diag.NewFile("<expr>", []byte("(4,8):(1,4)")))
	assert.Zero(t, ran, "an optional extra check runs only when enabled")
	_, err = NewPass(Options{Enable: []string{"test-optional"}, Extra: []*Check{optional}})
	require.NoError(t, err)
	_, err = NewPass(Options{Enable: []string{"test-optional"}})
	assert.Error(t, err, "a pass without the extra check does not know its name")
	_, err = NewPass(Options{Extra: []*Check{{Name: "aliasing"}}})
	assert.Error(t, err, "a name that is one of the package's checks")
	_, err = NewPass(Options{Extra: []*Check{optional, optional}})
	assert.Error(t, err, "a name given twice")
	names := []string{}
	for _, c := range Checks() {
		names = append(names, c.Name)
	}
	assert.IsIncreasing(t, names)
	assert.Len(t, names, 14)
}
