package tiled_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// cutecSpelling writes a C++ expression of the prints in cutec's language:
// atoms as identifiers, Copy_Atom<OP, T> as copy_atom(OP, T[, BITS]),
// Layout<Shape<..>,Stride<..>> as shape:stride, Tile<..> as [..;..].
func cutecSpelling(t *testing.T, n *cppNode) string {
	switch n.name {
	case "make_tiled_mma", "make_tiled_copy", "make_tiled_copy_A", "make_tiled_copy_B", "make_tiled_copy_C":
		parts := make([]string, len(n.args))
		for i, a := range n.args {
			parts[i] = cutecSpelling(t, a)
		}
		return n.name + "(" + strings.Join(parts, ", ") + ")"
	case "Layout":
		return cppLayout(t, n).String()
	case "Tile":
		parts := make([]string, len(n.tmpl))
		for i, a := range n.tmpl {
			if a.name == "Layout" {
				parts[i] = cppLayout(t, a).String()
			} else {
				parts[i] = cppTuple(t, a).String() + ":1"
			}
		}
		return "[" + strings.Join(parts, ";") + "]"
	case "Copy_Atom":
		op := n.tmpl[0]
		if op.tmpl == nil {
			return "copy_atom(" + op.name + ", " + n.tmpl[1].name + ")"
		}
		bits, err := elemBits(op.tmpl[0].name)
		require.NoError(t, err)
		return "copy_atom(" + op.name + ", " + n.tmpl[1].name + ", " + strconv.Itoa(bits) + ")"
	}
	if n.tmpl != nil && strings.HasPrefix(n.name, "SM100") {
		t.Skipf("%s: a UMMA atom's template arguments need the C++ spelling of the grammar", n)
	}
	if strings.HasPrefix(n.name, "UniversalFMA") || n.name == "UniversalFMA" {
		return "UniversalFMA"
	}
	return n.name // a GMMA's majors do not change its traits: K,K by default
}

// TestLanguageBuildsCuTesObjects evaluates every object of the prints as
// cutec's language writes it and checks its TV layouts and a partition
// against CuTe's.
func TestLanguageBuildsCuTesObjects(t *testing.T) {
	ids, fields := cuteObjects(t)
	for _, id := range ids {
		fs := fields[id]
		n, _ := parseCpp(fs[0][1])
		t.Run(id, func(t *testing.T) {
			expr := cutecSpelling(t, n)
			for _, f := range fs[1:] {
				var q string
				switch f[0] {
				case "layoutA_TV", "layoutB_TV", "layoutC_TV", "layoutS_TV", "layoutD_TV":
					q = "get_" + f[0] + "(" + expr + ")"
				case "thr_layout_vmnk":
					q = "get_thr_layout_vmnk(" + expr + ")"
				case "TiledLayout_TV":
					q = "get_layout_tv(" + expr + ")"
				case "size", "tile_size", "Tiler_MN":
					q = map[string]string{"size": "size", "tile_size": "tile_size", "Tiler_MN": "tile_size"}[f[0]] + "(" + expr + ")"
				case "partition_C(5,colmajor(2M,2N))", "partition_S(5,rowmajor(2M,2N))":
					ts := value(t, "tile_size("+expr+")").String()
					dims := strings.Split(strings.Trim(ts, "()"), ",")
					m, _ := strconv.Atoi(dims[0])
					nn, _ := strconv.Atoi(dims[1])
					l := "make_layout((" + strconv.Itoa(2*m) + "," + strconv.Itoa(2*nn) + "))"
					if f[0][10] == 'S' {
						l = "make_layout((" + strconv.Itoa(2*m) + "," + strconv.Itoa(2*nn) + "), (" + strconv.Itoa(2*nn) + ",1))"
					}
					q = f[0][:11] + "(" + expr + ", 5, " + l + ")"
				default:
					continue
				}
				got := value(t, q).String()
				want := f[1]
				if off, rest, ok := strings.Cut(want, " o "); ok {
					want = "{" + off + "} o " + rest
				}
				if cute(got) != cute(want) && !(strings.Contains(got, ":") && !strings.Contains(got, "}") && sameLayout(t, lay(t, got), f[1])) {
					t.Errorf("%s\n got  %s\n CuTe %s", q, got, f[1])
				}
			}
		})
	}
}

// banks of a tiled copy built here equals banks of the TV layout and tile
// written by hand (docs/banks.md, from CuTe DSL's IR of its Ampere
// examples): the s2r ldmatrix copies of a bf16 and an M-major f16 operand.
func TestBanksOfTiledCopy(t *testing.T) {
	for _, c := range []struct{ tile, elem, copy, atom, tv, tiler string }{
		{"S<3,4,3> o 0 o ((8,8),(64,2)):((64,512),(1,4096))", "bf16",
			"make_tiled_copy_A(copy_atom(SM75_U32x4_LDSM_N, bf16), make_tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN, (4,1,1), [64:1;16:1;16:1]))",
			"ldmatrix_x4", "((4,8,4),((2,2,2),(1,1))):((128,1,16),((64,8,512),(0,0)))", "[64:1;16:1]"},
		{"S<3,3,3> o 0 o ((8,8),(64,2)):((64,512),(1,4096))", "bf16",
			"make_tiled_copy_A(copy_atom(SM75_U32x4_LDSM_N, bf16), make_tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN, (4,1,1), [64:1;16:1;16:1]))",
			"ldmatrix_x4", "((4,8,4),((2,2,2),(1,1))):((128,1,16),((64,8,512),(0,0)))", "[64:1;16:1]"},
		{"tile_to_shape(S<3,3,4> o 0 o (128,8):(1,128), (128,32))", "f16",
			"make_tiled_copy_A(copy_atom(SM75_U16x8_LDSM_T, half_t), make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1), [32:1;32:1;16:1]))",
			"SM75_U16x8_LDSM_T", "((4,8,2,2),((2,2,2),(1,1))):((64,1,16,0),((32,8,256),(0,0)))", "[32:1;16:1]"},
	} {
		for _, op := range []string{"banks", "wavefronts"} {
			built := value(t, op+"("+c.tile+", "+c.elem+", "+c.copy+")").String()
			byHand := value(t, op+"("+c.tile+", "+c.elem+", "+c.atom+", "+c.tv+", "+c.tiler+")").String()
			require.Equal(t, byHand, built, "%s of %s", op, c.copy)
		}
	}
	require.Equal(t, "2", value(t, "banks(S<3,4,3> o 0 o ((8,8),(64,2)):((64,512),(1,4096)), bf16, make_tiled_copy_A(copy_atom(SM75_U32x4_LDSM_N, bf16), make_tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN, (4,1,1), [64:1;16:1;16:1])))").String())
}
