package layout_test

import (
	"errors"
	"fmt"

	"github.com/cutec/cutec/layout"
)

// The algebra in a few calls: build layouts, compose them, evaluate the
// result. The values are the CuTe paper's worked example of §3.3.3:
// (4,6,8,10):(2,3,5,7) o 6:12 is (2,3):(9,5). Composition is the function
// A(B(c)): B(4) = 48, whose coordinate in (4,6,8,10) is (0,0,2,0), so
// A(48) = 2*5 = 10, which is also (2,3):(9,5) at 4 = (0,2): 2*5.
func Example() {
	a := layout.MustNew(layout.Ints(4, 6, 8, 10), layout.Ints(2, 3, 5, 7))
	b := layout.MustNew(layout.Int(6), layout.Int(12))
	r, err := layout.Compose(a, b)
	if err != nil {
		panic(err)
	}
	fmt.Println(r)
	v, _ := r.Eval(layout.Int(4))
	fmt.Println(v)
	// Output:
	// (2,3):(9,5)
	// 10
}

func ExampleCompose() {
	// The "apparent violation" of the CuTe paper's §3.3.3 composes after coalescing
	// and truncating A.
	a := layout.MustNew(layout.Ints(4, 2, 8), layout.Ints(3, 12, 97))
	r, err := layout.Compose(a, layout.MustNew(layout.Int(3), layout.Int(3)))
	fmt.Println(r, err)

	// A true violation is a coded error with the numbers involved.
	_, err = layout.Compose(layout.MustNew(layout.Ints(4, 6, 8), layout.Ints(2, 3, 5)),
		layout.MustNew(layout.Int(6), layout.Int(3)))
	var e *layout.Error
	if errors.As(err, &e) {
		fmt.Println(e.Code, e.Mode, e.Prefix, e.Stride)
	}
	// Output:
	// 3:9 <nil>
	// E0400 0 4 3
}

// The CuTe paper's §3.2: (2,(1,6)):(1,(6,2)) is 12:1, and coalesced by mode
// (2,6):(1,2).
func ExampleCoalesce() {
	l := layout.MustNew(
		layout.Tuple(layout.Int(2), layout.Ints(1, 6)),
		layout.Tuple(layout.Int(1), layout.Ints(6, 2)))
	fmt.Println(layout.Coalesce(l))
	byMode, _ := layout.CoalesceProfile(l, layout.Ints(1, 1))
	fmt.Println(byMode)
	// Output:
	// 12:1
	// (2,6):(1,2)
}

func ExampleComplementTo() {
	r, _ := layout.ComplementTo(layout.MustNew(layout.Int(4), layout.Int(32)), layout.Int(256))
	fmt.Println(r)
	// Output: (32,2):(1,128)
}

// The CuTe paper's §3.5.2 and Figure 12: (8,16):(20,1) divided by the tiler
// [4:1;8:2].
func ExampleLogicalDivide() {
	l := layout.MustNew(layout.Ints(8, 16), layout.Ints(20, 1))
	tiler := layout.TileTuple(
		layout.TileLayout(layout.MustNew(layout.Int(4), layout.Int(1))),
		layout.TileLayout(layout.MustNew(layout.Int(8), layout.Int(2))))
	r, _ := layout.LogicalDivide(l, tiler)
	fmt.Println(r)
	z, _ := layout.ZippedDivide(l, tiler)
	fmt.Println(z)
	// Output:
	// ((4,2),(8,2)):((20,80),(2,1))
	// ((4,8),(2,2)):((20,2),(80,1))
}

// The CuTe paper's §3.5.1, Figure 10: a 3x4 row-major tile repeated over a
// 2x5 column-major grid.
func ExampleBlockedProduct() {
	tile := layout.MustNew(layout.Ints(3, 4), layout.Ints(4, 1))
	grid := layout.MustNew(layout.Ints(2, 5), layout.Ints(1, 2))
	r, _ := layout.BlockedProduct(tile, grid)
	fmt.Println(r)
	// Output: ((3,2),(4,5)):((4,12),(1,24))
}

func ExampleRightInverse() {
	r, _ := layout.RightInverse(layout.MustNew(layout.Ints(4, 8), layout.Ints(8, 1)))
	fmt.Println(r)
	// Output: (8,4):(4,1)
}

func ExampleLeftInverse() {
	r, _ := layout.LeftInverse(layout.MustNew(layout.Ints(4, 8), layout.Ints(1, 5)))
	fmt.Println(r)
	// Output: (5,8):(1,4)
}

func ExampleSwizzle() {
	sw, _ := layout.NewSwizzle(3, 4, 3)
	fmt.Println(sw, sw.Apply(0x18), sw.Apply(0x80))
	// Output: S<3,4,3> 24 144
}

func ExampleMakeIdentityLayout() {
	id, _ := layout.MakeIdentityLayout(layout.Tuple(layout.Ints(2, 3), layout.Int(4)))
	fmt.Println(id)
	v, _ := id.Eval(layout.Int(7))
	fmt.Println(v)
	// Output:
	// ((2,3),4):((1@0@0,1@1@0),1@1)
	// ((1,0),1)
}

func ExampleSliceAndOffset() {
	a := layout.MustNew(
		layout.Tuple(layout.Ints(3, 2), layout.Tuple(layout.Ints(2, 3), layout.Int(2))),
		layout.Tuple(layout.Ints(4, 1), layout.Tuple(layout.Ints(2, 15), layout.Int(100))))
	crd := layout.Tuple(layout.Int(2), layout.Tuple(layout.Tuple(layout.Int(0), layout.Underscore()), layout.Underscore()))
	sub, off, _ := layout.SliceAndOffset(crd, a)
	fmt.Printf("{%s} o %s\n", off, sub)
	// Output: {8} o (3,2):(15,100)
}
