package normalize

import (
	"errors"

	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/banks"
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/layout"
)

// The bank-conflict operations (package banks, docs/banks.md) take names as
// arguments: the element type (f16, bf16, f32, ...) and the atom
// (ldmatrix_x4, SM75_U16x8_LDSM_T, cp_async_16, ...), written as
// identifiers. They are not evaluated as expressions: a name defined in the
// file does not shadow them. The access is either an atom,
//
//	banks(L, T, ATOM)
//
// or a thread-value layout and the width in bits of one access,
//
//	banks(L, T, TV, WIDTH)
//
// or warp 0 of a CuTe tiled copy of an atom, with its layout_copy_tv and
// tiler_mn,
//
//	banks(L, T, ATOM, TV, TILER)
//
// where L is a layout or a swizzled layout S<B,M,S> o off o L.
func defBanks() {
	defSpecial("banks", "banks(L, T, ATOM), banks(L, T, TV, WIDTH) or banks(L, T, ATOM, TV, TILER): the worst bank-conflict degree of the access to L with elements of type T (1: conflict-free; docs/banks.md)",
		func(r *banks.Report, tile Value) Value { return Int(r.Degree) })
	defSpecial("wavefronts", "wavefronts(L, T, ATOM), wavefronts(L, T, TV, WIDTH) or wavefronts(L, T, ATOM, TV, TILER): the shared-memory wavefronts of the access, summed over its instructions",
		func(r *banks.Report, tile Value) Value { return Int(r.Wavefronts) })
	defSpecial("bank_check", "bank_check(L, T, ATOM), bank_check(L, T, TV, WIDTH) or bank_check(L, T, ATOM, TV, TILER): L itself, and W0901 with the numbers when the access has bank conflicts",
		func(r *banks.Report, tile Value) Value { return tile })
}

// defSpecial defines a bank operation: result turns the report into the
// operation's value.
func defSpecial(name, doc string, result func(*banks.Report, Value) Value) {
	operations[name] = &operation{name: name, params: []paramKind{pAnyLay, pAnyLay, pAnyLay, pInt, pTiler}, min: 3, doc: doc,
		special: func(x *evaluation, op *operation, n *ast.Call) (Value, bool) {
			return x.bankCall(op, n, result)
		}}
}

// bankCall evaluates a call of a bank operation.
func (x *evaluation) bankCall(op *operation, n *ast.Call, result func(*banks.Report, Value) Value) (Value, bool) {
	if len(n.Args) < 3 || len(n.Args) > 5 {
		x.badArgCount(n.Span, op, len(n.Args))
		return nil, false
	}
	vals := make([]Value, len(n.Args))
	for i := range n.Args {
		if isBankName(i, len(n.Args)) {
			continue
		}
		v, ok := x.eval(n.Args[i])
		if !ok {
			return nil, false
		}
		vals[i] = v
	}
	if x.env != nil && x.env.bankWork >= bankBudget {
		x.add(diag.ValueTooLarge, n.Span, "%s: the bank analyses of this file have taken %d requests, more than the bound of %d a file may take; this one is not run", op.name, x.env.bankWork, bankBudget)
		return nil, false
	}
	rep, arg, err := bankAnalysis(n, vals)
	if err != nil {
		var be *banks.Error
		if errors.As(err, &be) {
			x.add(be.Code, spanOf(n.Args[arg]), "%s: %s", op.name, be.Msg)
		} else if vals[arg] != nil {
			x.wrongKind(spanOf(n.Args[arg]), bankArgKinds[arg], vals[arg])
		} else {
			x.notAValue(spanOf(n.Args[arg]), bankArgKinds[arg]+" (a name such as f16)")
		}
		return nil, false
	}
	if x.env != nil {
		x.env.bankWork += bankWork(rep)
	}
	r := result(rep, vals[0])
	if x.onBanks != nil {
		x.onBanks(n, rep)
	}
	if x.onCall != nil {
		x.onCall(n, op.name, vals, r)
	}
	return r, true
}

// maxBankWork bounds the work of the bank analyses of one file (one Env):
// the requests they analyze, a word of a bank for a thread's access each.
// A typical analysis takes a few thousand (128 threads of 8 values); a file
// past the bound gets E0705 on every later bank operation instead of
// seconds of work a line: the largest analysis (a million elements) takes
// about a million requests and a few seconds, so a file runs at most about
// two of them.
const maxBankWork = 1 << 20

// bankBudget is maxBankWork; a test lowers it.
var bankBudget int64 = maxBankWork

// bankWork is the requests an analysis took.
func bankWork(r *banks.Report) int64 {
	var n int64
	for _, in := range r.Instructions {
		for _, ph := range in.Phases {
			for _, q := range ph.Requests {
				n += int64(max(q.Banks, 1))
			}
		}
	}
	return n
}

var bankArgKinds = []string{"a layout or a swizzled layout", "an element type", "a TV layout", "the width in bits of an access", "a tiler"}

// isBankName reports whether argument i of a bank operation with n
// arguments is a name: the element type, and the atom of the forms of 3 and
// 5 arguments.
func isBankName(i, n int) bool { return i == 1 || (i == 2 && n != 4) }

// errBankKind says that argument i of a bank operation has the wrong kind.
type errBankKind struct{ arg int }

func (e errBankKind) Error() string { return "expected " + bankArgKinds[e.arg] }

// bankAnalysis runs the analysis of a call of banks, wavefronts or
// bank_check: n is the call, vals the values of its evaluated arguments
// (the shared-memory layout, and the TV layout and width when given; nil at
// the positions of names). It returns the report, or the error and the
// index of the argument it is about: a *banks.Error (E0908, E0909) or a
// wrong kind of value.
func bankAnalysis(n *ast.Call, vals []Value) (*banks.Report, int, error) {
	if len(n.Args) != len(vals) || len(vals) < 3 || len(vals) > 5 {
		return nil, 0, errBankKind{0}
	}
	var tile banks.Tile
	switch v := vals[0].(type) {
	case Layout:
		tile = banks.TileOf(v.L)
	case Composed:
		t, err := banks.TileOfComposed(v.C)
		if err != nil {
			return nil, 0, err
		}
		tile = t
	default:
		return nil, 0, errBankKind{0}
	}
	id, ok := n.Args[1].(*ast.Ident)
	if !ok {
		return nil, 1, errBankKind{1}
	}
	elem, err := banks.LookupElem(id.Name)
	if err != nil {
		return nil, 1, err
	}
	if c, ok := vals[0].(Composed); ok {
		if err := banks.CheckElem(c.C, elem); err != nil {
			return nil, 1, err
		}
	}
	var acc banks.Access
	if len(vals) == 5 {
		id, ok := n.Args[2].(*ast.Ident)
		if !ok {
			return nil, 2, &banks.Error{Code: diag.BankUnknownName, Msg: "the atom of a tiled copy is a name such as ldmatrix_x4"}
		}
		atom, err := banks.LookupAtom(id.Name)
		if err != nil {
			return nil, 2, err
		}
		tv, ok := vals[3].(Layout)
		if !ok {
			return nil, 3, errBankKind{2}
		}
		tiler, ok := bankTiler(vals[4])
		if !ok {
			return nil, 4, errBankKind{4}
		}
		if acc, err = banks.TiledCopyAccess(atom, tv.L, tiler, 0); err != nil {
			return nil, 3, err
		}
	} else if tc, isCopy := vals[2].(tiledCopy); isCopy && len(vals) == 3 {
		// (L, T, TILED_COPY): the copy's atom, TiledLayout_TV and tile.
		atom, err := banks.LookupAtom(tc.c.Atom.Op.Name)
		if err != nil {
			return nil, 2, err
		}
		tiler, err := layout.TilerOfShape(tc.c.Tiler)
		if err != nil {
			return nil, 2, err
		}
		if acc, err = banks.TiledCopyAccess(atom, tc.c.TV, tiler, 0); err != nil {
			return nil, 2, err
		}
	} else if len(vals) == 3 {
		id, ok := n.Args[2].(*ast.Ident)
		if !ok {
			return nil, 2, &banks.Error{Code: diag.BankUnknownName, Msg: "the atom is a name such as ldmatrix_x4; give a TV layout and a width for any other access"}
		}
		atom, err := banks.LookupAtom(id.Name)
		if err != nil {
			return nil, 2, err
		}
		if acc, err = atom.Access(tile, elem); err != nil {
			return nil, 2, err
		}
	} else {
		tv, ok := vals[2].(Layout)
		if !ok {
			return nil, 2, errBankKind{2}
		}
		w, ok := vals[3].(Int)
		if !ok || w < 0 || w > banks.MaxWidthBits {
			return nil, 3, errBankKind{3}
		}
		if acc, err = banks.NewAccess(tv.L, int(w)); err != nil {
			return nil, 3, err
		}
	}
	// A TV layout of more than 32 threads is split by warp; the report is
	// the worst warp's (the first of equals), as lint reports a tiled copy.
	var rep *banks.Report
	for w := 0; w < acc.Warps(); w++ {
		a := acc
		if acc.Warps() > 1 {
			if a, err = acc.InWarp(w); err != nil {
				return nil, 2, err
			}
		}
		r, err := banks.Analyze(tile, elem, a)
		if err != nil {
			return nil, 2, err // the access does not fit the layout
		}
		if rep == nil || r.Degree > rep.Degree || (r.Degree == rep.Degree && r.Wavefronts > rep.Wavefronts) {
			rep = r
		}
	}
	return rep, 0, nil
}

// bankTiler returns the tiler of a value: [T0;T1;...], a layout, an
// integer or a shape.
func bankTiler(v Value) (layout.Tiler, bool) {
	switch v := v.(type) {
	case Tiler:
		return v.T, true
	case Layout:
		return layout.TileLayout(v.L), true
	case Int:
		return layout.TileInt(int64(v)), true
	case Tuple:
		t, err := layout.TilerOfShape(v.T)
		return t, err == nil
	}
	return layout.Tiler{}, false
}
