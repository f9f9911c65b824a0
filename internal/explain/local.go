package explain

import (
	"fmt"
	"strings"

	"github.com/cutec/cutec/layout"
	"github.com/cutec/cutec/normalize"
)

// deriveLocalTile is CuTe's local_tile(L, tiler, coord[, proj])
// (cute/tensor_impl.hpp): the projection dices the tiler and the
// coordinate first; L is divided by zipped_divide into (tile, rest); the
// rest mode is sliced at coord (padded with _ to its rank), the tile mode
// kept whole, and the slice's offset is the tile's first element in L.
func deriveLocalTile(d *deriver, vals []normalize.Value, args []string) (result, bool) {
	if len(vals) < 3 {
		return result{}, false
	}
	tiler, coord := args[1], args[2]
	if len(vals) == 4 {
		t := d.step("project", call("dice", args[3], tiler), fmt.Sprintf("the projection %s keeps the modes of the tiler where it has an integer, drops those where it has _", args[3]))
		c := d.step("project", call("dice", args[3], coord), "and the same modes of the coordinate")
		if !t.ok || !c.ok {
			return result{}, false
		}
		tiler, coord = t.text, c.text
	}
	z := d.sub("zipped_divide", args[0], tiler)
	if !z.ok {
		return z, true
	}
	tile, rest, ok := zippedModes(z.v)
	if !ok {
		return result{}, false
	}
	crd := "(" + underscoresOf(tile) + "," + d.padUnderscores(coord, rest) + ")"
	note := fmt.Sprintf("the tile mode is kept whole (_) and the rest mode is sliced at the tile's coordinate %s (padded with _ to the rest's rank): the tile's layout, and {offset}, its first element in L", coord)
	// local_tile's own conditions, that each integer of the coordinate
	// lies inside its mode of the rest (past it, the offset depends on
	// how the values factor the mode), stated on the whole call.
	_, inside := d.evalKeeping(d.annotate(call("local_tile", args...)), func(o layout.Obligation) bool { return o.Op == "local_tile" && !o.Assumed })
	if len(inside) > 0 {
		note += "; the coordinate lies inside the rest, mode by mode, if " + strings.Join(inside, ", ")
	}
	return d.step("slice", call("slice_and_offset", crd, z.text), note), true
}

// deriveLocalPartition is CuTe's local_partition(L, threads, index[, proj]):
// L is divided by zipped_divide into tiles of the shape
// product_each(shape(threads)); the thread's coordinate in a tile is
// Layout::get_flat_coord(index) of threads, leaf by leaf (index / d) mod s,
// each top mode folded to one index; the tile mode is sliced at it and
// the rest mode kept whole: the thread's element of every tile.
func deriveLocalPartition(d *deriver, vals []normalize.Value, args []string) (result, bool) {
	if len(vals) < 3 {
		return result{}, false
	}
	idx, ok := intOf(vals[2])
	if !ok || idx < 0 {
		return result{}, false
	}
	threads := args[1]
	if len(vals) == 4 {
		t := d.step("project", call("dice", args[3], threads), fmt.Sprintf("the projection %s keeps the modes of the thread layout where it has an integer", args[3]))
		if !t.ok {
			return result{}, false
		}
		threads = t.text
	}
	tv, _ := d.eval(threads)
	tl, ok := layoutOf(tv.v)
	if !ok || !staticInts(tl) || tl.Rank() > maxWalk {
		return result{}, false
	}
	shape := d.step("tile shape", call("product_each", call("shape", threads)), "each tile has the thread layout's extent in every mode: one element per thread")
	if !shape.ok {
		return shape, true
	}
	// The thread's flat coordinate, mode by mode.
	modes := 1
	if tl.Shape().IsTuple() {
		modes = tl.Rank()
	}
	crds := make([]string, modes)
	for i := range crds {
		s, st := tl.Shape(), tl.Stride()
		if tl.Shape().IsTuple() {
			s, st = s.At(i), st.At(i)
		}
		leaves, strides := leavesOf(s), leavesOf(st)
		hs := make([]string, len(leaves))
		for k := range leaves {
			if strides[k] == 0 {
				hs[k] = "0"
				continue
			}
			h := d.step("thread coordinate", call("tuple_mod", call("tuple_div", itoa(idx), itoa(strides[k])), itoa(leaves[k])),
				fmt.Sprintf("thread %d in the leaf %d:%d of mode %d of the thread layout: (%d / %d) mod %d", idx, leaves[k], strides[k], i, idx, strides[k], leaves[k]))
			if !h.ok {
				return result{}, false
			}
			hs[k] = h.text
		}
		if !s.IsTuple() {
			crds[i] = hs[0]
			continue
		}
		c := d.step("fold", call("crd2idx", shaped(s, hs), s.String()), fmt.Sprintf("the coordinate in mode %d, folded to one index of its shape (get_flat_coord)", i))
		if !c.ok {
			return result{}, false
		}
		crds[i] = c.text
	}
	crd := crds[0]
	if tl.Shape().IsTuple() {
		crd = "(" + strings.Join(crds, ",") + ")"
	}
	z := d.sub("zipped_divide", args[0], shape.text)
	if !z.ok {
		return z, true
	}
	tile, rest, ok := zippedModes(z.v)
	if !ok {
		return result{}, false
	}
	full := "(" + d.padUnderscores(crd, tile) + "," + underscoresOf(rest) + ")"
	return d.step("slice", call("slice_and_offset", full, z.text),
		fmt.Sprintf("the tile mode is sliced at the thread's coordinate %s and the rest mode kept whole (_): the thread's element of every tile, and {offset}, its first one in L", crd)), true
}

// zippedModes returns the shapes of the tile and rest modes of a zipped
// divide's result.
func zippedModes(v normalize.Value) (layout.IntTuple, layout.IntTuple, bool) {
	l, ok := layoutOf(v)
	if !ok || !l.Shape().IsTuple() || l.Rank() != 2 {
		return layout.IntTuple{}, layout.IntTuple{}, false
	}
	return l.Shape().At(0), l.Shape().At(1), true
}

// underscoresOf is the coordinate that keeps every top mode of shape: _,
// or (_,...,_).
func underscoresOf(shape layout.IntTuple) string {
	if !shape.IsTuple() {
		return "_"
	}
	return "(" + strings.TrimSuffix(strings.Repeat("_,", shape.Rank()), ",") + ")"
}

// padUnderscores pads a tuple coordinate (its text) with _ to the rank of
// shape, as CuTe's append<R>(coord, _); a scalar is kept.
func (d *deriver) padUnderscores(crd string, shape layout.IntTuple) string {
	if !strings.HasPrefix(crd, "(") || !shape.IsTuple() {
		return crd
	}
	v, _ := d.eval(crd)
	r, ok := rankOf(v.v)
	if !ok || r >= shape.Rank() {
		return crd
	}
	return strings.TrimSuffix(crd, ")") + strings.Repeat(",_", shape.Rank()-r) + ")"
}

// leavesOf returns the static leaves of t, in order.
func leavesOf(t layout.IntTuple) []int64 {
	f := t.Flatten()
	if !f.IsTuple() {
		return []int64{f.Value()}
	}
	out := make([]int64, f.Len())
	for i := range out {
		out[i] = f.At(i).Value()
	}
	return out
}
