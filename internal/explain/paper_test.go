package explain

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/normalize"
	"github.com/cutec/cutec/parser"
)

// The worked examples of the CuTe paper (Cecka et al., "CuTe: a layout
// algebra", sections 2-3): each derivation must reach the paper's value and
// go through the rules the paper's definition names.
var paperExamples = []struct {
	source, expr, want string
	rules              []string // rules the derivation applies, in this order
}{
	{"§3.2 coalesce", "coalesce((2,(1,6)):(1,(6,2)))", "12:1", []string{"flatten", "drop", "merge"}},
	{"§3.2 coalesce", "coalesce(((4,3),5):((15,1),3))", "(4,15):(15,1)", []string{"flatten", "keep", "merge"}},
	{"§3.2 by-mode coalesce", "coalesce((2,(1,6)):(1,(6,2)), (1,1))", "(2,6):(1,2)", []string{"profile", "mode", "mode", "concatenate"}},
	{"§3.2 by-mode coalesce", "coalesce((4,(3,5)):(15,(1,3)), (1,1))", "(4,15):(15,1)", []string{"profile", "concatenate"}},
	{"§3.3.1 associativity", "composition((5,3):(1,7), 2:5)", "2:7", []string{"coalesce", "divide", "stride left", "result"}},
	{"Table 4 RowMajor", "composition((8,8):(8,1), ((4,8),2):((16,1),8))", "((4,8),2):((2,8),1)", []string{"coalesce", "mode of B", "divide", "keep", "result", "concatenate"}},
	{"Table 4 Padded", "composition((8,8):(1,9), ((4,8),2):((16,1),8))", "((4,8),2):((18,1),9)", []string{"coalesce", "mode of B", "concatenate"}},
	{"Table 4 ColInterleaved", "composition(((4,2),(2,4)):((2,16),(1,8)), ((4,8),2):((16,1),8))", "((4,(4,2)),2):((8,(2,16)),1)", []string{"coalesce", "mode of B", "concatenate"}},
	{"Table 5", "right_inverse((4,8):(1,4))", "32:1", []string{"coalesce", "prefix products", "chain", "inverse", "coalesce"}},
	{"Table 5", "right_inverse((4,8):(8,1))", "(8,4):(4,1)", []string{"prefix products", "chain", "chain", "inverse"}},
	{"Table 5", "right_inverse((3,7,5):(5,15,1))", "(5,21):(21,1)", []string{"coalesce", "chain", "chain"}},
	{"Table 5", "right_inverse((4,8):(1,5))", "4:1", []string{"chain", "stop", "inverse"}},
	{"Table 5", "right_inverse((4,(4,2)):(4,(1,16)))", "(4,4,2):(4,1,16)", []string{"chain", "chain", "chain"}},
	{"Table 5", "right_inverse(((2,2),(4,2)):((1,8),(2,16)))", "(2,4,2,2):(1,4,2,16)", []string{"chain"}},
	{"Table 5", "right_inverse(((2,2),(2,4)):((0,2),(0,4)))", "1:0", []string{"stop", "inverse"}},
	{"Table 6", "left_inverse((4,8):(1,4))", "32:1", []string{"coalesce", "digit", "inverse", "coalesce"}},
	{"Table 6", "left_inverse((4,8):(8,1))", "(8,4):(4,1)", []string{"digit", "digit"}},
	{"Table 6", "left_inverse((3,7,5):(5,15,1))", "(5,21):(21,1)", []string{"digit"}},
	{"Table 6", "left_inverse((4,8):(1,5))", "(5,8):(1,4)", []string{"digit", "digit", "inverse"}},
	{"Table 6", "left_inverse(((2,2),(2,4)):((0,2),(0,4)))", "(2,2,4):(0,2,8)", []string{"digit"}},
	{"§3.5.1 logical product", "logical_product((3,4):(4,1), (2,5):(1,2))", "((3,4),(2,5)):((4,1),(12,24))", []string{"size", "cosize", "cotarget", "gap", "rest", "coalesce", "concatenate"}},
	{"§3.5.1 logical product", "logical_product((4,8):(20,2), (3,2):(2,1))", "((4,8),(3,2)):((20,2),(80,1))", []string{"cotarget", "gap", "concatenate"}},
	{"Figure 10 blocked product", "blocked_product((3,4):(4,1), (2,5):(1,2))", "((3,2),(4,5)):((4,12),(1,24))", []string{"grid", "zip"}},
	{"Figure 11 raked product", "raked_product((3,4):(4,1), (2,5):(1,2))", "((2,3),(5,4)):((12,4),(24,1))", []string{"grid", "zip"}},
	{"§3.5.2 logical divide", "logical_divide(24:1, 8:3)", "(8,3):(3,1)", []string{"tiler", "coalesce", "cotarget", "gap", "rest", "concatenate"}},
	{"§3.5.2 logical divide", "logical_divide((6,2,2):(2,1,1), 8:3)", "((2,2,2),3):((6,1,1),2)", []string{"tiler", "concatenate"}},
	{"§3.5.2 by-mode divide", "logical_divide((8,16):(20,1), [4:1;8:2])", "((4,2),(8,2)):((20,80),(2,1))", []string{"tiler", "mode", "concatenate", "mode", "concatenate"}},
	{"§3.5.2 zipped divide", "zipped_divide((8,16):(20,1), [4:1;8:2])", "((4,8),(2,2)):((20,2),(80,1))", []string{"tiler", "zipped"}},
}

func rules(d Derivation) string {
	var b strings.Builder
	for _, s := range d.Steps {
		b.WriteString(s.Rule + "\n")
	}
	return b.String()
}

// inOrder reports whether want occurs in got as a subsequence.
func inOrder(got []Step, want []string) bool {
	i := 0
	for _, s := range got {
		if i < len(want) && s.Rule == want[i] {
			i++
		}
	}
	return i == len(want)
}

func TestPaperExamples(t *testing.T) {
	for _, ex := range paperExamples {
		d, _ := replay(t, ex.expr)
		assert.Equal(t, ex.want, d.Value, "%s: %s", ex.source, ex.expr)
		assert.True(t, inOrder(d.Steps, ex.rules), "%s: %s applies %v in order; it applies\n%s", ex.source, ex.expr, ex.rules, rules(d))
		assert.Zero(t, d.Mismatch, ex.expr)
	}
}

func layoutValue(t *testing.T, src string) normalize.Layout {
	t.Helper()
	f := diag.NewFile("<t>", []byte(src))
	e, diags := parser.ParseExpr(f)
	require.False(t, diags.HasErrors(), src)
	ev := normalize.Evaluator{File: f}
	v, diags := ev.Eval(e)
	require.False(t, diags.HasErrors(), src)
	l, ok := v.(normalize.Layout)
	require.True(t, ok, src)
	return l
}

// TestPaperComplements: the paper's Table 7 writes complements before they
// are coalesced (1:32 where CuTe and pycute return the coalesced 1:0); the
// derivation reaches the same function, through the sorted modes' gaps.
func TestPaperComplements(t *testing.T) {
	for _, ex := range []struct{ expr, paper string }{
		{"complement((4,8):(1,4))", "1:32"},
		{"complement((4,8):(8,1))", "1:32"},
		{"complement((4,(4,2)):(4,(1,16)))", "1:32"},
		{"complement((4,8):(1,5))", "1:40"},
		{"complement((4,8):(1,8))", "(2,1):(4,64)"},
		{"complement(((2,2),(2,4)):((0,1),(0,2)))", "1:8"},
		{"complement(((2,2),(2,4)):((0,2),(0,4)))", "(2,1):(1,16)"},
	} {
		d, _ := replay(t, ex.expr)
		require.False(t, d.Failed, ex.expr)
		assert.True(t, normalize.SameFunction(layoutValue(t, ex.paper).L, layoutValue(t, d.Value).L), "%s: %s is not the paper's %s", ex.expr, d.Value, ex.paper)
		assert.True(t, inOrder(d.Steps, []string{"filter", "cotarget", "gap", "end", "rest", "gaps", "coalesce"}), "%s applies\n%s", ex.expr, rules(d))
	}
}
