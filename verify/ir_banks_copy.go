package verify

import (
	"bytes"
	"strconv"

	"github.com/cutec/cutec/banks"
	"github.com/cutec/cutec/layout"
)

// irCopy is what the bank check reads from a tiled copy applied to a
// shared-memory memref on one op line of IR: the atom, the tiled copy's
// layout_copy_tv and tiler_mn, the memref's element type, layout payload,
// alignment and swizzle on bytes.
type irCopy struct {
	atom      banks.Atom
	elem      banks.Elem
	copyTV    []byte // the payload of layout_copy_tv
	tiler     []byte // the payload of tiler_mn
	layout    []byte // the memref's layout payload
	byteSw    []byte // the memref's unquoted swizzle (on byte addresses), or nil
	align     int64  // the memref's align<N>, 0 when not written
	partition byte   // 'S' (the copy reads the memref) or 'D' (it writes it)
}

// readIRCopy reads the operand types of `cute.tiled.copy.partition_S` or
// `partition_D`: the tiled copy (types[0]) and the shared-memory memref
// (types[1]), aliases resolved. ok is false when any fact the analysis needs
// is not stated, or states an access the atom table does not model
// exactly (a TMA or tensor-memory atom, a 16-bit universal copy, a memref
// outside shared memory, an atom whose value type is not the memref's
// element type): the bank check then says nothing.
func readIRCopy(partition byte, tc, mem []byte, aliases *Aliases) (irCopy, bool) {
	c := irCopy{partition: partition}
	tc, ok := aliases.Resolve(tc)
	if !ok || !bytes.HasPrefix(tc, []byte("!cute.tiled_copy<")) || tc[len(tc)-1] != '>' {
		return c, false
	}
	var items [][]byte
	eachTop(tc[len("!cute.tiled_copy<"):len(tc)-1], func(b []byte) { items = append(items, b) })
	if len(items) != 3 {
		return c, false
	}
	if c.copyTV, ok = quotedAttr(items[1], "layout_copy_tv"); !ok {
		return c, false
	}
	if c.tiler, ok = quotedAttr(items[2], "tiler_mn"); !ok {
		return c, false
	}
	name, valType, ok := atomName(items[0], partition)
	if !ok {
		return c, false
	}
	if c.atom, ok = lookupAtom(name); !ok {
		return c, false
	}
	mem, ok = aliases.Resolve(mem)
	if !ok || !bytes.HasPrefix(mem, []byte("!cute.memref<")) || mem[len(mem)-1] != '>' {
		return c, false
	}
	var parts [][]byte
	eachTop(mem[len("!cute.memref<"):len(mem)-1], func(b []byte) { parts = append(parts, b) })
	if len(parts) < 3 || string(parts[1]) != "smem" {
		return c, false
	}
	if !bytes.Equal(parts[0], valType) {
		return c, false // the copy recasts: its values are not the memref's elements
	}
	e, err := banks.LookupElem(string(parts[0]))
	if err != nil {
		return c, false
	}
	c.elem = e
	for _, p := range parts[2:] {
		switch {
		case bytes.HasPrefix(p, []byte("align<")) && p[len(p)-1] == '>':
			n, err := strconv.ParseInt(string(p[len("align<"):len(p)-1]), 10, 64)
			if err != nil {
				return c, false
			}
			c.align = n
		case bytes.HasPrefix(p, []byte("S<")):
			c.byteSw = p
		case p[0] == '"' && len(p) >= 2 && p[len(p)-1] == '"':
			c.layout = p[1 : len(p)-1]
		default:
			return c, false // an item the check does not know: nothing assumed
		}
	}
	return c, c.layout != nil
}

// quotedAttr returns the payload of the item `key = <"payload">`.
func quotedAttr(item []byte, key string) ([]byte, bool) {
	rest, ok := bytes.CutPrefix(item, []byte(key+` = <"`))
	if !ok || !bytes.HasSuffix(rest, []byte(`">`)) {
		return nil, false
	}
	p := rest[:len(rest)-2]
	if bytes.IndexByte(p, '"') >= 0 {
		return nil, false
	}
	return p, true
}

// atomName maps the atom type of a tiled copy, as CuTe DSL prints it, to
// the name of the bank model's atom and the atom's value type:
//
//	!cute_nvgpu.atom.ldsm<val_type = f16, mode = <"(8,8)">, sz_pattern = u16, num_matrices = 4, n>  ldmatrix.x4 (t: .trans)
//	!cute_nvgpu.atom.stsm<f16, mode = <"(8,8)">, num_matrices = 4, n>                              stmatrix.x4 (t: .trans)
//	!cute_nvgpu.atom.simt_async_copy<bf16, cache = global, 128 b>                                 cp.async.cg.16 (cache = always: cp.async.16)
//	!cute_nvgpu.atom.universal_copy<bf16, 128 b>                                                   ld.shared.b128 (partition_S), st.shared.b128 (partition_D)
//
// ldmatrix reads shared memory and so is only a partition_S of it, stmatrix
// and cp.async write it and are only a partition_D. Anything else (TMA,
// tensor memory, an 8x16 or 16x16 ldmatrix mode) is not known to the model.
func atomName(t []byte, partition byte) (string, []byte, bool) {
	const pre = "!cute_nvgpu.atom."
	if !bytes.HasPrefix(t, []byte(pre)) || t[len(t)-1] != '>' {
		return "", nil, false
	}
	lt := bytes.IndexByte(t, '<')
	if lt < len(pre) {
		return "", nil, false
	}
	kind := string(t[len(pre):lt])
	var items [][]byte
	eachTop(t[lt+1:len(t)-1], func(b []byte) { items = append(items, b) })
	if len(items) == 0 {
		return "", nil, false
	}
	attr := func(key string) []byte {
		for _, it := range items {
			if v, ok := bytes.CutPrefix(it, []byte(key+" = ")); ok {
				return v
			}
		}
		return nil
	}
	last := string(items[len(items)-1])
	switch kind {
	case "ldsm", "stsm":
		val := items[0]
		if kind == "ldsm" {
			val = attr("val_type")
			if partition != 'S' || string(attr("sz_pattern")) != "u16" {
				return "", nil, false
			}
		} else if partition != 'D' {
			return "", nil, false
		}
		if string(attr("mode")) != `<"(8,8)">` || (last != "n" && last != "t") {
			return "", nil, false
		}
		// The 8x8 matrices of 16-bit elements (SM75_U32x*_LDSM_N, SM75_U16x*_LDSM_T,
		// SM90_*_STSM_*); the 8-bit forms of later GPUs have other traits.
		if e, err := banks.LookupElem(string(val)); err != nil || e.Bits != 16 {
			return "", nil, false
		}
		n := string(attr("num_matrices"))
		if n != "1" && n != "2" && n != "4" {
			return "", nil, false
		}
		name := map[string]string{"ldsm": "ldmatrix", "stsm": "stmatrix"}[kind] + ".x" + n
		if last == "t" {
			name += ".trans"
		}
		return name, val, len(val) > 0
	case "simt_async_copy":
		bits, ok := widthItem(items)
		if !ok || partition != 'D' {
			return "", nil, false
		}
		// cache = global is cp.async.cg (16 bytes only), served apart from
		// cp.async.ca (docs/banks.md, "cp.async").
		if string(attr("cache")) == "global" {
			return "cp.async.cg." + strconv.Itoa(bits/8), items[0], true
		}
		return "cp.async." + strconv.Itoa(bits/8), items[0], true
	case "universal_copy":
		bits, ok := widthItem(items)
		if !ok {
			e, err := banks.LookupElem(string(items[0]))
			if err != nil {
				return "", nil, false
			}
			bits = e.Bits // no width: one element a copy
		}
		op := "ld.shared.b"
		if partition == 'D' {
			op = "st.shared.b"
		}
		return op + strconv.Itoa(bits), items[0], true
	}
	return "", nil, false
}

// widthItem reads the `N b` item of an atom: its bits a copy.
func widthItem(items [][]byte) (int, bool) {
	for _, it := range items[1:] {
		if n, ok := bytes.CutSuffix(it, []byte(" b")); ok {
			bits, err := strconv.Atoi(string(n))
			return bits, err == nil
		}
	}
	return 0, false
}

// lookupAtom returns the model's atom of a canonical name; false for a
// width the table lacks.
func lookupAtom(name string) (banks.Atom, bool) {
	a, err := banks.LookupAtom(name)
	return a, err == nil && a.Name == name
}

// tile returns the shared-memory tile of the memref: its layout payload,
// with the swizzle of a composed payload on element offsets, or the
// memref's unquoted swizzle recast from bytes to elements. ok is false when
// the tile is not exact: a composed payload with a dynamic offset, both
// swizzles, or a byte swizzle whose pattern the memref's alignment does not
// cover (the swizzle reads the bits of the absolute address, so the base
// must be aligned to 2^(B+M+S) bytes for the offsets to tell them).
func (c irCopy) tile(v any) (banks.Tile, bool) {
	var t banks.Tile
	switch v := v.(type) {
	case layout.Layout:
		t = banks.TileOf(v)
	case layout.ComposedLayout:
		var err error
		if t, err = banks.TileOfComposed(v); err != nil {
			return t, false
		}
	default:
		return t, false
	}
	if c.byteSw == nil {
		return t, true
	}
	if !t.Swizzle.IsIdentity() {
		return t, false
	}
	sw, ok := parseSwizzle(c.byteSw)
	if !ok || c.align < int64(1)<<(sw.B+sw.M+sw.S) {
		return t, false
	}
	if t.Offset != 0 {
		return t, false
	}
	// The memref's swizzle and its layout are the byte swizzle
	// S o smem_ptr[Nb](unset) o L of CuTe C++, read as that value is.
	bs, err := layout.NewByteSwizzled(sw, c.elem.Bits, t.L)
	if err != nil {
		return t, false
	}
	bt, err := banks.TileOfComposed(bs)
	if err != nil {
		return t, false
	}
	return bt, true
}

// parseSwizzle reads `S<B,M,S>`.
func parseSwizzle(b []byte) (layout.Swizzle, bool) {
	inner, ok := bytes.CutPrefix(b, []byte("S<"))
	if !ok || len(inner) < 1 || inner[len(inner)-1] != '>' {
		return layout.Swizzle{}, false
	}
	f := bytes.Split(inner[:len(inner)-1], []byte(","))
	if len(f) != 3 {
		return layout.Swizzle{}, false
	}
	var n [3]int
	for i, x := range f {
		v, err := strconv.Atoi(string(x))
		if err != nil || v < 0 || v > 30 {
			return layout.Swizzle{}, false
		}
		n[i] = v
	}
	sw, err := layout.NewSwizzle(n[0], n[1], n[2])
	return sw, err == nil
}
