package tiled_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestTiledCopyIsCuTes builds every tiled copy of the prints and checks its
// TV layout, tile, the S and D TV layouts, the atom's value layouts and the
// partitions of four threads against what CuTe printed for it.
func TestTiledCopyIsCuTes(t *testing.T) {
	ids, fields := cuteObjects(t)
	checked := 0
	for _, id := range ids {
		fs := fields[id]
		n, _ := parseCpp(fs[0][1])
		if !strings.HasPrefix(n.name, "make_tiled_copy") {
			continue
		}
		t.Run(id, func(t *testing.T) {
			c := cppCopy(t, n)
			tm, tn := c.Tiler.At(0).Value(), c.Tiler.At(1).Value()
			dims := map[string]int64{"M": tm, "N": tn, "2M": tm, "2N": tn}
			for _, f := range fs[1:] {
				var got string
				switch f[0] {
				case "TiledLayout_TV":
					got = c.TV.String()
				case "Tiler_MN":
					got = c.Tiler.String()
				case "size":
					got = strconv.FormatInt(c.Size(), 10)
				case "layoutS_TV", "layoutD_TV":
					l, err := c.LayoutTV(f[0][6])
					require.NoError(t, err)
					got = l.String()
				case "ValLayoutSrc":
					got = c.Atom.Src.String()
				case "ValLayoutDst":
					got = c.Atom.Dst.String()
				case "ValLayoutRef":
					got = c.Atom.Ref.String()
				default:
					p := partitionField.FindStringSubmatch(f[0])
					require.NotNil(t, p, f[0])
					thr, _ := strconv.ParseInt(p[2], 10, 64)
					x := operandLayout(t, p[3], dims[p[4]], dims[p[5]])
					l, off, err := c.Partition(p[1][0], thr, x)
					require.NoError(t, err)
					got = accessor(l, off, p[3] == "identity")
				}
				if cute(got) != cute(f[1]) {
					if strings.HasPrefix(f[0], "layout") || strings.HasPrefix(f[0], "Val") || f[0] == "TiledLayout_TV" {
						if sameLayout(t, lay(t, cute(got)), f[1]) {
							continue
						}
					}
					t.Errorf("%s:\n got  %s\n CuTe %s", f[0], got, f[1])
				}
			}
		})
		checked++
	}
	require.GreaterOrEqual(t, checked, 17)
}

// TestRetileIsCuTes checks retile_D of thread 0's A fragment against CuTe's
// prints (testdata/cute/retile.tsv).
func TestRetileIsCuTes(t *testing.T) {
	cpp := map[string]string{
		"c_s2r_A_ldsm4":        "make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}, make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2,_2,_1>>{}, Tile<_32,_32,_16>{}))",
		"c_s2r_A_ldsmT":        "make_tiled_copy_A(Copy_Atom<SM75_U16x8_LDSM_T, half_t>{}, make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2,_2,_1>>{}, Tile<_32,_32,_16>{}))",
		"c_s2r_A_ldsm1":        "make_tiled_copy_A(Copy_Atom<SM75_U32x1_LDSM_N, half_t>{}, make_tiled_mma(SM80_16x8x8_F32F16F16F32_TN{}, Layout<Shape<_1,_1,_1>>{}))",
		"c_s2r_A_ldsm2_noperm": "make_tiled_copy_A(Copy_Atom<SM75_U32x2_LDSM_N, half_t>{}, make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2,_2,_1>>{}))",
	}
	rows := readTSV(t, "retile.tsv")
	require.Len(t, rows, 8)
	for i := 0; i < len(rows); i += 2 {
		id := rows[i][0]
		n, _ := parseCpp(cpp[id])
		c := cppCopy(t, n)
		m := cppMMA(t, n.args[1])
		ts := m.TileSize()
		x := operandLayout(t, "rowmajor", ts[0], ts[2])
		frag, err := m.PartitionFragment('A', x)
		require.NoError(t, err)
		require.Equal(t, cute(rows[i][2]), frag.String(), "%s fragment", id)
		r, err := c.Retile(frag)
		require.NoError(t, err)
		require.Equal(t, cute(rows[i+1][2]), r.String(), "%s retile_D", id)
	}
}
