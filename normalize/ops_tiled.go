package normalize

import (
	"errors"
	"fmt"
	"strings"

	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/banks"
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/layout"
	"github.com/cutec/cutec/tiled"
)

// The builders and queries of CuTe's TiledMMA and TiledCopy (package tiled,
// docs/tiled.md). An atom is a name, written as an identifier, as the bank
// operations take theirs: make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, ...),
// copy_atom(SM75_U32x4_LDSM_N, half_t).

// The kinds of operand of the tiled operations.
const (
	pMMA          paramKind = iota + 96 // a tiled MMA
	pCopy                               // a tiled copy
	pCopyAtom                           // a copy atom
	pMMAOrCopy                          // a tiled MMA or a tiled copy
	pSizedOrTiled                       // a layout, a tuple, a tiled MMA or a tiled copy (size)
)

func init() {
	for k, name := range map[paramKind]string{
		pMMA: "a tiled MMA (make_tiled_mma)", pCopy: "a tiled copy (make_tiled_copy)",
		pCopyAtom: "a copy atom (copy_atom(OP, T))", pMMAOrCopy: "a tiled MMA or a tiled copy",
		pSizedOrTiled: "a layout or a tuple", // as size said before it took tiled objects
	} {
		paramNames[k] = name
	}
}

// acceptsTiled reports whether a value fits one of the kinds above.
func acceptsTiled(k paramKind, v Value) bool {
	switch k {
	case pMMA:
		return v.Kind() == kindTiledMMA
	case pCopy:
		return v.Kind() == kindTiledCopy
	case pCopyAtom:
		return v.Kind() == kindCopyAtom
	case pMMAOrCopy:
		return v.Kind() == kindTiledMMA || v.Kind() == kindTiledCopy
	case pSizedOrTiled:
		return accepts(pSized, v) || v.Kind() == kindTiledMMA || v.Kind() == kindTiledCopy
	}
	return false
}

// ElemBits is the width of a value type named as CuTe C++ or the dialect
// names it (half_t, f16, uint128_t, ...): banks' table of element types.
func elemBits(name string) (int, error) {
	if name == "uint128_t" || name == "cute::uint128_t" {
		return 128, nil
	}
	e, err := banks.LookupElem(strings.TrimPrefix(name, "cute::"))
	if err != nil {
		return 0, err
	}
	return e.Bits, nil
}

func mmaOf(v Value) *tiled.MMA   { return v.(tiledMMA).m }
func copyOf(v Value) *tiled.Copy { return v.(tiledCopy).c }

// layoutOrShape reads a layout argument that may be written as a shape
// (make_layout(shape), as CuTe's Layout<Shape<...>> is).
func layoutOrShape(v Value) (layout.Layout, error) {
	switch v := v.(type) {
	case Layout:
		return v.L, nil
	case Int:
		return layout.Make(layout.Int(int64(v)))
	case Tuple:
		return layout.Make(v.T)
	}
	return layout.Layout{}, fmt.Errorf("expected a layout or a shape, found the %s %s", v.Kind(), v)
}

func accessor(l layout.Layout, off layout.IntTuple, err error) (Value, error) {
	if err != nil {
		return nil, err
	}
	return Accessor{off, l}, nil
}

var uintOfBits = map[int64]string{8: "uint8_t", 16: "uint16_t", 32: "uint32_t", 64: "uint64_t", 128: "uint128_t"}

var operandName = map[byte]string{'A': "A (M x K)", 'B': "B (N x K)", 'C': "C (M x N)"}

func defTiled() {
	operations["make_tiled_mma"] = &operation{name: "make_tiled_mma", params: []paramKind{pLayout, pSized, pTiler}, min: 1,
		doc: "make_tiled_mma(ATOM[, ATOM_LAYOUT[, PERMUTATION]]): CuTe's TiledMMA of an MMA atom named as CuTe names it, tiled over M,N,K by a layout (or shape) of atoms and permuted by a tile such as [32:1;32:1;16:1] (docs/tiled.md)",
		special: func(x *evaluation, op *operation, n *ast.Call) (Value, bool) {
			return x.tiledCall(op, n, 1, func(names []string, vals []Value) (Value, int, error) {
				atom, err := tiled.LookupMMA(names[0])
				if err != nil {
					return nil, 0, err
				}
				var al layout.Layout
				var perm layout.Tiler
				if len(vals) > 1 {
					if al, err = layoutOrShape(vals[1]); err != nil {
						return nil, 1, err
					}
				}
				if len(vals) > 2 {
					t, ok := x.asTiler(n.Args[2], vals[2])
					if !ok {
						return nil, -1, nil
					}
					perm = t
				}
				m, err := tiled.MakeMMA(atom, al, perm)
				if err != nil {
					return nil, -2, err
				}
				return tiledMMA{m}, 0, nil
			})
		}}
	operations["copy_atom"] = &operation{name: "copy_atom", params: []paramKind{pLayout, pLayout, pInt}, min: 2,
		doc: "copy_atom(OP, T[, BITS]): CuTe's Copy_Atom<OP, T>, a copy operation (SM75_U32x4_LDSM_N, UniversalCopy, SM80_CP_ASYNC_CACHEALWAYS, SM90_TMA_LOAD, ...) moving values of type T; BITS is the width of the type a templated OP copies (UniversalCopy<uint128_t>: 128), T's own by default, or a TMA box's bits",
		special: func(x *evaluation, op *operation, n *ast.Call) (Value, bool) {
			return x.tiledCall(op, n, 2, func(names []string, vals []Value) (Value, int, error) {
				bits, err := elemBits(names[1])
				if err != nil {
					return nil, 1, &tiled.Error{Code: diag.TiledUnknownAtom, Msg: err.Error()}
				}
				name := names[0]
				if !strings.Contains(name, "<") {
					switch name {
					case "UniversalCopy", "SM80_CP_ASYNC_CACHEALWAYS", "SM80_CP_ASYNC_CACHEGLOBAL", "SM90_TMA_LOAD", "SM90_TMA_STORE", "SM90_TMA_LOAD_MULTICAST":
						w := int64(bits)
						if len(vals) > 2 {
							w = int64(vals[2].(Int))
						}
						if ty, ok := uintOfBits[w]; ok && !strings.HasPrefix(name, "SM90_TMA") {
							name = fmt.Sprintf("%s<%s>", name, ty)
						} else {
							name = fmt.Sprintf("%s<%d>", name, w)
						}
					}
				}
				cop, err := tiled.LookupCopy(name, func(typ string) (int, error) {
					if n, err := fmt.Sscan(typ, new(int)); err == nil && n == 1 {
						var w int
						fmt.Sscan(typ, &w)
						return w, nil
					}
					return elemBits(typ)
				})
				if err != nil {
					return nil, 0, err
				}
				a, err := tiled.NewCopyAtom(cop, names[1], bits)
				if err != nil {
					return nil, -2, err
				}
				return copyAtom{a}, 0, nil
			})
		}}
	def("make_tiled_copy", "make_tiled_copy(COPY_ATOM, THR_LAYOUT, VAL_LAYOUT): CuTe's TiledCopy of threads laid out (m,n) -> thread, each moving values (m,n) -> value (layouts or shapes)",
		[]paramKind{pCopyAtom, pSized, pSized}, 3, func(a *args) (Value, error) {
			thr, err := layoutOrShape(a.vals[1])
			if err != nil {
				return nil, err
			}
			val, err := layoutOrShape(a.vals[2])
			if err != nil {
				return nil, err
			}
			return newTiledCopy(tiled.MakeCopy(a.vals[0].(copyAtom).a, thr, val))
		})
	def("make_tiled_copy_tv", "make_tiled_copy_tv(COPY_ATOM, TV, TILE): the TiledCopy of a TV layout (thread, value) -> index of a tile of shape TILE (CuTe's make_tiled_copy_impl)",
		[]paramKind{pCopyAtom, pLayout, pTuple}, 3, func(a *args) (Value, error) {
			return newTiledCopy(tiled.MakeCopyTV(a.vals[0].(copyAtom).a, a.layout(1), a.tuple(2)))
		})
	for _, op := range []byte{'A', 'B', 'C'} {
		def("make_tiled_copy_"+string(op), fmt.Sprintf("make_tiled_copy_%c(COPY_ATOM, TILED_MMA): the TiledCopy that moves the operand %s of the tiled MMA, with its TV layout", op, operandName[op]),
			[]paramKind{pCopyAtom, pMMA}, 2, func(a *args) (Value, error) {
				return newTiledCopy(tiled.MakeCopyMMA(a.vals[0].(copyAtom).a, mmaOf(a.vals[1]), op))
			})
		def("get_layout"+string(op)+"_TV", fmt.Sprintf("get_layout%c_TV(TILED_MMA): (thread, value) -> column-major index of the %s tile", op, operandName[op]),
			[]paramKind{pMMA}, 1, func(a *args) (Value, error) { return lay(mmaOf(a.vals[0]).LayoutTV(op)) })
		def("get_atom_layout"+string(op)+"_TV", fmt.Sprintf("get_atom_layout%c_TV(TILED_MMA): the atom's own (thread, value) -> column-major index of its %s tile (CuTe's MMA_Atom::Layout%c_TV, the traits' %cLayout)", op, operandName[op], op, op),
			[]paramKind{pMMA}, 1, func(a *args) (Value, error) { return Layout{mmaOf(a.vals[0]).AtomLayoutTV(op)}, nil })
		def("partition_"+string(op), fmt.Sprintf("partition_%c(TILED_MMA, THREAD, L): {offset} o what the thread holds of the operand %s laid out by L (CuTe's get_slice(THREAD).partition_%c)", op, operandName[op][:1], op),
			[]paramKind{pMMA, pInt, pLayout}, 3, func(a *args) (Value, error) {
				return accessor(mmaOf(a.vals[0]).Partition(op, a.int(1), a.layout(2)))
			})
		def("partition_fragment_"+string(op), fmt.Sprintf("partition_fragment_%c(TILED_MMA, L): the layout of a thread's register fragment of the operand %s laid out by L", op, operandName[op][:1]),
			[]paramKind{pMMA, pLayout}, 2, func(a *args) (Value, error) {
				return lay(mmaOf(a.vals[0]).PartitionFragment(op, a.layout(1)))
			})
	}
	for _, s := range []byte{'S', 'D'} {
		side := map[byte]string{'S': "source", 'D': "destination"}[s]
		def("get_layout"+string(s)+"_TV", fmt.Sprintf("get_layout%c_TV(TILED_COPY): (thread, value) -> index of the tile, in the %s's order", s, side),
			[]paramKind{pCopy}, 1, func(a *args) (Value, error) { return lay(copyOf(a.vals[0]).LayoutTV(s)) })
		def("partition_"+string(s), fmt.Sprintf("partition_%c(TILED_COPY, THREAD, L): {offset} o what the thread moves of the %s laid out by L (CuTe's get_slice(THREAD).partition_%c)", s, side, s),
			[]paramKind{pCopy, pInt, pLayout}, 3, func(a *args) (Value, error) {
				return accessor(copyOf(a.vals[0]).Partition(s, a.int(1), a.layout(2)))
			})
	}
	def("retile", "retile(TILED_COPY, FRAGMENT): a register fragment (partition_fragment_A/B/C) regrouped as the copy's (atom values, atom calls, rest...), CuTe's retile_S/retile_D",
		[]paramKind{pCopy, pLayout}, 2, func(a *args) (Value, error) { return lay(copyOf(a.vals[0]).Retile(a.layout(1))) })
	def("get_atom_thr_id", "get_atom_thr_id(TILED_MMA): the atom's threads, atom thread -> thread index (CuTe's MMA_Atom::ThrID)", []paramKind{pMMA}, 1,
		func(a *args) (Value, error) { return Layout{mmaOf(a.vals[0]).Atom.ThrID}, nil })
	def("get_thr_layout_vmnk", "get_thr_layout_vmnk(TILED_MMA): (atom thread, m, n, k) -> thread", []paramKind{pMMA}, 1,
		func(a *args) (Value, error) { return Layout{mmaOf(a.vals[0]).ThrLayoutVMNK()}, nil })
	def("tile_size", "tile_size(TILED_MMA): the (M,N,K) it covers; tile_size(TILED_COPY): its (M,N) tile", []paramKind{pMMAOrCopy}, 1,
		func(a *args) (Value, error) {
			if m, ok := a.vals[0].(tiledMMA); ok {
				s := m.m.TileSize()
				return Tuple{layout.Ints(s[0], s[1], s[2])}, nil
			}
			return tupleValue(copyOf(a.vals[0]).Tiler), nil
		})
	for _, side := range []struct{ name, cute, what string }{
		{"src", "ValLayoutSrc", "(thread, value) -> the source's values"},
		{"dst", "ValLayoutDst", "(thread, value) -> the destination's values"},
		{"ref", "ValLayoutRef", "(thread, value) -> the reference values the tiled copy's TV layout is written in"},
	} {
		side := side
		def("get_atom_layout_"+side.name, fmt.Sprintf("get_atom_layout_%s(TILED_COPY): the copy atom's %s, %s, in elements of the value type", side.name, side.cute, side.what),
			[]paramKind{pCopy}, 1, func(a *args) (Value, error) {
				at := copyOf(a.vals[0]).Atom
				return Layout{map[string]layout.Layout{"src": at.Src, "dst": at.Dst, "ref": at.Ref}[side.name]}, nil
			})
	}
	def("get_layout_tv", "get_layout_tv(TILED_COPY): the tiled copy's own TV layout (TiledLayout_TV), in the atom's reference values", []paramKind{pCopy}, 1,
		func(a *args) (Value, error) { return Layout{copyOf(a.vals[0]).TV}, nil })
	// The copy builders take a copy atom written as C++ writes it,
	// Copy_Atom<OP, T>{}, which the parser reads as a name.
	for _, name := range []string{"make_tiled_copy", "make_tiled_copy_tv", "make_tiled_copy_A", "make_tiled_copy_B", "make_tiled_copy_C"} {
		operations[name].special = func(x *evaluation, op *operation, n *ast.Call) (Value, bool) {
			vals := make([]Value, len(n.Args))
			for i, e := range n.Args {
				v, ok := x.copyAtomArg(e)
				if !ok {
					return nil, false
				}
				vals[i] = v
			}
			return x.invoke(op, n, vals)
		}
	}
	// size(TILED_MMA) and size(TILED_COPY) are their threads, as in CuTe.
	size := operations["size"]
	sizeOf := size.fn
	size.params = []paramKind{pSizedOrTiled}
	size.doc += "; of a tiled MMA or copy, its threads"
	size.fn = func(a *args) (Value, error) {
		switch v := a.vals[0].(type) {
		case tiledMMA:
			return Int(v.m.Size()), nil
		case tiledCopy:
			return Int(v.c.Size()), nil
		}
		return sizeOf(a)
	}
	// banks(L, T, TILED_COPY): the bank analysis of warp 0 of a tiled copy
	// built here, its atom, TV layout and tile taken from it.
	for _, name := range []string{"banks", "wavefronts", "bank_check"} {
		bop := operations[name]
		plain := bop.special
		bop.doc += "; or (L, T, TILED_COPY): warp 0 of a tiled copy built with make_tiled_copy_A/B/C or make_tiled_copy (docs/tiled.md)"
		bop.special = func(x *evaluation, op *operation, n *ast.Call) (Value, bool) {
			if len(n.Args) != 3 {
				return plain(x, op, n)
			}
			if _, isName := n.Args[2].(*ast.Ident); isName {
				return plain(x, op, n)
			}
			return x.bankTiledCopy(op, n)
		}
	}
	def("make_identity_tensor", "make_identity_tensor(shape): the layout mapping each coordinate to itself (CuTe's counting tensor; its partitions are {coordinate} o layout)", []paramKind{pTuple}, 1,
		func(a *args) (Value, error) { return lay(layout.MakeIdentityLayout(a.tuple(0))) }).inDialect("make_identity_tensor")
}

func newTiledCopy(c *tiled.Copy, err error) (Value, error) {
	if err != nil {
		return nil, err
	}
	return tiledCopy{c}, nil
}

// tiledCall evaluates a call whose first nNames arguments are names (atoms,
// value types) and the rest expressions. fn returns the value, or an error
// with the index of the argument it is about (-2: the call).
func (x *evaluation) tiledCall(op *operation, n *ast.Call, nNames int, fn func(names []string, vals []Value) (Value, int, error)) (Value, bool) {
	if len(n.Args) < op.min || len(n.Args) > len(op.params) {
		x.badArgCount(n.Span, op, len(n.Args))
		return nil, false
	}
	names := make([]string, 0, nNames)
	vals := make([]Value, len(n.Args))
	for i, e := range n.Args {
		if i < nNames {
			id, ok := e.(*ast.Ident)
			if !ok {
				x.notAValue(spanOf(e), "a name such as "+map[bool]string{true: "SM80_16x8x16_F32F16F16F32_TN", false: "half_t"}[i == 0 && op.name == "make_tiled_mma" || i == 0])
				return nil, false
			}
			names = append(names, id.Name)
			continue
		}
		v, ok := x.eval(e)
		if !ok {
			return nil, false
		}
		vals[i] = v
	}
	r, arg, err := fn(names, vals)
	if err == nil && r == nil {
		return nil, false // reported already
	}
	if err != nil {
		span := n.Span
		if arg >= 0 && arg < len(n.Args) {
			span = spanOf(n.Args[arg])
		}
		var te *tiled.Error
		if errors.As(err, &te) {
			x.add(te.Code, span, "%s: %s", op.name, strings.TrimPrefix(te.Msg, op.name+": "))
		} else {
			x.algebra(span, err)
		}
		return nil, false
	}
	if x.onCall != nil {
		x.onCall(n, op.name, vals, r)
	}
	return r, true
}

// bankTiledCopy evaluates banks, wavefronts or bank_check of (L, T,
// TILED_COPY): the access of warp 0 of the tiled copy, as the form (L, T,
// ATOM, TV, TILER) with the copy's atom, TiledLayout_TV and tile.
func (x *evaluation) bankTiledCopy(op *operation, n *ast.Call) (Value, bool) {
	tileV, ok := x.eval(n.Args[0])
	if !ok {
		return nil, false
	}
	cv, ok := x.eval(n.Args[2])
	if !ok {
		return nil, false
	}
	_, isCopy := cv.(tiledCopy)
	if !isCopy {
		x.wrongKind(spanOf(n.Args[2]), "a copy atom name or a tiled copy", cv)
		return nil, false
	}
	if x.env != nil && x.env.bankWork >= bankBudget {
		x.add(diag.ValueTooLarge, n.Span, "%s: the bank analyses of this file have taken %d requests, more than the bound of %d a file may take; this one is not run", op.name, x.env.bankWork, bankBudget)
		return nil, false
	}
	rep, arg, err := bankAnalysis(n, []Value{tileV, nil, cv})
	if err != nil {
		if _, isKind := err.(errBankKind); isKind && arg == 0 {
			x.wrongKind(spanOf(n.Args[0]), "a layout or a swizzled layout", tileV)
			return nil, false
		}
		x.bankError(op, n, arg, err)
		return nil, false
	}
	if x.env != nil {
		x.env.bankWork += bankWork(rep)
	}
	var r Value
	switch op.name {
	case "banks":
		r = Int(rep.Degree)
	case "wavefronts":
		r = Int(rep.Wavefronts)
	default:
		r = tileV
	}
	if x.onBanks != nil {
		x.onBanks(n, rep)
	}
	if x.onCall != nil {
		x.onCall(n, op.name, []Value{tileV, nil, cv}, r)
	}
	return r, true
}

func (x *evaluation) bankError(op *operation, n *ast.Call, arg int, err error) {
	var be *banks.Error
	if errors.As(err, &be) {
		x.add(be.Code, spanOf(n.Args[arg]), "%s: %s", op.name, be.Msg)
		return
	}
	x.algebra(spanOf(n.Args[arg]), err)
}

// copyAtomArg evaluates an argument that may be a copy atom written as C++
// writes it, Copy_Atom<OP, T>, which the parser gives as a name.
func (x *evaluation) copyAtomArg(e ast.Expr) (Value, bool) {
	id, ok := e.(*ast.Ident)
	if !ok || !strings.HasPrefix(id.Name, "Copy_Atom<") || !strings.HasSuffix(id.Name, ">") {
		return x.eval(e)
	}
	inner := strings.TrimSuffix(strings.TrimPrefix(strings.Join(strings.Fields(id.Name), ""), "Copy_Atom<"), ">")
	// The value type is the last argument at depth 0.
	depth, cut := 0, -1
	for i, r := range inner {
		switch r {
		case '<':
			depth++
		case '>':
			depth--
		case ',':
			if depth == 0 {
				cut = i
			}
		}
	}
	if cut < 0 {
		x.add(diag.TiledUnknownAtom, spanOf(e), "Copy_Atom<OP, T> takes a copy operation and a value type: %s", id.Name)
		return nil, false
	}
	opName, typ := inner[:cut], inner[cut+1:]
	bits, err := elemBits(typ)
	if err != nil {
		x.add(diag.TiledUnknownAtom, spanOf(e), "%s: %v", id.Name, err)
		return nil, false
	}
	cop, err := tiled.LookupCopy(opName, elemBits)
	if err == nil {
		var a tiled.CopyAtom
		if a, err = tiled.NewCopyAtom(cop, typ, bits); err == nil {
			return copyAtom{a}, true
		}
	}
	var te *tiled.Error
	if errors.As(err, &te) {
		x.add(te.Code, spanOf(e), "%s", te.Msg)
	} else {
		x.algebra(spanOf(e), err)
	}
	return nil, false
}
