package evalfast

import (
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestReadSymbolicReusedCall reads lines one after another into one
// SymCall, as eval does, and each must give the values a fresh SymCall
// gives: the arrays and the symbols' leaves a SymCall keeps from line to
// line never carry a line's values, or a symbol's fact, into the next.
func TestReadSymbolicReusedCall(t *testing.T) {
	// More elements than the kept array holds, and more symbols than the
	// kept leaves, so that both wrap.
	wide := "size((" + strings.Repeat("M,", 20) + "N):(" + strings.Repeat("1,", 20) + "M))"
	var names []string
	for _, n := range []string{"A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "lda"} {
		names = append(names, "logical_divide(("+n+",8):(1,"+n+"), [4:1;"+n+"2:1])")
	}
	lines := append([]string{
		"size((M{div=8},4):(1,M))", "size((M,4):(1,M))", "size((M{div=16},4):(1,M{div=8}))", "size((M,4):(M,1))",
		"logical_divide((M,8):(1,M{div=16}), [4:1;S8:1])", "logical_divide((M,8):(1,M), [4:1;S8:1])",
		"logical_divide((M,8):(1,32*M), [M:1;S8{div=4}:1])", "size((?{div=8},M):(1,?))", wide, "size((M,4):(1,M))",
	}, names...)
	lines = append(lines, lines...)
	var reused SymCall
	for _, line := range lines {
		var fresh SymCall
		require.True(t, ReadSymbolic([]byte(line), &fresh), line)
		require.True(t, ReadSymbolic([]byte(line), &reused), line)
		require.Equal(t, fresh.N, reused.N, line)
		// Deeply, the facts of the symbols' leaves included (which the
		// values' Equal methods leave out).
		require.True(t, reflect.DeepEqual(fresh.Args[:fresh.N], reused.Args[:reused.N]), "%s: a reused SymCall reads other values", line)
	}
}
