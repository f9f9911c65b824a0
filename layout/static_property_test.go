package layout

import (
	"os"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// The Static fast path against the general tree: for random static
// layouts of rank <= 4 and every operation, a Static result equals the
// general path's result, and where the general path fails the Static
// operation declines (so the caller gets the general path's error).

// staticCase is one operation: its Static form and its general form.
type staticCase struct {
	name    string
	static  func(r, a, b *Static) bool
	general func(a, b Layout) (Layout, error)
}

func coalesceGeneral(l Layout) Layout {
	sh, st := leaves(l.shape), leaves(l.stride)
	if len(sh) == 0 {
		return unitLayout
	}
	return coalesceFlat(sh, st, sh[len(sh)-1])
}

var staticCases = []staticCase{
	{"composition", (*Static).Compose, composeGeneral},
	{"coalesce", func(r, a, _ *Static) bool { return r.Coalesce(a) },
		func(a, _ Layout) (Layout, error) { return coalesceGeneral(a), nil }},
	{"complement", func(r, a, _ *Static) bool { return r.Complement(a) },
		func(a, _ Layout) (Layout, error) {
			f := Filter(a)
			n, err := f.Cosize()
			if err != nil {
				return Layout{}, err
			}
			return complementFiltered(a, f, Int(n))
		}},
	{"complement_to", func(r, a, b *Static) bool {
		n, _ := b.Size()
		return r.ComplementTo(a, n)
	}, func(a, b Layout) (Layout, error) {
		n, _ := b.Size()
		return complementFiltered(a, Filter(a), Int(n))
	}},
	{"right_inverse", func(r, a, _ *Static) bool { return r.RightInverse(a) },
		func(a, _ Layout) (Layout, error) { return rightInverseGeneral(a) }},
	{"left_inverse", func(r, a, _ *Static) bool { return r.LeftInverse(a) },
		func(a, _ Layout) (Layout, error) { return leftInverseGeneral(a) }},
	{"logical_divide", (*Static).LogicalDivide, divideGeneral},
	{"zipped_divide", (*Static).ZippedDivide, func(a, b Layout) (Layout, error) {
		r, err := divideGeneral(a, b)
		if err != nil {
			return r, err
		}
		return tileUnzip("zipped_divide", r, TileLayout(b))
	}},
	{"tiled_divide", (*Static).TiledDivide, func(a, b Layout) (Layout, error) {
		r, err := divideGeneral(a, b)
		return unpackOK(r, err, false)
	}},
	{"flat_divide", (*Static).FlatDivide, func(a, b Layout) (Layout, error) {
		r, err := divideGeneral(a, b)
		return unpackOK(r, err, true)
	}},
	{"logical_product", (*Static).LogicalProduct, productGeneral},
	{"zipped_product", (*Static).ZippedProduct, func(a, b Layout) (Layout, error) {
		r, err := productGeneral(a, b)
		if err != nil {
			return r, err
		}
		return tileUnzip("zipped_product", r, TileLayout(b))
	}},
	{"tiled_product", (*Static).TiledProduct, func(a, b Layout) (Layout, error) {
		r, err := productGeneral(a, b)
		return unpackOK(r, err, false)
	}},
	{"flat_product", (*Static).FlatProduct, func(a, b Layout) (Layout, error) {
		r, err := productGeneral(a, b)
		return unpackOK(r, err, true)
	}},
	{"blocked_product", (*Static).BlockedProduct, blockedProduct},
	{"raked_product", (*Static).RakedProduct, func(a, b Layout) (Layout, error) {
		x, rest, err := rankedProduct("raked_product", a, b)
		if err != nil {
			return Layout{}, err
		}
		return zipLayouts("raked_product", rest, x)
	}},
}

func unpackOK(r Layout, err error, first bool) (Layout, error) {
	if err != nil {
		return r, err
	}
	return unpack(r, first), nil
}

// genStaticLayout draws a layout of genLayout, sometimes with negative
// strides, that fits a Static.
func genStaticLayout(t *rapid.T, label string) (Layout, Static) {
	l := genLayout(t, label)
	if rapid.IntRange(0, 7).Draw(t, label+"-neg") == 0 {
		l = Layout{l.shape, mapLeaves(l.stride, func(d IntTuple) IntTuple {
			if rapid.Bool().Draw(t, label+"-negd") {
				return Int(-d.val)
			}
			return d
		})}
	}
	s, ok := StaticOf(l)
	if !ok {
		t.Skip("does not fit a Static")
	}
	return l, s
}

func TestPropertyStaticEqualsGeneral(t *testing.T) {
	for _, tc := range staticCases {
		t.Run(tc.name, func(tt *testing.T) {
			generalOK, staticOK := 0, 0
			rapid.Check(tt, func(t *rapid.T) {
				a, sa := genStaticLayout(t, "a")
				b, sb := genStaticLayout(t, "b")
				want, wantErr := tc.general(a, b)
				var r Static
				ok := tc.static(&r, &sa, &sb)
				if wantErr == nil {
					generalOK++
				}
				if ok {
					staticOK++
				}
				if !ok {
					return // declined: the caller takes the general path
				}
				if wantErr != nil {
					t.Fatalf("%s(%s, %s): Static gives %s, the general path fails: %v", tc.name, a, b, r.Layout(), wantErr)
				}
				if got := r.Layout(); !got.Equal(want) {
					t.Fatalf("%s(%s, %s): Static gives %s, the general path %s", tc.name, a, b, got, want)
				}
				// The result may overwrite an operand.
				sa2 := sa
				if tc.static(&sa2, &sa2, &sb) && !sa2.Layout().Equal(want) {
					t.Fatalf("%s(%s, %s) into its operand: %s, want %s", tc.name, a, b, sa2.Layout(), want)
				}
			})
			// The fast path must carry most of the layouts the general path
			// computes, or it would be a fast path in name only.
			tt.Logf("%s: the Static path computed %d of the %d results of the general path", tc.name, staticOK, generalOK)
			if staticOK*10 < generalOK*8 {
				tt.Errorf("%s: the Static path computed only %d of the %d results of the general path", tc.name, staticOK, generalOK)
			}
		})
	}
}

// TestPropertyStaticRoundTrip checks that StaticOf and Layout are inverse
// on the layouts that fit.
func TestPropertyStaticRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		l, s := genStaticLayout(t, "l")
		if got := s.Layout(); !got.Equal(l) {
			t.Fatalf("StaticOf(%s).Layout() = %s", l, got)
		}
		n, _ := l.Size()
		if m, ok := s.Size(); !ok || m != n {
			t.Fatalf("size of %s: Static %d, Layout %d", l, m, n)
		}
		if s.Rank() != l.Rank() {
			t.Fatalf("rank of %s: Static %d, Layout %d", l, s.Rank(), l.Rank())
		}
	})
}

// TestStaticOfDeclines checks the layouts a Static does not hold: the
// empty layout, non-integer leaves, and more than maxStaticLeaves leaves.
func TestStaticOfDeclines(t *testing.T) {
	ones := make([]int64, maxStaticLeaves+1)
	for i := range ones {
		ones[i] = 1
	}
	for _, l := range []Layout{
		{},
		MustNew(Tuple(Int(4), Dynamic(0, 0)), Ints(1, 4)),
		MustNew(Ints(4, 8), Tuple(Basis(1, 0), Basis(1, 1))),
		MustNew(Ints(ones...), Ints(ones...)),
	} {
		if s, ok := StaticOf(l); ok {
			t.Errorf("StaticOf(%s) = %s, want a refusal", l, s.Layout())
		}
	}
	var zero Static
	if zero.Rank() != 0 || !zero.Layout().Equal(Layout{}) {
		t.Errorf("the zero Static has rank %d and layout %s", zero.Rank(), zero.Layout())
	}
}

// TestPropertyStaticByModeEqualsGeneral checks the Static path of
// logical_divide and logical_product by a tuple tiler (of layouts,
// integers and _) against the general by-mode path.
func TestPropertyStaticByModeEqualsGeneral(t *testing.T) {
	for _, product := range []bool{false, true} {
		name := "logical_divide"
		if product {
			name = "logical_product"
		}
		t.Run(name, func(tt *testing.T) {
			generalOK, staticOK := 0, 0
			rapid.Check(tt, func(t *rapid.T) {
				l, _ := genStaticLayout(t, "l")
				n := rapid.IntRange(1, 4).Draw(t, "tiles")
				modes := make([]Tiler, n)
				for i := range modes {
					switch rapid.IntRange(0, 3).Draw(t, "form") {
					case 0:
						modes[i] = TileUnderscore()
					case 1:
						modes[i] = TileInt(rapid.Int64Range(1, 8).Draw(t, "n"))
					default:
						tile, _ := genStaticLayout(t, "tile")
						modes[i] = TileLayout(tile)
					}
				}
				tiler := TileTuple(modes...)
				f := func(m Layout, ti Tiler) (Layout, error) {
					tile := ti.layout
					if ti.form == tileInt {
						tile, _ = Make(Int(ti.n))
					}
					if product {
						return productGeneral(m, tile)
					}
					return divideGeneral(m, tile)
				}
				want, wantErr := byModeTiler(name, l, tiler, func(m Layout, ti Tiler) (Layout, error) {
					if ti.form == tileUnderscore {
						return m, nil
					}
					return f(m, ti)
				})
				got, ok := viaStaticByMode(l, tiler, product)
				if wantErr == nil {
					generalOK++
				}
				if !ok {
					return
				}
				staticOK++
				if wantErr != nil {
					t.Fatalf("%s(%s, %s): Static gives %s, the general path fails: %v", name, l, tiler, got, wantErr)
				}
				if !got.Equal(want) {
					t.Fatalf("%s(%s, %s): Static gives %s, the general path %s", name, l, tiler, got, want)
				}
			})
			tt.Logf("%s: the Static path computed %d of the %d results of the general path", name, staticOK, generalOK)
			if staticOK*10 < generalOK*8 {
				tt.Errorf("%s: the Static path computed only %d of the %d results", name, staticOK, generalOK)
			}
		})
	}
}

// TestStaticDoesNotAllocate checks that every operation of
// benchmarks/cases.txt runs on the Static path without allocating.
func TestStaticDoesNotAllocate(t *testing.T) {
	data, err := os.ReadFile("../benchmarks/cases.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		x := L(t, f[1])
		y := x
		if len(f) > 2 {
			y = L(t, f[2])
		}
		sx, _ := StaticOf(x)
		sy, _ := StaticOf(y)
		var r Static
		if !runStaticOp(f[0], &r, &sx, &sy) {
			t.Errorf("%s: the Static path declines", line)
			continue
		}
		if n := testing.AllocsPerRun(100, func() { runStaticOp(f[0], &r, &sx, &sy) }); n != 0 {
			t.Errorf("%s: %v allocations a call", line, n)
		}
	}
}
