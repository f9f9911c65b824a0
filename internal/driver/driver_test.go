package driver

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cutec/cutec/diag"
)

// TestLineWindowPassesOverBOM: the byte-order mark (EF BB BF, the UTF-8
// encoding of U+FEFF) at the start of an input is not part of the first
// line's text, and columns still count its three bytes; elsewhere it is
// text.
func TestLineWindowPassesOverBOM(t *testing.T) {
	f := LineWindow("a.cute", []byte("\xef\xbb\xbfA = 4:1"), 0, 1)
	assert.Equal(t, "A = 4:1", string(f.Src))
	assert.Equal(t, 4, f.Position(0).Col)
	g := LineWindow("a.cute", []byte("\xef\xbb\xbfA"), 10, 2)
	assert.Equal(t, "\xef\xbb\xbfA", string(g.Src), "a mark past the start is text")
}

// TestLongLines: E0109 for each line over MaxLineLen bytes, quoting its
// first SnippetLen bytes cut at a character boundary (é is 2 bytes in
// UTF-8), none for a line of exactly MaxLineLen bytes.
func TestLongLines(t *testing.T) {
	long := strings.Repeat("a", SnippetLen-1) + "é" + strings.Repeat("b", MaxLineLen)
	src := []byte("ok\n" + long + "\n" + strings.Repeat("c", MaxLineLen) + "\n")
	l := LongLines("x.cute", src)
	require.Len(t, l, 1)
	d := l[0]
	assert.Equal(t, diag.LineTooLong, d.Code)
	assert.Equal(t, 2, d.Start().Line)
	q := d.File.Src[d.Span.Start:d.Span.End]
	assert.True(t, utf8.Valid(q))
	assert.Equal(t, SnippetLen-1, len(q), "the split é is cut off")
	assert.Nil(t, LongLines("x.cute", []byte("short\n")))
}

// TestEvalObligations: one evaluation gives the value and the conditions
// it holds under, which AppendNotes prints after `  # if ` and
// AppendObligationsJSON as the field of `cutec eval -json`; an error gives
// its first error and no value.
func TestEvalObligations(t *testing.T) {
	e := Eval(diag.NewFile("<expr>", []byte("logical_divide((M,K):(1,lda), (128,32))")))
	require.NotNil(t, e.Value)
	require.Nil(t, e.FirstError())
	if len(e.Obligations) > 0 {
		conds := make([]string, len(e.Obligations))
		for i, o := range e.Obligations {
			conds[i] = o.Condition
		}
		assert.Equal(t, "  # if "+strings.Join(conds, ", "), string(AppendNotes(nil, e.Value, e.Obligations)))
		assert.Contains(t, string(AppendObligationsJSON(nil, e.Obligations)), `{"condition":"`+conds[0]+`","proved":false}`)
	}
	bad := Eval(diag.NewFile("<expr>", []byte("compositon(8:2, 4:1)")))
	assert.Nil(t, bad.Value)
	require.NotNil(t, bad.FirstError())
	assert.Equal(t, diag.Code("E0203"), bad.FirstError().Code)
	assert.Equal(t, "[]", string(AppendObligationsJSON(nil, nil)))
}

// TestDefaultChecks: the configuration every front end runs by default has
// the op checker on for MLIR, not for .cute text.
func TestDefaultChecks(t *testing.T) {
	c := Default()
	assert.True(t, c.MLIR.ChecksOps())
	assert.Same(t, c.MLIR, Default().MLIR, "made once")
}
