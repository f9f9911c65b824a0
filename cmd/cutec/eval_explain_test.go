package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cutec/cutec/internal/explain"
)

// eval -explain -json gives one derivation object per expression, from the
// arguments or from standard input, and fails (exit 1) when one fails.
func TestEvalExplainJSON(t *testing.T) {
	status, out, errOut := runCmd([]byte("# a comment\ncomplement(4:2, 8)\n\ncomposition((4,6):(1,5), 6:3)\n"), "eval", "-explain", "-json")
	require.Empty(t, errOut)
	assert.Equal(t, exitFindings, status)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, lines, 2)
	var ok, bad explain.Derivation
	require.NoError(t, json.Unmarshal([]byte(lines[0]), &ok))
	require.NoError(t, json.Unmarshal([]byte(lines[1]), &bad))
	// pycute's complement(4:2, 8) is 2:1, built as (2,1):(1,8).
	assert.Equal(t, "2:1", ok.Value)
	assert.Equal(t, "(2,1):(1,8)", ok.Steps[len(ok.Steps)-2].Expr)
	assert.False(t, ok.Failed)
	assert.True(t, bad.Failed)
	assert.Contains(t, bad.Value, "error[E0400]")

	status, out, _ = runCmd(nil, "eval", "-explain", "swizzle(S<3,4,3>, 200)")
	assert.Equal(t, exitOK, status)
	assert.True(t, strings.HasSuffix(out, "= 216\n"), out) // 200 ^ ((200 & 0b1110000000) >> 3)
}

// verify -explain derives the call a diagnostic is about, the innermost
// one; a clean input prints nothing.
func TestVerifyExplain(t *testing.T) {
	status, out, _ := runCmd(nil, "verify", "-explain", "size(complement((3,8):(1,1)))")
	assert.Equal(t, exitFindings, status)
	assert.Contains(t, out, "derivation of E0402")
	assert.Contains(t, out, "\ncomplement((3,8):(1,1))\n")
	assert.Equal(t, 1, strings.Count(out, "\ncomplement((3,8):(1,1))\n"), "one derivation per call, though two diagnostics point at it")

	status, out, _ = runCmd(nil, "verify", "-explain", "complement(4:2, 8)")
	assert.Equal(t, exitOK, status)
	assert.Empty(t, out)
}
