package explain

import (
	"fmt"
	"strings"

	"github.com/cutec/cutec/normalize"
)

// The derivations of a tiled MMA's layouts, as cute/atom/mma_atom.hpp
// computes them: thrfrg_A/B/C divides the operand by the permutation, then
// by the atom's tile, composes the atom's own TV layout, and divides the
// rest among the atoms; get_layoutA/B/C_TV applies it to the (M,K), (N,K)
// or (M,N) tile and numbers the threads; partition_A/B/C slices it at one
// thread's coordinate. Every quantity is a query of the language on the
// tiled MMA (tile_size, get_atom_layoutA_TV, get_thr_layout_vmnk), so every
// step replays.

// addTiledMMA adds the derivations of a tiled MMA's queries and partitions.
func addTiledMMA() {
	for _, op := range []byte{'A', 'B', 'C'} {
		derivations["get_layout"+string(op)+"_TV"] = deriveLayoutTV(op)
		derivations["partition_"+string(op)] = derivePartitionMMA(op)
		derivations["partition_fragment_"+string(op)] = deriveFragment(op)
	}
	derivations["get_thr_layout_vmnk"] = deriveThrLayoutVMNK
}

// deriveThrLayoutVMNK is get_thr_layout_vmnk: the atom's threads (ThrID)
// repeated over the layout of atoms, tiled_product(ThrID, atom layout).
func deriveThrLayoutVMNK(d *deriver, vals []normalize.Value, args []string) (result, bool) {
	if len(args) != 1 || vals[0] == nil {
		return result{}, false
	}
	atom, perm, ok := mmaParts(args[0])
	if !ok {
		return result{}, false
	}
	lay := strings.TrimSuffix(strings.TrimPrefix(args[0], "make_tiled_mma("+atom+", "), ", "+perm+")")
	t := d.step("atom threads", call("get_atom_thr_id", args[0]), "the atom's threads (MMA_Atom::ThrID): atom thread -> thread of the instruction")
	a := d.step("atom layout", lay, "the layout of atoms over (M,N,K), (m,n,k) -> atom index, as make_tiled_mma was given it (padded to rank 3 with 1:0)")
	if !t.ok || !a.ok {
		return result{}, false
	}
	return d.step("product", call("tiled_product", t.text, a.text), "each atom's threads, then the atoms: (atom thread, m, n, k) -> thread, the atoms' thread blocks one after another in the order of the atom layout"), true
}

// mmaModes are the modes of M,N,K that the operand op spans.
func mmaModes(op byte) (int, int) {
	switch op {
	case 'A':
		return 0, 2
	case 'B':
		return 1, 2
	}
	return 0, 1
}

// mmaParts reads a tiled MMA's text, make_tiled_mma(ATOM, LAYOUT, [P0;P1;P2]):
// the atom's name and the permutation.
func mmaParts(mma string) (atom, perm string, ok bool) {
	rest, ok := strings.CutPrefix(mma, "make_tiled_mma(")
	if !ok {
		return "", "", false
	}
	atom, _, ok = strings.Cut(rest, ", ")
	i := strings.LastIndex(rest, ", [")
	if !ok || i < 0 || !strings.HasSuffix(rest, ")") {
		return "", "", false
	}
	return atom, rest[i+2 : len(rest)-1], true
}

// thrfrg derives thrfrg_A/B/C (op) of the operand laid out by x on the
// tiled MMA written mma: ((ThrV,(Thr_i,Thr_j)),(FrgV,(Rest_i,Rest_j))).
func (d *deriver) thrfrg(op byte, mma, x string) result {
	i, j := mmaModes(op)
	names := "MNK"
	mi, mj := names[i:i+1], names[j:j+1]
	atom, perm, ok := mmaParts(mma)
	if !ok {
		return result{}
	}
	ts, _ := d.eval(call("tile_size", mma))
	tiles := [2]string{}
	for k, m := range [2]int{i, j} {
		p, _ := d.eval(call("get", perm, itoa(int64(m))))
		if !p.ok {
			return result{}
		}
		tiles[k] = p.text
		if p.text == "_" {
			e, _ := d.eval(call("get", ts.text, itoa(int64(m))))
			if !e.ok {
				return result{}
			}
			tiles[k] = e.text
		}
	}
	pd := d.step("permute", call("logical_divide", x, "["+tiles[0]+";"+tiles[1]+"]"),
		fmt.Sprintf("thrfrg_%c (1): the operand is divided by the permutation's %s and %s modes, %s and %s (a by-mode tiler): each tile of the tiled MMA, with its %s and %s indices permuted as the permutation maps them, then the tiles", op, mi, mj, tiles[0], tiles[1], mi, mj))
	if !pd.ok {
		return pd
	}
	as := d.step("atom tile", call("tile_size", call("make_tiled_mma", atom)), fmt.Sprintf("the atom's own (M,N,K): one instruction's tile, %s by %s for %c", mi, mj, op))
	if !as.ok {
		return as
	}
	ai, _ := d.eval(call("get", as.text, itoa(int64(i))))
	aj, _ := d.eval(call("get", as.text, itoa(int64(j))))
	if !ai.ok || !aj.ok {
		return result{}
	}
	zd := d.step("atom", call("zipped_divide", pd.text, "["+ai.text+":1;"+aj.text+":1]"),
		fmt.Sprintf("thrfrg_%c (2): divided by the atom's %s by %s (a by-mode tiler, zipped): ((atom %s, atom %s), (atoms along %s, atoms along %s))", op, ai.text, aj.text, mi, mj, mi, mj))
	if !zd.ok {
		return zd
	}
	atv := d.step("atom layout", call("get_atom_layout"+string(op)+"_TV", mma),
		fmt.Sprintf("the atom's own TV layout (MMA_Traits' %cLayout): (atom thread, value) -> the column-major index of the element in the atom's %s by %s tile", op, ai.text, aj.text))
	if !atv.ok {
		return atv
	}
	tv := d.step("thread values", call("composition", zd.text, "["+atv.text+";_]"),
		fmt.Sprintf("thrfrg_%c (3): the atom mode composed with it: the atom's (m,%s) index becomes (thread, value), so a thread's values are read through the permuted tile: where the permutation moved an index, the thread's value moved with it (the rest mode is kept, _)", op, strings.ToLower(mj)))
	if !tv.ok {
		return tv
	}
	vmnk := call("get_thr_layout_vmnk", mma)
	ni := d.step("threads "+mi, call("size", call("get", vmnk, itoa(int64(i+1)))), fmt.Sprintf("the atoms along %s (mode %d of get_thr_layout_vmnk)", mi, i+1))
	nj := d.step("threads "+mj, call("size", call("get", vmnk, itoa(int64(j+1)))), fmt.Sprintf("the atoms along %s (mode %d of get_thr_layout_vmnk)", mj, j+1))
	if !ni.ok || !nj.ok {
		return result{}
	}
	return d.step("atoms", call("zipped_divide", tv.text, "[_;["+ni.text+":1;"+nj.text+":1]]"),
		fmt.Sprintf("thrfrg_%c (4): the rest divided among the %s by %s atoms: ((atom thread, (atom %s, atom %s)), (atom value, (rest %s, rest %s))), each thread's values in the second mode", op, ni.text, nj.text, mi, mj, mi, mj))
}

// deriveLayoutTV is get_layoutA/B/C_TV: thrfrg of the (M,K), (N,K) or
// (M,N) tile, the atoms of the mode the operand does not span broadcast,
// and the threads numbered by the right inverse of the thread layout.
func deriveLayoutTV(op byte) derivation {
	return func(d *deriver, vals []normalize.Value, args []string) (result, bool) {
		if len(args) != 1 || vals[0] == nil {
			return result{}, false
		}
		i, j := mmaModes(op)
		ts := d.step("tile", call("tile_size", args[0]), "the (M,N,K) the tiled MMA covers")
		if !ts.ok {
			return result{}, false
		}
		ei, _ := d.eval(call("get", ts.text, itoa(int64(i))))
		ej, _ := d.eval(call("get", ts.text, itoa(int64(j))))
		ref := d.step("reference", call("make_layout", "("+ei.text+","+ej.text+")"), fmt.Sprintf("the operand's %s by %s tile, column-major: its index is what the TV layout maps to", ei.text, ej.text))
		if !ref.ok {
			return result{}, false
		}
		frg := d.thrfrg(op, args[0], ref.text)
		if !frg.ok {
			return frg, frg.text != ""
		}
		vmnk := call("get_thr_layout_vmnk", args[0])
		if op != 'C' {
			m, _ := d.eval(call("size", call("get", vmnk, "1")))
			n, _ := d.eval(call("size", call("get", vmnk, "2")))
			bc := "(" + m.text + "," + n.text + "):(1,0)"
			what := "N (A does not span N)"
			if op == 'B' {
				bc = "(" + m.text + "," + n.text + "):(0,1)"
				what = "M (B does not span M)"
			}
			b := d.step("broadcast", call("composition", frg.text, "[[_;["+bc+";_]];_]"),
				fmt.Sprintf("the threads of the atoms along %s hold the same values: the atom index becomes (m,n) -> %s with stride 0 across the other mode", what, map[byte]string{'A': "m", 'B': "n"}[op]))
			if !b.ok {
				return b, true
			}
			frg = b
		}
		v := d.step("thread layout", vmnk, "(atom thread, m, n, k) -> thread index")
		c := d.step("complement", call("complement", v.text), "what it does not reach, so that with it every index is reached")
		if !v.ok || !c.ok {
			return result{}, false
		}
		inv := d.step("inverse", call("right_inverse", call("make_layout", v.text, c.text)), "thread index -> (atom thread, m, n, k): the right inverse of the thread layout")
		if !inv.ok {
			return inv, true
		}
		sz := d.step("threads", call("size", args[0]), "")
		if !sz.ok {
			return result{}, false
		}
		id := d.step("thread index", call("composition", "("+sz.text+",1):(1,0)", inv.text), fmt.Sprintf("restricted to the %s threads", sz.text))
		if !id.ok {
			return id, true
		}
		return d.step("TV", call("composition", frg.text, "["+id.text+";_]"), "the thread mode read by thread index: (thread, value) -> index of the tile"), true
	}
}

// derivePartitionMMA is partition_A/B/C(MMA, THREAD, L): thrfrg of L, then
// the slice at the thread's coordinate in the thread layout.
func derivePartitionMMA(op byte) derivation {
	return func(d *deriver, vals []normalize.Value, args []string) (result, bool) {
		thr, ok := d.partitionable("partition_"+string(op), vals, args)
		if !ok {
			return result{}, false
		}
		frg := d.thrfrg(op, args[0], args[2])
		if !frg.ok {
			return frg, frg.text != ""
		}
		return d.threadSlice(op, args[0], thr, frg, "slice_and_offset")
	}
}

// threadSlice fixes the thread mode of thrfrg's result frg at the
// coordinate of thread thr in the thread layout, with slice or
// slice_and_offset (fn).
func (d *deriver) threadSlice(op byte, mma string, thr int64, frg result, fn string) (result, bool) {
	i, j := mmaModes(op)
	vmnk := d.step("thread layout", call("get_thr_layout_vmnk", mma), "(atom thread, m, n, k) -> thread index: the thread's coordinate is read from it")
	if !vmnk.ok {
		return result{}, false
	}
	crd := []string{"0", "0", "0", "0"}
	for _, k := range []int{0, i + 1, j + 1} {
		m, _ := d.eval(call("get", vmnk.text, itoa(int64(k))))
		ml, ok := layoutOf(m.v)
		if !ok || ml.Shape().IsTuple() {
			return result{}, false
		}
		s, st := ml.Shape().Value(), ml.Stride().Value()
		if st == 0 || s == 1 {
			crd[k] = "0"
			continue
		}
		c := d.step("coordinate", call("tuple_mod", call("tuple_div", itoa(thr), itoa(st)), itoa(s)),
			fmt.Sprintf("thread %d's coordinate in mode %d (%s) of the thread layout: (%d / %d) mod %d", thr, k, []string{"atom thread", "atom along M", "atom along N", "atom along K"}[k], thr, st, s))
		if !c.ok {
			return c, true
		}
		crd[k] = c.text
	}
	us, ok := d.restSlicer(frg.text, "1", "1")
	if !ok {
		return result{}, false
	}
	c := "((" + crd[0] + ",(" + crd[i+1] + "," + crd[j+1] + ")),(_," + us + "))"
	return d.step("slice", call(fn, c, frg.text),
		fmt.Sprintf("the thread mode fixed at the thread's (atom thread, (atom %s, atom %s)) = (%s,(%s,%s)); every value and rest mode kept: what the thread holds, from its first element", "MNK"[i:i+1], "MNK"[j:j+1], crd[0], crd[i+1], crd[j+1])), true
}

// deriveFragment is partition_fragment_A/B/C(MMA, L): thread 0's partition
// of L, made a register fragment as CuTe's make_fragment_like makes it:
// mode 0 compact column-major (its stride-0 modes counted once), the other
// modes compact in the order of their strides, tiled after it.
func deriveFragment(op byte) derivation {
	return func(d *deriver, vals []normalize.Value, args []string) (result, bool) {
		if len(args) != 2 || vals[0] == nil {
			return result{}, false
		}
		if r, _ := d.eval(d.annotate(call("partition_fragment_"+string(op), args...))); !r.ok {
			return result{}, false
		}
		if l, ok := layoutOf(vals[1]); !ok || l.Stride().HasBasis() {
			return result{}, false
		}
		frg := d.thrfrg(op, args[0], args[1])
		if !frg.ok {
			return result{}, false
		}
		p, ok := d.threadSlice(op, args[0], 0, frg, "slice")
		if !ok || !p.ok {
			return result{}, false
		}
		pl, ok := layoutOf(p.v)
		if !ok || pl.Rank() < 2 {
			return result{}, false
		}
		m0 := d.step("values", call("get", p.text, "0"), "mode 0 of thread 0's partition: the values one MMA instruction takes")
		z := d.step("registers", call("compact_col_major", call("shape", call("filter_zeros", m0.text))), "make_fragment_like: the values get registers column-major; a stride-0 value (broadcast) is one register, counted once")
		if !m0.ok || !z.ok {
			return result{}, false
		}
		first := d.step("first", call("make_layout", call("shape", m0.text), z.text), "")
		rest := d.step("rest", call("take", p.text, "1", itoa(int64(pl.Rank()))), "the other modes: the instructions along each mode")
		if !first.ok || !rest.ok {
			return result{}, false
		}
		ord := d.step("rest registers", call("make_ordered_layout", call("shape", rest.text), call("stride", rest.text)), "compact, in the order of the partition's strides, so the registers follow memory's order")
		if !ord.ok {
			return result{}, false
		}
		return d.stepOK("fragment", call("tiled_product", first.text, ord.text), "the values' registers, then one block of them for each instruction: (values, rest...)")
	}
}

// The derivations of a tiled copy's layouts, as TiledCopy computes them
// (cute/atom/copy_atom.hpp): tile2thrfrg reads a tile through the copy's TV
// layout, its atom's reference values carried to the source's or the
// destination's order.

// addTiledCopy adds the derivations of a tiled copy's TV layouts and
// partitions, its retile and make_tiled_copy.
func addTiledCopy() {
	derivations["retile"] = deriveRetile
	derivations["make_tiled_copy"] = deriveMakeTiledCopy
	for _, s := range []byte{'S', 'D'} {
		derivations["get_layout"+string(s)+"_TV"] = deriveCopyLayoutTV(s)
		derivations["partition_"+string(s)] = deriveCopyPartition(s)
	}
}

// tile2thrfrg derives TiledCopy::tile2thrfrg of x, a layout of shape (tile,
// rest), on the side s ('S' source, 'D' destination): (thread, value, rest).
func (d *deriver) tile2thrfrg(s byte, cp, x string) result {
	side, name := "src", "source"
	if s == 'D' {
		side, name = "dst", "destination"
	}
	ref := d.step("reference", call("get_atom_layout_ref", cp), "the atom's reference (thread, value) layout: the tiled copy's TV layout counts its values in this order")
	trg := d.step(name, call("get_atom_layout_"+side, cp), "the atom's (thread, value) layout of the "+name)
	if !ref.ok || !trg.ok {
		return result{}
	}
	inv := d.step("inverse", call("right_inverse", ref.text), "reference value -> (thread, value) of the atom")
	if !inv.ok {
		return inv
	}
	r2t := d.step("ref to "+name, call("composition", inv.text, trg.text), fmt.Sprintf("the atom's reference values read in the %s's order", name))
	if !r2t.ok {
		return r2t
	}
	at, _ := d.eval(call("shape", ref.text))
	tv := d.step("TV", call("get_layout_tv", cp), "the tiled copy's (thread, value) -> tile index, in reference values")
	if !at.ok || !tv.ok {
		return result{}
	}
	atv := d.step("atom", call("zipped_divide", tv.text, call("product_each", at.text)), "divided by the atom's (threads, values): ((atom thread, atom value), (atom calls over threads, over values))")
	if !atv.ok {
		return atv
	}
	tt := d.step("order", call("composition", atv.text, "["+r2t.text+";_]"), fmt.Sprintf("the atom mode composed with the reference-to-%s layout: each thread's values in the %s's order", name, name))
	if !tt.ok {
		return tt
	}
	g := func(p ...string) string {
		r, _ := d.eval(call("get", append([]string{tt.text}, p...)...))
		return r.text
	}
	z := d.step("zip", call("make_layout", call("make_layout", g("0", "0"), g("1", "0")), call("make_layout", g("0", "1"), g("1", "1"))),
		"zipped: ((atom thread, calls over threads), (atom value, calls over values)), the threads first")
	if !z.ok {
		return z
	}
	c := d.step("coalesce", call("coalesce", z.text, "(1,(1,1))"), "the threads coalesced into one mode, the values by mode")
	if !c.ok {
		return c
	}
	tx := d.step("tile", call("composition", x, "["+c.text+";_]"), "the tile read through (thread, value): the rest mode is kept")
	if !tx.ok {
		return tx
	}
	h := func(p ...string) string {
		r, _ := d.eval(call("get", append([]string{tx.text}, p...)...))
		return r.text
	}
	return d.step("unpack", call("make_layout", h("0", "0"), h("0", "1"), h("1")), "(thread, value, rest)")
}

// deriveCopyLayoutTV is get_layoutS_TV or get_layoutD_TV: tile2thrfrg of the
// tile (tile, 1), its rest sliced at 0.
func deriveCopyLayoutTV(s byte) derivation {
	return func(d *deriver, vals []normalize.Value, args []string) (result, bool) {
		if len(args) != 1 || vals[0] == nil {
			return result{}, false
		}
		t := d.step("tile", call("tile_size", args[0]), "the tile the tiled copy moves")
		if !t.ok {
			return result{}, false
		}
		ref := d.step("reference", call("make_layout", "("+t.text+",1)"), "the tile's index, column-major, with a rest of one")
		if !ref.ok {
			return result{}, false
		}
		r := d.tile2thrfrg(s, args[0], ref.text)
		if !r.ok {
			return result{}, false
		}
		return d.stepOK("slice", call("slice", "(_,_,0)", r.text), "(thread, value) -> index of the tile")
	}
}

// deriveCopyPartition is partition_S or partition_D(COPY, THREAD, L): L
// divided by the tile, tile2thrfrg, the thread's slice.
func deriveCopyPartition(s byte) derivation {
	return func(d *deriver, vals []normalize.Value, args []string) (result, bool) {
		thr, ok := d.partitionable("partition_"+string(s), vals, args)
		if !ok {
			return result{}, false
		}
		t := d.step("tile", call("tile_size", args[0]), "the tile the tiled copy moves")
		if !t.ok {
			return result{}, false
		}
		zd := d.step("tiles", call("zipped_divide", args[2], t.text), "L divided by the tile (by mode, zipped): (tile, rest)")
		if !zd.ok {
			return result{}, false
		}
		frg := d.tile2thrfrg(s, args[0], zd.text)
		if !frg.ok {
			return result{}, false
		}
		us, ok := d.restSlicer(frg.text, "2")
		if !ok {
			return result{}, false
		}
		return d.stepOK("slice", call("slice_and_offset", "("+itoa(thr)+",_,"+us+")", frg.text), fmt.Sprintf("thread %d's slice: its values and the rest, from its first element", thr))
	}
}

// deriveRetile is TiledCopy::retile of a register fragment x, (V, Rest...):
// the copy's (thread, value) layout inverted and read per thread, each
// thread's V registers grouped by the atom's values, x divided accordingly.
func deriveRetile(d *deriver, vals []normalize.Value, args []string) (result, bool) {
	xl, ok := layoutOf(vals[1])
	if len(args) != 2 || vals[0] == nil || !ok || !staticInts(xl) || xl.Rank() < 1 {
		return result{}, false
	}
	if r, _ := d.eval(d.annotate(call("retile", args...))); !r.ok {
		return result{}, false
	}
	tv := d.step("TV", call("get_layout_tv", args[0]), "the tiled copy's (thread, value) -> tile index")
	t := d.step("tile", call("tile_size", args[0]), "")
	v := d.step("values", call("size", call("get", args[1], "0")), "V, the registers of one MMA instruction in the fragment (its mode 0)")
	n := d.step("threads", call("size", args[0]), "")
	if !tv.ok || !t.ok || !v.ok || !n.ok {
		return result{}, false
	}
	inv := d.step("inverse", call("right_inverse", tv.text), "tile index -> (thread, value)")
	if !inv.ok {
		return result{}, false
	}
	sh := d.step("shaped", call("composition", inv.text, call("make_layout", t.text)), "read as the tile's (m,n)")
	nv, _ := d.eval(call("tuple_mul", n.text, v.text))
	if !sh.ok || !nv.ok {
		return result{}, false
	}
	up := d.step("per thread", call("upcast", sh.text, nv.text), fmt.Sprintf("upcast by threads x V = %s: (m,n) -> which group of V registers of one thread", nv.text))
	if !up.ok {
		return result{}, false
	}
	ui := d.step("inverse", call("right_inverse", up.text), "")
	if !ui.ok {
		return result{}, false
	}
	pr := d.step("registers", call("logical_product", v.text+":1", ui.text), "V registers, repeated over the groups")
	ref, _ := d.eval(call("get_atom_layout_ref", args[0]))
	av, _ := d.eval(call("size", call("get", ref.text, "1")))
	if !pr.ok || !ref.ok || !av.ok {
		return result{}, false
	}
	fv := d.step("atom values", call("zipped_divide", pr.text, av.text+":1"), fmt.Sprintf("grouped by the atom's %s values: (atom values, atom calls)", av.text))
	each := d.step("extents", call("product_each", call("shape", up.text)), "")
	if !fv.ok || !each.ok {
		return result{}, false
	}
	tiler := "(" + v.text + "," + strings.Trim(each.text, "()") + ")"
	if _, isInt := intOf(each.v); isInt {
		tiler = "(" + v.text + "," + each.text + ")"
	}
	tt := d.step("tiles", call("zipped_divide", args[1], tiler), "the fragment divided by (V, the groups' extents)")
	if !tt.ok {
		return result{}, false
	}
	vt := d.step("regroup", call("composition", tt.text, "["+fv.text+";_]"), "the registers read as (atom values, atom calls)")
	if !vt.ok {
		return result{}, false
	}
	rest := make([]string, xl.Rank())
	rest[0] = "0"
	for i := 1; i < len(rest); i++ {
		rest[i] = "_"
	}
	return d.stepOK("slice", call("slice", "(_,("+strings.Join(rest, ",")+"))", vt.text), "the fragment's own rest modes kept: (atom values, atom calls, rest...)")
}

// restSlicer returns the slicer that keeps every mode of the mode of frg
// at path: "_" for a leaf, "(_,_,...)" for a tuple of its rank.
func (d *deriver) restSlicer(frg string, path ...string) (string, bool) {
	rest, _ := d.eval(call("get", append([]string{frg}, path...)...))
	rl, ok := layoutOf(rest.v)
	if !ok {
		return "", false
	}
	if !rl.Shape().IsTuple() {
		return "_", true
	}
	u := make([]string, rl.Rank())
	for k := range u {
		u[k] = "_"
	}
	return "(" + strings.Join(u, ",") + ")", true
}

// partitionable returns the thread of a call name(TILED, THREAD, L) that a
// partition derives: a tiled object, an integer thread and a layout
// without basis strides, for which the call itself evaluates (a thread out
// of range or a ragged operand is left to the call's own error).
func (d *deriver) partitionable(name string, vals []normalize.Value, args []string) (int64, bool) {
	thr, ok := intOf(vals[1])
	if len(args) != 3 || vals[0] == nil || !ok {
		return 0, false
	}
	if l, ok := layoutOf(vals[2]); !ok || l.Stride().HasBasis() {
		return 0, false
	}
	r, _ := d.eval(d.annotate(call(name, args...)))
	return thr, r.ok
}

// deriveMakeTiledCopy is make_tiled_copy(ATOM, THR, VAL) as CuTe builds it
// (make_tiled_copy in copy_atom.hpp): the threads raked over the values
// give layout_mn, (m,n) -> (thread, value); its right inverse, shaped
// (threads, values), is the TV layout, and its shape by mode the tile.
func deriveMakeTiledCopy(d *deriver, vals []normalize.Value, args []string) (result, bool) {
	if len(args) != 3 || vals[0] == nil || vals[1] == nil || vals[2] == nil {
		return result{}, false
	}
	lay := func(i int) string {
		if _, ok := layoutOf(vals[i]); ok {
			return args[i]
		}
		return call("make_layout", args[i]) // a shape: its column-major layout
	}
	thr, val := lay(1), lay(2)
	mn := d.step("raked", call("raked_product", thr, val), "layout_mn: the threads raked over the values, (m,n) -> (thread, value) as one index")
	if !mn.ok {
		return result{}, false
	}
	inv := d.step("inverse", call("right_inverse", mn.text), "(thread, value) index -> (m,n) index of the tile")
	nt := d.step("threads", call("size", thr), "the threads")
	nv := d.step("values", call("size", val), "the values a thread moves")
	if !inv.ok || !nt.ok || !nv.ok {
		return result{}, false
	}
	tv := d.step("TV", call("composition", inv.text, call("make_layout", "("+nt.text+","+nv.text+")")), "shaped (thread, value): the TV layout (CuTe's with_shape)")
	tile := d.step("tile", call("product_each", call("shape", mn.text)), "the tile: layout_mn's extent by mode")
	if !tv.ok || !tile.ok {
		return result{}, false
	}
	return d.stepOK("tiled copy", call("make_tiled_copy_tv", args[0], tv.text, tile.text), "the tiled copy of that TV layout over that tile")
}
