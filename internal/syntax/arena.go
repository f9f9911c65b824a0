package syntax

import "github.com/alecthomas/participle/v2/lexer"

// arena holds the structs the fast path builds for one input, so that a parse
// through a pooled Tokens allocates none of them once the buffer has served a
// few inputs of its size. Structs are taken from the end of a slice of each
// type; a full slice is replaced by a new one twice as large (the structs
// already taken stay where they are, so pointers to them remain valid), and
// Reset makes the slices empty again for the next input. The structs of an
// arena live as long as the tokens they refer to: until Tokens is reset or
// lexed again (see MatchWhole).
type arena struct {
	ints      []FastInt
	tuples    []FastTuple
	values    []FastValue
	layouts   []FastLayout
	exprs     []Expr
	composeds []Composed
	operands  []Operand
	terms     []Term
	primaries []Primary
	names     []Name
	args      []Args
	argItems  []Arg
	argPtrs   []*Arg
	argLists  []*Args
	mulOps    []MulOp
	opLists   []*MulOp
	// the leaves of basis entries and dynamic values (a descriptor's leaves)
	numbers     []Number
	fractions   []Fraction
	dynamics    []Dynamic
	attrs       []DynamicAttrs
	underscores []Underscore
	dims        []Dim
	dimLists    []*Dim
	descriptors []Descriptor
	stack       []FastValue // the elements of the tuples being parsed (see tuple)
	// the parts of a composed layout, S<3,4,3> o smem_ptr[16b](unset) o L
	composeParts []ComposePart
	partPtrs     []*ComposePart
	templates    []TemplateArgs
	templateArgs []TemplateArg
	templatePtrs []*TemplateArg
	pointers     []Pointer
}

// popStack drops the values of a's stack from base on.
func (a *arena) popStack(base int) {
	clear(a.stack[base:])
	a.stack = a.stack[:base]
}

// FastOperand returns the Operand participle builds around a FastTerm that
// spans the whole of t, from pos to end, taken from t's structs (see
// MatchWhole).
func (t *Tokens) FastOperand(pos, end lexer.Position, fast FastTerm) *Operand {
	o := take(&t.arena.operands)
	o.Pos, o.EndPos, o.Fast = pos, end, fast
	return o
}

// FastDescriptorRoot returns the Descriptor participle builds around a
// FastDescriptor that spans the whole of t, from pos to end, taken from t's
// structs (see MatchWholeDescriptor).
func (t *Tokens) FastDescriptorRoot(pos, end lexer.Position, fast FastDescriptor) *Descriptor {
	d := take(&t.arena.descriptors)
	d.Pos, d.EndPos, d.Fast = pos, end, fast
	return d
}

// maxArenaKept is the largest slice of one type an arena keeps between
// inputs; a larger one (made for a huge input) is dropped at reset, so that a
// pooled buffer does not hold on to the memory of its largest input.
const maxArenaKept = 1 << 12

// take returns a pointer to a zero T at the end of *s.
func take[T any](s *[]T) *T {
	if len(*s) == cap(*s) {
		*s = make([]T, 0, max(16, 2*cap(*s)))
	}
	*s = (*s)[:len(*s)+1]
	p := &(*s)[len(*s)-1]
	var zero T
	*p = zero
	return p
}

// takeCopy returns a copy of src at the end of *s, with no room to append
// to in place; nil when src is empty, as participle leaves an empty list.
func takeCopy[T any](s *[]T, src []T) []T {
	if len(src) == 0 {
		return nil
	}
	if cap(*s)-len(*s) < len(src) {
		*s = make([]T, 0, max(16, 2*cap(*s), len(src)))
	}
	n := len(*s)
	*s = append(*s, src...)
	return (*s)[n : n+len(src) : n+len(src)]
}

// resetSlice empties *s, dropping what it refers to.
func resetSlice[T any](s *[]T) {
	if cap(*s) > maxArenaKept {
		*s = nil
		return
	}
	clear(*s)
	*s = (*s)[:0]
}

// reset empties every slice of a for the next input.
func (a *arena) reset() {
	resetSlice(&a.ints)
	resetSlice(&a.tuples)
	resetSlice(&a.values)
	resetSlice(&a.layouts)
	resetSlice(&a.exprs)
	resetSlice(&a.composeds)
	resetSlice(&a.operands)
	resetSlice(&a.terms)
	resetSlice(&a.primaries)
	resetSlice(&a.names)
	resetSlice(&a.args)
	resetSlice(&a.argItems)
	resetSlice(&a.argPtrs)
	resetSlice(&a.argLists)
	resetSlice(&a.mulOps)
	resetSlice(&a.opLists)
	resetSlice(&a.numbers)
	resetSlice(&a.fractions)
	resetSlice(&a.dynamics)
	resetSlice(&a.attrs)
	resetSlice(&a.underscores)
	resetSlice(&a.dims)
	resetSlice(&a.dimLists)
	resetSlice(&a.descriptors)
	resetSlice(&a.stack)
	resetSlice(&a.composeParts)
	resetSlice(&a.partPtrs)
	resetSlice(&a.templates)
	resetSlice(&a.templateArgs)
	resetSlice(&a.templatePtrs)
	resetSlice(&a.pointers)
}
