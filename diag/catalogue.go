package diag

import "slices"

// catalogue lists every code with its rule, a minimal example and a fix, in
// code order. It is append-only: add new codes at the end of their family and
// never change the meaning of an existing one. docs/diagnostics.md mirrors it.
// It is unexported so that no user can change it: Catalogue returns a copy,
// Lookup one entry.
var catalogue = []CodeInfo{
	// Syntax.
	{EmptyInput, "empty-input", Error,
		"An input that must hold a layout, tuple or expression is not empty or blank.",
		"``", "Write a value, such as `(4,8):(1,4)`.", ""},
	{UnexpectedToken, "unexpected-token", Error,
		"Every token is one the grammar allows at that place.",
		"`(4,8):(1,,4)`", "Remove or replace the token the message names.", ""},
	{UnclosedGroup, "unclosed-group", Error,
		"Every `(`, `[`, `<` and `{` is closed by its partner.",
		"`((1@0, 8@1), 1@2`", "Add the missing closing bracket; the note points at the opening one.", ""},
	{TrailingText, "trailing-text", Error,
		"A value is followed only by whitespace, a comment or the end of the input.",
		"`(1@0, 1@1) x`", "Remove the text after the value.", "unexpected trailing layout text"},
	{IntOutOfRange, "integer-out-of-range", Error,
		"Integer literals fit in a signed 64-bit integer.",
		"`100000000000000000000:1`", "Use a smaller value; CuTe integers are 64-bit at most.", ""},
	{NestingTooDeep, "nesting-too-deep", Error,
		"Groups nest no deeper than the parser's limit (256 by default).",
		"257 nested `(`", "Flatten the value; no real layout nests this deep.", ""},
	{InvalidCharacter, "invalid-character", Error,
		"The input holds only characters of the grammar (NUL and control characters are rejected).",
		"`(4,8)$(1,4)`", "Remove the character.", ""},
	{InvalidUTF8, "invalid-utf8", Error,
		"The input is valid UTF-8.",
		"a `\\xff` byte", "Re-encode the file as UTF-8.", ""},
	{UnterminatedQuote, "unterminated-wrapper", Error,
		"A dialect wrapper such as `!cute.layout<\"` closes its quoted payload.",
		"`!cute.layout<\"(4,8):(1,4)`", "Close the payload with `\">`.", ""},
	{LineTooLong, "line-too-long", Error,
		"A line of input (of a `.cute`, `.mlir` or plain file, or of `eval`'s standard input) is at most 1 MiB; a longer line is reported and skipped without being held in memory.",
		"a 2 MiB line of `(1,1,…)`", "Split the line; no layout needs a megabyte of text.", ""},

	// Normalization.
	{ZeroDenominator, "zero-denominator", Error,
		"The denominator of a basis count is not zero.",
		"`(1/0@0, 1@1)`", "Use a non-zero denominator.", ""},
	{NonIntegralCount, "non-integral-count", Error,
		"A fractional basis count never produces a non-integral offset in a lowerable layout.",
		"`(4,2):(1/2@0,1@1)`", "Scale the layout so every reachable offset is an integer, or put the fraction on a mode of extent 1.", ""},
	{DimensionTooLarge, "dimension-too-large", Error,
		"A basis dimension index is small enough to name a real mode (below 2^16).",
		"`(1@99999999, 1@1)`", "Use the index of an existing mode.", ""},
	{UnknownName, "unknown-name", Error,
		"Every name is an operation of the algebra or a variable defined earlier in the file.",
		"`compositon(8:2, 4:1)`", "Fix the spelling; the message suggests the closest known name.", ""},
	{BadArguments, "bad-arguments", Error,
		"An operation gets the number of arguments it takes.",
		"`composition(8:2)`", "Pass the arguments the operation takes (see `cutec help eval`).", ""},
	{WrongKind, "wrong-kind", Error,
		"Each argument is of the kind the operation takes (layout, tile, integer, tuple, swizzle).",
		"`size(S<3,4,3>)`", "Pass a value of the kind the message names.", ""},

	// Congruence.
	{ShapeStrideMismatch, "shape-stride-congruence", Error,
		"A layout's shape and stride are congruent: the same tree of tuples.",
		"`(4,8):(1,(4,2))`", "Give the stride the shape's profile.", "expected shape and stride to be congruent"},
	{CoordMismatch, "coordinate-congruence", Error,
		"A coordinate is congruent with, or an integer into, the shape it indexes.",
		"`crd2idx((0,0,0), (3,5), (5,1))`", "Give the coordinate the shape's profile, or use an integral index.", ""},
	{TilerMismatch, "tiler-congruence", Error,
		"A tiler has no more modes than the layout it tiles, and each tile is weakly congruent with its mode.",
		"`composition(8:1, [2:1;2:1])`", "Drop the extra tile modes, or tile a layout of higher rank.", ""},
	{BasisOutsideProfile, "basis-outside-codomain", Error,
		"Every basis path names a mode inside the codomain it addresses.",
		"`composition((4,8):(1,4), 2:1@2)`", "Use a basis index below the rank of the layout it selects from.", ""},
	{NonPositiveShape, "non-positive-shape", Error,
		"Every shape leaf is a positive integer.",
		"`(4,0):(1,4)`", "Use extents of at least 1.", "expected positive shape modes"},
	{ModeOutOfRange, "mode-out-of-range", Error,
		"A mode index names an existing mode.",
		"`group_modes((4,8):(1,4), 1, 3)`", "Use indices below the rank.", ""},

	// Divisibility.
	{StrideDivisibility, "stride-divisibility", Error,
		"Composition: at every mode r of the coalesced outer layout, the prefix product and the inner stride divide one another where the inner layout crosses mode r (paper eq. 20).",
		"`composition((4,6,8):(2,3,5), 6:3)`", "Choose an inner stride that the outer shape's prefix products divide, or that divides them.", ""},
	{ShapeDivisibility, "shape-divisibility", Error,
		"Composition: the part of the inner size that fits in each outer mode divides the inner size (paper eq. 21).",
		"`composition((4,6,8):(2,3,5), 6:1)`", "Choose an inner size that is a multiple of the outer mode extents it spans.", ""},
	{ComplementInjective, "complement-not-injective", Error,
		"Complement: the filtered layout is injective and its sorted strides leave room for one another.",
		"`complement((3,8):(1,1))`", "Take the complement of an injective layout.", "Non-injective Layout detected in complement."},
	{InexactShapeDiv, "inexact-shape-division", Error,
		"shape_div(a, b): a divides b or b divides a at every step.",
		"`shape_div(6, 4)`", "Divide by a shape that divides evenly.", "Static shape_div failure"},
	{ProductRankMismatch, "product-rank-mismatch", Error,
		"blocked_product and raked_product zip modes of equal rank.",
		"`raked_product(4:1, (5):(1))`", "Give both layouts the same rank profile, e.g. `4:1` and `5:1`.", "Mismatched Ranks"},
	{RecastDivisibility, "recast-divisibility", Error,
		"recast_layout: every non-zero stride and the stride-1 extent divide the width ratio, or are divided by it.",
		"`recast_layout(16, 24, (4,8):(1,4))`", "Recast between widths that the layout's strides divide.", "Divisibility condition"},
	{TileShapeDivisibility, "tile-shape-mismatch", Error,
		"tile_to_shape: the block's rank is at most the target shape's, and an order is a permutation of the target's modes. (The block need not divide the target: the repetitions round up, as in the dialect.)",
		"`tile_to_shape((2,3,4):(1,2,6), (8,12))`", "Give a target shape with at least the block's rank, and an order that names each target mode once.", "expects block layout rank <= target shape rank"},

	// Fold legality.
	{FoldOutsideDomain, "fold-outside-domain", Warning,
		"A composition fold is legal when the inner layout's image fits the outer layout's domain, cosize(B) <= size(A) (docs/semantics.md §E8). The algebra itself evaluates A on its extended domain.",
		"`composition(4:1, 8:2)`", "Shrink the inner layout, or extend the outer one, so cosize(B) <= size(A).", ""},
	{FunctionChanged, "function-changed", Error,
		"Normalization, coalescing and folding keep the layout function: every index maps to the same offset.",
		"(internal check; no input should trigger it)", "Report a bug.", ""},
	{ProductOverlap, "product-overlap", Error,
		"A product's repeated tiles do not overlap: the block is injective where it is repeated.",
		"`logical_product(((4,2),4):((0,5),4), 2:32)`", "Repeat an injective block (no stride aliasing outside zero strides).", ""},
	{NoLeftInverse, "no-left-inverse", Error,
		"left_inverse: each sorted non-zero stride is a multiple of the size covered by the smaller strides.",
		"`left_inverse((2,2,5,2):(40,48,32,2))`", "Ask for a right inverse, or use an injective layout whose strides nest.", "Left inverse divisibility condition"},
	{SwizzleNotBijective, "swizzle-not-bijective", Error,
		"A swizzle S<B,M,S> has |S| >= B, so that it is a bijection and its own inverse.",
		"`S<3,4,2>`", "Use a shift of at least B in magnitude.", "abs(SShift) must be more than BBits."},
	{OffsetNotAddable, "offset-not-addable", Error,
		"A composed layout `outer o offset o inner` feeds offset + inner(0) to its outer function. The offset is an integer, `?` or a tuple of them, addable to inner(0) as tuple_add adds (scalars with scalars, tuples elementwise, a literal 0 with anything); a swizzle takes a scalar, so its offset is a scalar and its inner layout has no basis strides; an outer layout takes a scalar or a coordinate weakly congruent to its shape. (The dialect names the two layouts the other way round: its `outer` is cutec's inner.)",
		"`(6,2):(1,3) o 2 o (2,3):(1@1,2@0)`", "Write the offset in the codomain of the inner layout: a tuple such as `(2,0)` when its strides are basis elements, a scalar when they are integers.",
		"expects offset and `layout_eval(0, outer)` to be addable"},

	// Dialect rules.
	{MixedStrideKinds, "mixed-stride-kinds", Error,
		"A stride holds only integers or only basis elements (`1@0`, `?@0`); only a literal 0 may sit beside basis elements, not a dynamic integer `?`. Both layouts of a composed layout and every layout of a tile are checked.",
		"`(4,8):(1@0,4)`", "Write every non-zero stride as a basis, or none.",
		"expects strides to be either all-integer or all-scaled-basis (zero integers allowed when mixed)"},
	{BasisDepthMismatch, "basis-depth-mismatch", Error,
		"Within one stride, no basis path ends at a node of the codomain that another path continues through (1@0 says mode 0 is a leaf, 1@1@0 that it is a tuple). Paths may otherwise differ in length: `(1@0,(1@0@1,1@1@1))` and `(1@1,1@1@4)` are valid.",
		"`(4,8):(1@0,1@1@0)`", "Make the paths through one mode agree on whether it is a leaf or a tuple: `(1@0@0,1@1@0)`.",
		"expects scaled-basis paths to agree on mode-index depth (no path may terminate at a node that another path continues through)"},
	{RatioNotLowerable, "ratio-basis", Error,
		"A lowerable layout has no ratio-valued basis.",
		"`(2,4):(1/2@0,1@1)`", "Scale the basis counts to integers.", ""},
	{SwizzleTooWide, "swizzle-too-wide", Error,
		"A swizzle fits in 32 bits: |S| + B + M <= 32.",
		"`S<8,16,10>`", "Use smaller swizzle parameters.", ""},
	{TrivialSwizzle, "trivial-swizzle", Warning,
		"A composed layout whose swizzle is the identity (B = 0) and offset 0 is just its inner layout.",
		"`S<0,4,3> o 0 o (8,64):(64,1)`", "Write the inner layout alone.", ""},

	// Evaluation.
	{DynamicValue, "dynamic-value", Error,
		"An operation that needs a value gets a static integer, not a dynamic leaf `?`.",
		"`make_ordered_layout((4,2),(0,?))`", "Give the value statically, or use an operation that keeps it dynamic.", ""},
	{Overflow, "overflow", Error,
		"Sizes, cosizes and offsets fit in a signed 64-bit integer.",
		"`size((4294967296,4294967296):(1,4294967296))`", "Use smaller extents or strides.", ""},
	{BasisNotDefined, "basis-not-defined", Error,
		"Operations that order or divide strides get integer strides; complement (without a cotarget) and the inverses also take basis elements c@path, direction by direction.",
		"`complement((4,8):(1@0,1@1), 64)`", "Compose with an integer layout first, or use an operation defined on bases.", ""},
	{DivisionByZero, "division-by-zero", Error,
		"Divisors are not zero.",
		"`ceil_div(4, 0)`", "Divide by a non-zero value.", ""},
	{BadValue, "bad-value", Error,
		"Integer arguments are in the range the operation takes (for example a positive cotarget).",
		"`complement(4:1, 0)`", "Pass a value in range.", ""},

	// .cute statements.
	{AssertEqualFailed, "assert-equal", Error,
		"`assert X == Y` holds: both sides are the same layout (same shape tree, same strides).",
		"`assert coalesce((2,4):(4,1)) == 8:1`", "Correct one side; the message shows both values.", ""},
	{AssertSameFailed, "assert-same-function", Error,
		"`assert X ~ Y` holds: both sides have the same size and the same offset at every index.",
		"`assert (2,4):(4,1) ~ 8:1`", "Correct one side; the message names the first index where they differ.", ""},
	{ExpectUnmet, "expect-unmet", Error,
		"`expect CODE EXPR` holds: evaluating or verifying EXPR yields a diagnostic with that code.",
		"`expect E0400 composition(8:2, 4:1)`", "Fix the expectation or the expression.", ""},
	{Redefined, "redefined", Error,
		"A name is defined once in a file.",
		"`A = 8:1` twice", "Use a new name.", ""},
	{UnknownCode, "unknown-code", Error,
		"An `expect` names a code of this catalogue.",
		"`expect E9999 size(8:1)`", "Use a code listed in docs/diagnostics.md.", ""},

	// Lints.
	{Aliasing, "aliasing", Warning,
		"A layout without zero strides is injective: no two coordinates share an offset.",
		"`(3,8):(1,1)`", "Check the strides; use a zero stride to broadcast on purpose.", ""},
	{BankConflicts, "bank-conflicts", Warning,
		"A swizzled shared-memory layout sends the 8 rows of a 128-byte access to distinct 16-byte chunks.",
		"`S<1,4,3> o 0 o (8,64):(64,1)`", "Use a swizzle with more bits, e.g. S<3,4,3> for 128-byte rows.", ""},
	{RedundantMode, "redundant-mode", Warning,
		"A mode of extent 1 that is not the only mode adds nothing to the function.",
		"`(4,1,8):(1,0,4)`", "Drop the mode, or keep it on purpose for rank. The check is optional (CuTe keeps such modes for the rank a tiler expects): `cutec lint -enable redundant-mode` runs it.", ""},
	{NonCanonical, "non-canonical", Warning,
		"Layouts are written in the dialect's canonical spelling (no spaces, no static markers).",
		"`(4, 8) : (1, 4)`", "Run `cutec fmt -w`.", ""},
	{OutOfBoundsEval, "out-of-bounds-evaluation", Warning,
		"A coordinate evaluated against a layout lies inside its domain.",
		"`eval(4:1, 4)`", "Use an index below the layout's size; the algebra extends the last mode.", ""},
	{NotDistributive, "composition-not-distributive", Warning,
		"A composition distributes over the modes of B (paper eq. 23): R(c) = A(B(c)) for every c of B, not only mode by mode. CuTe computes each mode of B on its own, which is wrong as a whole when B's modes cross the same mode of A without segregated images.",
		"`composition((4,2,4,7):(4,16,1,32), (8,8):(2,4))`", "Use an inner layout whose modes have segregated images, or compose mode by mode on purpose.", ""},
}

// Catalogue returns every code of the catalogue with its rule, a minimal
// example and a fix, in code order. The slice is a fresh copy: changing it
// changes nothing else.
func Catalogue() []CodeInfo { return slices.Clone(catalogue) }

// Lookup returns the catalogue entry for a code.
func Lookup(c Code) (CodeInfo, bool) {
	for _, info := range catalogue {
		if info.Code == c {
			return info, true
		}
	}
	return CodeInfo{}, false
}
