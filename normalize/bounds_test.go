package normalize

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/parser"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// evalIn evaluates the expression src with the names of env.
func evalIn(t *testing.T, env *Env, src string) (Value, diag.List) {
	t.Helper()
	f := diag.NewFile("<t>", []byte(src))
	x, d := parser.ParseExpr(f)
	require.False(t, d.HasErrors(), "%v", d)
	ev := Evaluator{File: f, Env: env}
	return ev.Eval(x.(ast.Expr))
}

// TestBankWorkBoundedPerFile: the bank analyses of one file (one Env) take
// at most bankBudget requests; past it every bank operation is an E0705
// and is not run (100 lines of 6 KB took 22 s). The budget is set to let
// exactly two analyses of the line run.
func TestBankWorkBoundedPerFile(t *testing.T) {
	env := NewEnv()
	const line = "banks((64,64):(64,1), f16, ldmatrix_x4)"
	_, d := evalIn(t, env, line)
	require.Empty(t, d)
	one := env.bankWork
	require.Positive(t, one)
	defer func(b int64) { bankBudget = b }(bankBudget)
	bankBudget = 2 * one

	env = NewEnv()
	for i := range 5 {
		v, d := evalIn(t, env, line)
		if i < 2 {
			assert.Empty(t, d, "analysis %d", i)
			assert.NotNil(t, v)
			continue
		}
		require.Len(t, d, 1, "analysis %d", i)
		assert.Equal(t, diag.ValueTooLarge, d[0].Code)
		assert.Contains(t, d[0].Message, "not run")
	}
	assert.Equal(t, 2*one, env.bankWork, "no work after the bound")
	// Another file has its own budget.
	_, d = evalIn(t, NewEnv(), line)
	assert.Empty(t, d)
}

// TestNamesBoundedByBytes: the names of a file and the lines that define
// them take at most maxEnvBytes (lowered here to 1 MiB); Room refuses the
// definition that would cross it with E0705 (1.8 GB of definitions ran
// lint out of memory), counting the name and the line, so that names of
// 64 KiB reach it after 16.
func TestNamesBoundedByBytes(t *testing.T) {
	defer func(b int64) { envByteBudget = b }(envByteBudget)
	envByteBudget = 1 << 20
	env := NewEnv()
	long := strings.Repeat("N", 64<<10)
	defined := 0
	for n := 0; n < 32; n++ {
		name := fmt.Sprintf("%s%d", long, n)
		if err := env.Room(name, Int(1), Site{}); err != nil {
			assert.Contains(t, err.Error(), "more than the bound of 1048576 bytes")
			break
		}
		env.Define(name, Int(1), Site{})
		defined++
	}
	assert.Equal(t, 15, defined) // 16 records of 64 KiB and a few bytes pass 1 MiB
	assert.LessOrEqual(t, env.bytes, int64(1<<20))
}
