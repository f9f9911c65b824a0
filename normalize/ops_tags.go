package normalize

import "github.com/cutec/cutec/ast"

// The C++ tags of make_layout(shape, tag): CuTe C++ writes a row-major
// layout make_layout(shape, LayoutRight{}) (or GenRowMajor{}), which is
// make_layout(shape, compact_row_major(shape)), and LayoutLeft{}
// (GenColMajor{}) for the column-major default (cute/layout.hpp,
// cute/stride.hpp). The parser reads `LayoutRight{}` as the name
// LayoutRight; make_layout reads the name in place of a stride.

// majorStride maps each tag to the operation that computes the stride it
// stands for.
var majorStride = map[string]string{
	"LayoutRight": "compact_row_major", "GenRowMajor": "compact_row_major",
	"LayoutLeft": "compact_col_major", "GenColMajor": "compact_col_major",
}

// This file's init runs after ops_table.go's, which defines make_layout (Go
// runs the init functions of a package's files in the order of their names).
func init() {
	operations["make_layout"].special = makeLayoutTagged
}

// makeLayoutTagged evaluates make_layout(shape, tag) as make_layout(shape,
// compact_row_major(shape)) (or col), and every other make_layout as the
// operation does.
func makeLayoutTagged(x *evaluation, op *operation, n *ast.Call) (Value, bool) {
	vals := make([]Value, len(n.Args))
	for i, a := range n.Args {
		if id, ok := a.(*ast.Ident); ok && i == 1 && len(n.Args) == 2 && majorStride[id.Name] != "" {
			if _, bound := x.env.Lookup(id.Name); !bound {
				stride, ok := x.invoke(operations[majorStride[id.Name]], n, vals[:1])
				if !ok {
					return nil, false
				}
				vals[1] = stride
				continue
			}
		}
		v, ok := x.eval(a)
		if !ok {
			return nil, false
		}
		vals[i] = v
	}
	return x.invoke(op, n, vals)
}
