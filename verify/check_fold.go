package verify

import (
	"fmt"
	"strconv"

	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/layout"
	"github.com/cutec/cutec/normalize"
)

// foldLegalityCheck is the check fold-legality (see checks in check.go).
var foldLegalityCheck = &Check{
	Name: "fold-legality",
	Doc: "A composition fold composition(A, B) is legal when the image of B fits the domain of A, " +
		"cosize(B) <= size(A) (W0500); the composition computed mode by mode is the composition of the " +
		"whole (W0905, paper eq. 23); coalescing keeps the function (E0501).",
	Codes: []diag.Code{diag.FoldOutsideDomain, diag.NotDistributive, diag.FunctionChanged},
	Call:  checkFold,
}

// maxFoldCheck bounds the points checked one by one for W0905.
const maxFoldCheck = 1 << 16

func checkFold(s *Subject) {
	switch s.Op {
	case "composition":
		a, okA := s.Args[0].(normalize.Layout)
		r, okR := s.Value.(normalize.Layout)
		if !okA || !okR {
			return
		}
		switch b := s.Args[1].(type) {
		case normalize.Layout:
			foldDomain(s, a.L, b.L)
			distributes(s, a.L, b.L, r.L)
		case normalize.Tiler:
			// A tiler (or the shape or integer it was written as)
			// composes mode by mode: each mode is checked as a layout.
			foldTiler(s, a.L, b.T, s.ArgSpan(1), "")
		}
	case "coalesce":
		a, okA := s.Args[0].(normalize.Layout)
		r, okR := s.Value.(normalize.Layout)
		if !okA || !okR || len(s.Args) != 1 {
			return
		}
		if _, err := a.L.Size(); err != nil {
			return // a size past int64: the overflow check reports the layout
		}
		if !normalize.SameFunction(a.L, r.L) {
			s.Report(diag.FunctionChanged, s.Span(), fmt.Sprintf(
				"coalescing %s gave %s, which is not the same function (please report this bug)", a.L, r.L))
		}
	}
}

func foldDomain(s *Subject, a, b layout.Layout) {
	foldOverrun(s, a, b, s.ArgSpan(1), "")
}

// foldOverrun is the one check of W0500: the layout b, composed with a (or
// mode `where` of a tiler with mode `where` of the outer layout), reaches
// past a's elements.
func foldOverrun(s *Subject, a, b layout.Layout, at diag.Span, where string) {
	size, err1 := a.Size()
	co, err2 := b.Cosize()
	if err1 != nil || err2 != nil || co <= size {
		return
	}
	if where == "" {
		s.Report(diag.FoldOutsideDomain, at, fmt.Sprintf(
			"the inner layout %s reaches offsets up to %d, past the %d elements of the outer layout %s; "+
				"the fold evaluates it on its extended domain", b, co-1, size, a))
		return
	}
	s.Report(diag.FoldOutsideDomain, at, fmt.Sprintf(
		"mode %s of the tiler, %s, reaches offsets up to %d, past the %d elements of mode %s of the outer layout, %s; "+
			"the fold evaluates it on its extended domain", where, b, co-1, size, where, a))
}

// foldTiler checks each mode of a tiler against the mode of a it composes
// with, as ComposeTiler composes them; where names the mode ("" for the
// whole). The span is the tile's mode where the tiler was written as a
// tile, else the whole argument.
func foldTiler(s *Subject, a layout.Layout, t layout.Tiler, at diag.Span, where string) {
	if l, ok := t.AsLayout(); ok {
		foldOverrun(s, a, l, at, where)
		return
	}
	if !t.IsTuple() {
		return
	}
	var tile *ast.Tile
	if where == "" {
		tile, _ = s.Call.Args[1].(*ast.Tile)
	}
	for i := 0; i < t.Rank() && i < a.Rank(); i++ {
		m, err := a.Mode(i)
		if err != nil {
			return
		}
		span := at
		if tile != nil && i < len(tile.Modes) {
			span = diag.Span{Start: tile.Modes[i].Pos(), End: tile.Modes[i].End()}
		}
		sub := strconv.Itoa(i)
		if where != "" {
			sub = where + "," + sub
		}
		foldTiler(s, m, t.Mode(i), span, sub)
	}
}

// distributes reports where the composition computed mode by mode differs
// from A(B(c)) on A's domain, when the paper's conditions do not prove it
// equal.
func distributes(s *Subject, a, b, r layout.Layout) {
	if layout.Distributes(a, b) {
		return
	}
	n, err := b.Size()
	na, errA := a.Size()
	if err != nil || errA != nil || n > maxFoldCheck {
		return
	}
	for i := int64(0); i < n; i++ {
		bi, err := b.Eval(layout.Int(i))
		if err != nil || bi.Kind() != layout.KindInt || bi.Value() < 0 || bi.Value() >= na {
			continue
		}
		want, err1 := a.Eval(bi)
		got, err2 := r.Eval(layout.Int(i))
		if err1 == nil && err2 == nil && !got.Equal(want) {
			crd, _ := layout.Idx2Crd(layout.Int(i), b.Shape())
			s.Report(diag.NotDistributive, s.Span(), fmt.Sprintf(
				"the result %s is computed mode by mode of %s, but at c = %s it gives %s where A(B(c)) = A(%s) is %s",
				r, b, crd, got, bi, want))
			return
		}
	}
}
