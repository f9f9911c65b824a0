package syntax

import "github.com/cutec/cutec/grammar"

// The machinery of this package builds package grammar's capture structs on
// nearly every line, so it names them as grammar does. These are aliases (the
// same types, not copies): a struct the fast path builds is the struct
// participle builds, which the differential tests compare field by field.
type (
	Stmt           = grammar.Stmt
	Let            = grammar.Let
	Assert         = grammar.Assert
	Expect         = grammar.Expect
	Simple         = grammar.Simple
	Expr           = grammar.Expr
	Accessor       = grammar.Accessor
	Composed       = grammar.Composed
	ComposePart    = grammar.ComposePart
	Operand        = grammar.Operand
	Term           = grammar.Term
	MulOp          = grammar.MulOp
	Primary        = grammar.Primary
	Tile           = grammar.Tile
	Group          = grammar.Group
	GroupItem      = grammar.GroupItem
	Name           = grammar.Name
	Pointer        = grammar.Pointer
	SwizzleParams  = grammar.SwizzleParams
	TemplateArgs   = grammar.TemplateArgs
	TemplateArg    = grammar.TemplateArg
	Args           = grammar.Args
	Arg            = grammar.Arg
	Leaf           = grammar.Leaf
	Number         = grammar.Number
	Fraction       = grammar.Fraction
	Dim            = grammar.Dim
	Dynamic        = grammar.Dynamic
	DynamicAttrs   = grammar.DynamicAttrs
	Underscore     = grammar.Underscore
	Descriptor     = grammar.Descriptor
	DescGroup      = grammar.DescGroup
	DescEntry      = grammar.DescEntry
	DescBasis      = grammar.DescBasis
	SwizzleForm    = grammar.SwizzleForm
	FastTerm       = grammar.FastTerm
	FastValue      = grammar.FastValue
	FastDescriptor = grammar.FastDescriptor
	FastInt        = grammar.FastInt
	FastTuple      = grammar.FastTuple
	FastLayout     = grammar.FastLayout
)
