package tiled_test

import (
	"regexp"
	"strconv"
	"testing"

	"github.com/cutec/cutec/layout"
	"github.com/cutec/cutec/tiled"
	"github.com/stretchr/testify/require"
)

// cuteObjects groups the lines of tiled.tsv by object: id -> field -> value,
// in the order of the file.
func cuteObjects(t *testing.T) (ids []string, fields map[string][][2]string) {
	fields = map[string][][2]string{}
	for _, f := range readTSV(t, "tiled.tsv") {
		if _, ok := fields[f[0]]; !ok {
			ids = append(ids, f[0])
		}
		fields[f[0]] = append(fields[f[0]], [2]string{f[1], f[2]})
	}
	return ids, fields
}

var partitionField = regexp.MustCompile(`^partition_([ABCSD])\((\d+),(rowmajor|colmajor|identity)\((\w+),(\w+)\)\)$`)

// operandLayout is the layout a partition of the prints was taken of: two
// tiles in each mode, row- or column-major, or the identity of one tile.
func operandLayout(t *testing.T, kind string, m, n int64) layout.Layout {
	var l layout.Layout
	var err error
	switch kind {
	case "rowmajor":
		var st layout.IntTuple
		st, err = layout.CompactRowMajor(layout.Ints(2*m, 2*n))
		require.NoError(t, err)
		l, err = layout.New(layout.Ints(2*m, 2*n), st)
	case "colmajor":
		l, err = layout.Make(layout.Ints(2*m, 2*n))
	case "identity":
		l, err = layout.MakeIdentityLayout(layout.Ints(m, n))
	}
	require.NoError(t, err)
	return l
}

// accessor prints a partition as the prints do: OFFSET o LAYOUT, with
// ArithTuple(..) for the offset of an identity tensor.
func accessor(l layout.Layout, off layout.IntTuple, identity bool) string {
	if identity {
		s := off.String()
		if !off.IsTuple() {
			s = "(" + s + ")"
		}
		return "ArithTuple" + s + " o " + l.String()
	}
	return off.String() + " o " + l.String()
}

// TestTiledMMAIsCuTes builds every tiled MMA of the prints and checks its
// thread layout, tile size, TV layouts, the partitions of four threads and
// the fragments against what CuTe printed for it.
func TestTiledMMAIsCuTes(t *testing.T) {
	ids, fields := cuteObjects(t)
	checked := 0
	for _, id := range ids {
		fs := fields[id]
		if fs[0][0] != "cpp" {
			continue
		}
		n, _ := parseCpp(fs[0][1])
		if n.name != "make_tiled_mma" {
			continue
		}
		t.Run(id, func(t *testing.T) {
			m := cppMMA(t, n)
			ts := m.TileSize()
			dims := map[string]int64{"M": ts[0], "N": ts[1], "K": ts[2], "2M": ts[0], "2N": ts[1], "2K": ts[2]}
			for _, f := range fs[1:] {
				var got string
				switch f[0] {
				case "thr_layout_vmnk":
					got = m.ThrLayoutVMNK().String()
				case "tile_size":
					got = layout.Ints(ts[0], ts[1], ts[2]).String()
				case "size":
					got = strconv.FormatInt(m.Size(), 10)
				case "permutation_mnk":
					got = "(" + m.Permutation(0).String() + "," + m.Permutation(1).String() + "," + m.Permutation(2).String() + ")"
				case "layoutA_TV", "layoutB_TV", "layoutC_TV":
					l, err := m.LayoutTV(f[0][6])
					require.NoError(t, err)
					if sameLayout(t, l, f[1]) {
						got = cute(f[1])
					} else {
						got = l.String()
					}
				default:
					if p := partitionField.FindStringSubmatch(f[0]); p != nil {
						thr, _ := strconv.ParseInt(p[2], 10, 64)
						x := operandLayout(t, p[3], dims[p[4]], dims[p[5]])
						l, off, err := m.Partition(p[1][0], thr, x)
						require.NoError(t, err)
						got = accessor(l, off, p[3] == "identity")
					} else if len(f[0]) > 19 && f[0][:19] == "partition_fragment_" {
						op := f[0][19]
						kinds := map[byte][3]string{'A': {"rowmajor", "M", "K"}, 'B': {"rowmajor", "N", "K"}, 'C': {"colmajor", "M", "N"}}[op]
						l, err := m.PartitionFragment(op, operandLayout(t, kinds[0], dims[kinds[1]], dims[kinds[2]]))
						require.NoError(t, err)
						got = l.String()
					} else {
						t.Fatalf("unknown field %s", f[0])
					}
				}
				if cute(got) != cute(f[1]) {
					t.Errorf("%s:\n got  %s\n CuTe %s", f[0], got, f[1])
				}
			}
		})
		checked++
	}
	require.GreaterOrEqual(t, checked, 20)
	_ = tiled.MMA{}
}
