package layout

import "testing"

// Divides by tilers with basis strides (coordinate tilers). Each expected
// value is derived by hand in the comment above it, from the rule of
// divide.go: logical_divide(A, T) = A ∘ (T, T*), where T* is the coordinate
// complement of T in the shape of A (complement_basis.go), and a mode
// s:k@i of a coordinate layout composes with mode i of A as A_i ∘ s:k.
func TestDivideByCoordinateTiler(t *testing.T) {
	checkDialectCases(t, []dialectCase{
		// A compact A (one that coalesces), case 1. T = (8,8):(1@0,1@1) picks the coordinates (i,j),
		// i < 8, j < 8, of A = (32,64):(1,32). In A's shape (32,64), along
		// e0 T covers 8 of 32, so the rest repeats 32/8 = 4 times at 8@0;
		// along e1 it covers 8 of 64, 64/8 = 8 times at 8@1:
		// T* = (4,8):(8@0,8@1). Then A∘T = (8,8):(1·1,1·32) and
		// A∘T* = (4,8):(8·1,8·32) = (4,8):(8,256). The rest reaches
		// A(8,0) = 8 at its coordinate (1,0) (the wrong result
		// ((8,8),32):((1,32),256) never did), and the value is the one of
		// the integer tiler [8:1;8:1], whose modes divide 32:1 and 64:32
		// into (8,4):(1,8) and (8,8):(32,256) before zipping.
		{"zipped_divide((32,64):(1,32), (8,8):(1@0,1@1))", "((8,8),(4,8)):((1,32),(8,256))"},
		{"zipped_divide((32,64):(1,32), [8:1;8:1])", "((8,8),(4,8)):((1,32),(8,256))"},
		// The same tile, unpacked: tiled_divide unpacks the rest, flat_divide
		// both parts.
		{"tiled_divide((32,64):(1,32), (8,8):(1@0,1@1))", "((8,8),4,8):((1,32),8,256)"},
		{"flat_divide((32,64):(1,32), (8,8):(1@0,1@1))", "(8,8,4,8):(1,32,8,256)"},
		// A compact A, case 2. A = (12,8):(1,12), T = (3,2):(1@0,1@1). Along e0
		// T covers 3 of 12: 12/3 = 4 repetitions at 3@0; along e1 2 of 8:
		// 8/2 = 4 at 2@1. T* = (4,4):(3@0,2@1), A∘T = (3,2):(1,12) and
		// A∘T* = (4,4):(3·1,2·12) = (4,4):(3,24).
		{"logical_divide((12,8):(1,12), (3,2):(1@0,1@1))", "((3,2),(4,4)):((1,12),(3,24))"},
		// A compact A, case 3. A = (8,8):(1,8), T = (4,2):(1@0,1@1): along e0
		// 8/4 = 2 repetitions at 4@0, along e1 8/2 = 4 at 2@1, so
		// T* = (2,4):(4@0,2@1), A∘T = (4,2):(1,8), A∘T* = (2,4):(4,16). The
		// non-compact A' = (8,8):(1,9) (which does not coalesce, so it was
		// right before) gives the same shapes with A''s strides:
		// A'∘T = (4,2):(1,9), A'∘T* = (2,4):(4,18).
		{"logical_divide((8,8):(1,8), (4,2):(1@0,1@1))", "((4,2),(2,4)):((1,8),(4,16))"},
		{"logical_divide((8,8):(1,9), (4,2):(1@0,1@1))", "((4,2),(2,4)):((1,9),(4,18))"},
		// A rank-1 A is its own mode 0: T = 3:1@0 in the shape (96) of
		// A = 96:1 leaves 96/3 = 32 repetitions at 3@0, so the result is
		// (3:1, 32:3).
		{"logical_divide(96:1, 3:1@0)", "(3,32):(1,3)"},
		// A nested mode of A is one range of coordinates: mode 0 of
		// A = ((4,3),8):((1,4),12) holds 12 coordinates, the function 12:1.
		// T = (6,2):(1@0,1@1): along e0 12/6 = 2 repetitions at 6@0, along
		// e1 8/2 = 4 at 2@1. A∘T = (6:1, 2:12), A∘T* = (2:6, 4:24).
		{"logical_divide(((4,3),8):((1,4),12), (6,2):(1@0,1@1))", "((6,2),(2,4)):((1,12),(6,24))"},
		// A tile that reaches no mode of A is T's strides outside A's shape.
		{"logical_divide(96:1, 3:1@1)", "error " + CodeBasisOutside},
	})
}

// The complement of basis strides in a shape (the coordinate complement),
// which the divides above use.
func TestComplementBasisInShape(t *testing.T) {
	checkDialectCases(t, []dialectCase{
		// Along e0, 4:1@0 covers 4 of 16: 16/4 = 4 repetitions at 4@0; along
		// e1, 8:1@1 covers 8 of 32: 4 repetitions at 8@1.
		{"complement((4,8):(1@0,1@1), (16,32))", "(4,4):(4@0,8@1)"},
		// Gaps inside a direction come first: along e0, 2:2@0 leaves the gap
		// 2:1@0 below it and covers 4 of 8, so 8/4 = 2 repetitions at 4@0.
		// e1 is not reached, so its extent 3 is covered whole by 3:1@1;
		// coalesced, (2,2,3):(1@0,4@0,1@1).
		{"complement(2:2@0, (8,3))", "(2,2,3):(1@0,4@0,1@1)"},
		// The paper's Table 7 coordinate example, in the shape (16,24):
		// along e0 4:1@0 covers 4 of 16, 4 repetitions at 4@0; along e1 the
		// strides 1@1 (extent 4) and 12@1 (extent 2) leave the gap 3:4@1
		// between them and cover all 24: 1 repetition, left out by coalescing.
		{"complement((4,(4,2)):(1@1,(1@0,12@1)), (16,24))", "(4,3):(4@0,4@1)"},
	})
}

// The partitioning of an SM70-style MMA, by hand. A = (32,64):(1,32) is the
// data, T1 = (8,8):(1@0,1@1) the 8x8 block of one MMA, and
// T2 = ((2,2,2),(2,2,2)):((1,16,4),(8,2,32)) a thread-value layout: a
// bijection (thread, value) -> index of the block, the index counted
// column-major, k = row + 8*col. T1 maps k to the coordinate
// (k mod 8, k div 8), so the strides of T2 become 1 -> 1@0, 16 -> 2@1,
// 4 -> 4@0, 8 -> 1@1, 2 -> 2@0, 32 -> 4@1 in T1 ∘ T2. A maps c@0 to c and
// c@1 to 32c, so A ∘ T1 ∘ T2 has the strides ((1,64,4),(32,2,128)), and the
// rest is A ∘ T1* = (4,8):(8,256) as in case 1 above (T1 ∘ T2 has T1's
// image). Dividing twice gives the same, with the extent-1 rest of T2 in
// the block of 64 (stride 0).
func TestDividePartitionSM70(t *testing.T) {
	checkDialectCases(t, []dialectCase{
		{"composition((8,8):(1@0,1@1), ((2,2,2),(2,2,2)):((1,16,4),(8,2,32)))",
			"((2,2,2),(2,2,2)):((1@0,2@1,4@0),(1@1,2@0,4@1))"},
		{"zipped_divide((32,64):(1,32), ((2,2,2),(2,2,2)):((1@0,2@1,4@0),(1@1,2@0,4@1)))",
			"(((2,2,2),(2,2,2)),(4,8)):(((1,64,4),(32,2,128)),(8,256))"},
		{"zipped_divide((32,64):(1,32), (8,8):(1@0,1@1))", "((8,8),(4,8)):((1,32),(8,256))"},
		// Dividing that result again, its tile by T2 and its rest kept: the
		// tile (8,8):(1,32) composed with T2 is A ∘ T1 ∘ T2, and T2's
		// complement in the block is 1:0.
		{"logical_divide(((8,8),(4,8)):((1,32),(8,256)), [((2,2,2),(2,2,2)):((1,16,4),(8,2,32));_])",
			"((((2,2,2),(2,2,2)),1),(4,8)):((((1,64,4),(32,2,128)),0),(8,256))"},
	})
}

// Products by coordinate tilers, by hand: a coordinate tiler denotes the
// by-mode tiler of its directions, so the product repeats A mode by mode.
func TestProductByCoordinateTiler(t *testing.T) {
	checkDialectCases(t, []dialectCase{
		// T = (2,5):(1@0,1@1) denotes [2:1;5:1]. Mode 0 of A = (4,3):(1,12)
		// is 4:1, repeated along e0 up to count 1 (cosize 2): complement(4:1,
		// 4·2) = 2:4. Mode 1 is 3:12, cosize 5 along e1: complement(3:12,
		// 3·5) leaves the gap 12:1 below 12 and covers 36 >= 15, so it is
		// 12:1. Composed with T: (2:4 ∘ 2:1, 12:1 ∘ 5:1) = (2,5):(4,1).
		{"logical_product((4,3):(1,12), (2,5):(1@0,1@1))", "((4,3),(2,5)):((1,12),(4,1))"},
		{"zipped_product((4,3):(1,12), [2:1;5:1])", "((4,3),(2,5)):((1,12),(4,1))"},
		// A tiler that reaches mode 0 only repeats mode 0: complement(4:1, 8)
		// = 2:4, so the rest is 2:4, the by-mode [2:1;1:1] zipped. As in
		// CuTe's by-mode products, mode 0 is repeated on its own: the copy
		// at 4 meets A(0,1) = 4.
		{"logical_product((4,3):(1,4), 2:1@0)", "((4,3),2):((1,4),4)"},
		{"zipped_product((4,3):(1,4), [2:1;1:1])", "((4,3),(2,1)):((1,4),(4,1))"},
		// The dialect's logical_product_errors.mlir#scaled_basis_tiler_stride
		// stays an error, because its by-mode form fails: mode 1 of
		// A = (4,3):(1,4) is 3:4, complemented in 3·5 = 15 it is (4,2):(1,12),
		// and 5:1 does not compose with it (4 does not divide 5, eq. 21).
		{"logical_product((4,3):(1,4), (2,5):(1@0,1@1))", "error " + CodeShapeDivisibility},
		{"logical_product((4,3):(1,4), [2:1;5:1])", "error " + CodeShapeDivisibility},
		// A block with basis strides takes an integer tiler only.
		{"logical_product((4,3):(1@0,1@1), (2,5):(1@0,1@1))", "error " + CodeBasisNotDefined},
	})
}

// Coordinate tilers on layouts of dynamic shape: the tile is static, the
// number of tiles along a dynamic extent is ?.
func TestDivideByCoordinateTilerDynamic(t *testing.T) {
	checkDialectCases(t, []dialectCase{
		// Along e0 8:1@0 covers 8 of ?: ? repetitions at 8@0; e1 alike.
		{"complement((8,8):(1@0,1@1), (?,?))", "(?,?):(8@0,8@1)"},
		// Along e0 2:3@0 leaves the gap 3:1@0 below it and covers 6, then ?
		// repetitions at 6@0; e1 is not reached and covered whole, 4:1@1.
		{"complement(2:3@0, (?,4))", "(3,?,4):(1@0,6@0,1@1)"},
		// A = (?,?):(1,?): A∘T = (8:1, 8:?), and A∘T* = A∘(?,?):(8@0,8@1) =
		// (?:8, ?:?), the same as by [8:1;8:1].
		{"logical_divide((?,?):(1,?), (8,8):(1@0,1@1))", "((8,8),(?,?)):((1,?),(8,?))"},
		{"zipped_divide((?,?):(1,?), [8:1;8:1])", "((8,8),(?,?)):((1,?),(8,?))"},
		// A static mode keeps static tiles: 128/8 = 16 repetitions at 8@0,
		// so 16:8, and ? at 8@1, so ?:8·128 = ?:1024.
		{"zipped_divide((128,?):(1,128), (8,8):(1@0,1@1))", "((8,8),(16,?)):((1,128),(8,1024))"},
		// An integer cotarget must be static (how it splits across the
		// directions depends on its value): the product of a block with
		// basis strides by a dynamic tiler stays E0700, as in the dialect
		// (logical_product_errors.mlir#scaled_basis_lhs_dynamic_shape_rhs).
		{"logical_product((4,3):(1@0,1@1), (?,?):(1,2))", "error " + CodeDynamicValue},
	})
}
