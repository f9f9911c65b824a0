package printer

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/layout"
	"github.com/cutec/cutec/parser"
	"github.com/rogpeppe/go-internal/diff"
)

// mustParse parses src as an expression or fails the test.
func mustParse(t testing.TB, src string) ast.Expr {
	t.Helper()
	e, diags := parser.ParseExpr(diag.NewFile("<input>", []byte(src)))
	if diags.HasErrors() {
		t.Fatalf("parse %q: %v", src, diags.Err())
	}
	return e
}

// valueOf converts a parsed value tree to the layout algebra's value. It is a
// test helper standing in for package normalize, which the printer's tests
// do not depend on: it handles integers, basis entries with integer counts,
// dynamic leaves, `_`, tuples, layouts, swizzles and composed layouts.
func valueOf(e ast.Expr) (any, error) {
	switch e := e.(type) {
	case *ast.Layout:
		return layoutOf(e)
	case *ast.Swizzle:
		return layout.NewSwizzle(int(e.B.Value), int(e.M.Value), int(e.S.Value))
	case *ast.Composed:
		return composedOf(e)
	}
	return tupleOf(e)
}

func tupleOf(e ast.Expr) (layout.IntTuple, error) {
	switch e := e.(type) {
	case *ast.Int:
		return layout.Int(e.Value), nil
	case *ast.Underscore:
		return layout.Underscore(), nil
	case *ast.Dynamic:
		div := int64(1)
		if e.Div != nil {
			if div = e.Div.Value; div <= 1 {
				return layout.IntTuple{}, fmt.Errorf("divisor %d is not kept by layout", div)
			}
		}
		return layout.Dynamic(uint8(e.Width), div), nil
	case *ast.Basis:
		if e.Count.Fraction {
			return layout.IntTuple{}, fmt.Errorf("fraction count %d/%d", e.Count.Num, e.Count.Den)
		}
		path := make([]int, len(e.Dims))
		for i, d := range e.Dims { // written innermost first; layout wants outermost first
			path[len(path)-1-i] = int(d.Value)
		}
		return layout.Basis(e.Count.Num, path...), nil
	case *ast.Tuple:
		elems := make([]layout.IntTuple, len(e.Elems))
		for i, x := range e.Elems {
			v, err := tupleOf(x)
			if err != nil {
				return layout.IntTuple{}, err
			}
			elems[i] = v
		}
		return layout.Tuple(elems...), nil
	}
	return layout.IntTuple{}, fmt.Errorf("not a value: %T", e)
}

func layoutOf(e *ast.Layout) (layout.Layout, error) {
	shape, err := tupleOf(e.Shape)
	if err != nil {
		return layout.Layout{}, err
	}
	stride, err := tupleOf(e.Stride)
	if err != nil {
		return layout.Layout{}, err
	}
	return layout.New(shape, stride)
}

func composedOf(e *ast.Composed) (layout.ComposedLayout, error) {
	outer, err := valueOf(e.Outer)
	if err != nil {
		return layout.ComposedLayout{}, err
	}
	fn, ok := outer.(layout.Function)
	if !ok {
		return layout.ComposedLayout{}, fmt.Errorf("outer %v is not a function", outer)
	}
	off := layout.Int(0)
	if e.Offset != nil {
		if off, err = tupleOf(e.Offset); err != nil {
			return layout.ComposedLayout{}, err
		}
	}
	inner, ok := e.Inner.(*ast.Layout)
	if !ok {
		return layout.ComposedLayout{}, fmt.Errorf("inner %T is not a layout", e.Inner)
	}
	in, err := layoutOf(inner)
	if err != nil {
		return layout.ComposedLayout{}, err
	}
	if sw, ok := fn.(layout.Swizzle); ok && e.FlagBits != 0 {
		return layout.NewByteSwizzled(sw, e.FlagBits, in)
	}
	return layout.NewComposed(fn, off, in)
}

// gridOf parses src and evaluates it into a grid.
func gridOf(t testing.TB, src string) (*Grid, error) {
	t.Helper()
	v, err := valueOf(mustParse(t, src))
	if err != nil {
		t.Fatalf("%s: %v", src, err)
	}
	switch v := v.(type) {
	case layout.Layout:
		return LayoutGrid(v)
	case layout.ComposedLayout:
		return ComposedGrid(v)
	}
	t.Fatalf("%s: %T cannot be drawn", src, v)
	return nil, nil
}

// golden compares got with testdata/name, or writes it there when the
// environment variable CUTEC_UPDATE is 1.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if os.Getenv("CUTEC_UPDATE") == "1" {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with CUTEC_UPDATE=1 to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs (CUTEC_UPDATE=1 rewrites it):\n%s", path, diff.Diff("want", want, "got", got))
	}
}
