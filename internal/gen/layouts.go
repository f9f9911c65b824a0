package gen

import "strconv"

// The pool: layouts and other values CuTe kernels use again and again, each
// clean under "cutec lint" (as an MLIR payload, which must be lowerable).
var (
	poolLayouts = []string{
		"(128,64):(64,1)", "(64,128):(1,64)", "(128,32):(32,1)", "128:1", "1:0", "(1,8192):(0,1)",
		"(1,2048):(0,1)", "(128,1,1,1):(1,0,0,0)", "((8,16),(64,1)):((64,512),(1,0))",
		"(128,(64,16)):(0,(1,64))", "((4,8,4),(2,2,2)):((64,1,8),(256,32,512))", "(32,4):(4,1)",
		"((4,32),8):((256,1),32)", "((8,1),4):((1,0),8)", "(2,2):(1,2)", "(4,8):(1,4)",
		"((128,1),1,1):((1,0),0,0)", "((128,1),(1,1)):((1,0),(0,0))", "(((2,2,2),1),1,2):(((1,2,4),0),0,8)",
		"((2,2,16),2,1):((1,2,4),64,0)", "((8,8),2,1):((1,8),64,0)", "(?,?,?):(1,?,?)",
		"(128,128,?,?,?):(?{i64},1,?{i64 div=128},128,?{i64})", "(?,?,?):(1@1,1@0,1@2)",
		"((128,128),(?,?,?)):((?{i64},1),(?{i64 div=128},128,?{i64}))", "(8,8):(8,1)",
	}
	poolComposed = []string{
		"S<3,4,3> o 0 o ((8,16),(64,1),(1,4)):((64,512),(1,0),(0,8192))",
		"S<3,4,3> o 0 o ((8,32),(64,1),(1,4)):((64,512),(1,0),(0,16384))",
		"S<2,4,3> o 0 o ((8,8),(32,1),(1,4)):((32,256),(1,0),(0,2048))",
		"S<3,4,3> o 0 o (8,64):(64,1)", "S<2,3,3> o 0 o (32,32):(32,1)",
	}
	poolTiles    = []string{"[128:1;64:1]", "[32:1;32:1]", "[_;_;_]", "[1:0;1:0]", "[(8,4,2):(1,16,8);(4,2,2):(2,1,8)]", "[4:1;_]"}
	poolShapes   = []string{"(128,64)", "(64,128,16)", "(?,?,?)", "((8,16),(64,1),(1,4))", "(1,8192)", "128", "?"}
	poolStrides  = []string{"(64,1)", "(0,1)", "((64,512),(1,0))", "(1@1,1@0,1@2)", "(1,0,0,0)", "1", "0"}
	poolCoords   = []string{"(0,0,0)", "(?,0)", "(?,?)", "(0,?)", "0"}
	poolSwizzles = []string{"S<3,4,3>", "S<2,4,3>", "S<2,3,3>", "S<3,5,4>", "S<1,4,3>"}
	poolElems    = []string{"f16", "bf16", "f32", "tf32", "i8"}
	poolSpaces   = []string{"smem", "gmem", "rmem"}
)

// pick returns a random element of xs.
func (o *out) pick(xs []string) string { return xs[o.rnd.IntN(len(xs))] }

// extents are the mode extents of fresh layouts, mostly powers of two as in
// real tiles.
var extents = []int64{1, 2, 2, 4, 4, 8, 8, 16, 16, 32, 32, 64, 64, 128, 3, 5, 6, 12, 24, 96}

// compact appends a fresh compact layout: rank 1 to 4, some modes grouped,
// column-major (CuTe's default) or row-major strides, so that it is
// injective and lints clean. It returns the shape's text span in o.line.
func (o *out) compact() (shapeStart, shapeEnd int) {
	rank := 1 + o.rnd.IntN(4)
	ext := make([]int64, rank)
	for i := range ext {
		ext[i] = extents[o.rnd.IntN(len(extents))]
	}
	strides := make([]int64, rank)
	prod := int64(1)
	order := o.rnd.IntN(2) // 0: column-major, 1: row-major
	for k := range rank {
		i := k
		if order == 1 {
			i = rank - 1 - k
		}
		strides[i] = prod
		prod *= ext[i]
	}
	group := -1 // modes group and group+1 are nested as ((a,b),...)
	if rank >= 3 && o.rnd.IntN(2) == 0 {
		group = o.rnd.IntN(rank - 1)
	}
	shapeStart = len(o.line)
	o.tuple(ext, group)
	shapeEnd = len(o.line)
	o.line = append(o.line, ':')
	o.tuple(strides, group)
	return shapeStart, shapeEnd
}

// tuple appends a tuple of integers (a bare integer for one), with the
// modes group and group+1 nested.
func (o *out) tuple(xs []int64, group int) {
	if len(xs) == 1 {
		o.line = strconv.AppendInt(o.line, xs[0], 10)
		return
	}
	o.line = append(o.line, '(')
	for i, x := range xs {
		if i > 0 {
			o.line = append(o.line, ',')
		}
		if i == group {
			o.line = append(o.line, '(')
		}
		o.line = strconv.AppendInt(o.line, x, 10)
		if i == group+1 && group >= 0 {
			o.line = append(o.line, ')')
		}
	}
	o.line = append(o.line, ')')
}

// coord appends a fresh coordinate of rank 1 to 3, some leaves dynamic.
func (o *out) coord() {
	rank := 1 + o.rnd.IntN(3)
	if rank > 1 {
		o.line = append(o.line, '(')
	}
	for i := range rank {
		if i > 0 {
			o.line = append(o.line, ',')
		}
		if o.rnd.IntN(4) == 0 {
			o.line = append(o.line, '?')
		} else {
			o.line = strconv.AppendInt(o.line, o.rnd.Int64N(4096), 10)
		}
	}
	if rank > 1 {
		o.line = append(o.line, ')')
	}
}

// int appends a decimal integer.
func (o *out) int(x int64) { o.line = strconv.AppendInt(o.line, x, 10) }

// small returns a random extent from a few powers of two and small numbers.
func (o *out) small() int64 { return []int64{2, 3, 4, 4, 8, 8, 16, 32, 64}[o.rnd.IntN(9)] }
