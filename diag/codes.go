package diag

// Code is the stable public name of a diagnostic, such as "E0400". Codes are
// never renumbered or reused; the catalogue below is append-only and is
// mirrored, entry for entry, in docs/diagnostics.md.
//
// The first letter is the default severity (E error, W warning); the first two
// digits name the stage or family:
//
//	01 syntax            (parser)
//	02 normalization     (normalize)
//	03 congruence        (verify, layout)
//	04 divisibility      (verify, layout)
//	05 fold legality     (verify, layout)
//	06 dialect rules     (verify)
//	07 evaluation        (layout, normalize)
//	08 .cute statements  (verify)
//	09 lints             (verify)
type Code string

// CodeInfo documents one code of the catalogue.
type CodeInfo struct {
	Code      Code
	Name      string   // short kebab-case name of the rule
	Severity  Severity // default severity
	Invariant string   // the rule the code enforces
	Example   string   // a minimal input that triggers it
	Fix       string   // how to resolve it
	Dialect   string   // the CuTe dialect verifier's wording, where it has one
}

// Syntax (parser).
const (
	EmptyInput        Code = "E0100"
	UnexpectedToken   Code = "E0101"
	UnclosedGroup     Code = "E0102"
	TrailingText      Code = "E0103"
	IntOutOfRange     Code = "E0104"
	NestingTooDeep    Code = "E0105"
	InvalidCharacter  Code = "E0106"
	InvalidUTF8       Code = "E0107"
	UnterminatedQuote Code = "E0108"
	LineTooLong       Code = "E0109"
)

// Normalization (normalize).
const (
	ZeroDenominator   Code = "E0200"
	NonIntegralCount  Code = "E0201"
	DimensionTooLarge Code = "E0202"
	UnknownName       Code = "E0203"
	BadArguments      Code = "E0204"
	WrongKind         Code = "E0205"
)

// Congruence.
const (
	ShapeStrideMismatch Code = "E0300"
	CoordMismatch       Code = "E0301"
	TilerMismatch       Code = "E0302"
	BasisOutsideProfile Code = "E0303"
	NonPositiveShape    Code = "E0304"
	ModeOutOfRange      Code = "E0305"
)

// Divisibility.
const (
	StrideDivisibility    Code = "E0400"
	ShapeDivisibility     Code = "E0401"
	ComplementInjective   Code = "E0402"
	InexactShapeDiv       Code = "E0403"
	ProductRankMismatch   Code = "E0404"
	RecastDivisibility    Code = "E0405"
	TileShapeDivisibility Code = "E0406"
)

// Fold legality.
const (
	FoldOutsideDomain   Code = "W0500"
	FunctionChanged     Code = "E0501"
	ProductOverlap      Code = "E0502"
	NoLeftInverse       Code = "E0503"
	SwizzleNotBijective Code = "E0504"
	OffsetNotAddable    Code = "E0505"
)

// Dialect rules.
const (
	MixedStrideKinds   Code = "E0600"
	BasisDepthMismatch Code = "E0601"
	RatioNotLowerable  Code = "E0602"
	SwizzleTooWide     Code = "E0603"
	TrivialSwizzle     Code = "W0604"
	OpResultMismatch   Code = "E0605"
)

// Evaluation.
const (
	DynamicValue    Code = "E0700"
	Overflow        Code = "E0701"
	BasisNotDefined Code = "E0702"
	DivisionByZero  Code = "E0703"
	BadValue        Code = "E0704"
	ValueTooLarge   Code = "E0705"
)

// .cute statements.
const (
	AssertEqualFailed Code = "E0800"
	AssertSameFailed  Code = "E0801"
	ExpectUnmet       Code = "E0802"
	Redefined         Code = "E0803"
	UnknownCode       Code = "E0804"

	// EmbeddingFailure is the one code of the C ABI and the Python package
	// (capi/, python/): a call that cannot be carried out.
	EmbeddingFailure Code = "E0808"
)

// Lints.
const (
	Aliasing          Code = "W0900"
	BankConflicts     Code = "W0901"
	RedundantMode     Code = "W0902"
	NonCanonical      Code = "W0903"
	OutOfBoundsEval   Code = "W0904"
	NotDistributive   Code = "W0905"
	AliasingUndecided Code = "W0906"
)

// Symbolic layouts (layout/symbol_*.go, docs/symbols.md).
const (
	SymbolUndecided Code = "E0715"
	ObligationFalse Code = "E0716"
	SymbolTerm      Code = "E0717"
	ObligationOpen  Code = "W0914"
	// DynamicAssumed is a condition the dialect assumes of a dynamic value
	// without stating it (docs/dialect.md, "The rule for dynamic values").
	DynamicAssumed Code = "W0919"
)

// Shared-memory bank conflicts (package banks).
const (
	BankAccessInvalid Code = "E0908"
	BankUnknownName   Code = "E0909"
)

// Tiled MMAs and copies (package tiled).
const (
	TiledUnknownAtom Code = "E0920"
	TiledMismatch    Code = "E0921"
)

// Lints of newcomer traps.
const (
	ComposedNotComposition Code = "W0910"
)
