package evalfast

import (
	"bytes"

	"github.com/cutec/cutec/layout"
)

// Lines with symbols. ReadSymbolic reads a call whose arguments have
// named symbols (M, lda), facts on them (M{div=16}), run-time values (?,
// ?{div=8}) or products of them (32*lda, M/128) into the values
// normalize's conversion builds from the same text: symbolic leaves of
// layout.SymbolLeaf and layout.Sym with the facts of the whole line, ?
// leaves of layout.Dynamic, layouts with layout.New (static ones through
// layout.Static, as the conversion takes them), tuples (with _), tilers of
// layout.TileTuple. It does not compute: the caller hands the values to
// the one evaluation of a call (normalize's Evaluator.EvalCall), which
// says whether the name is an operation that takes values, runs the one
// symbolic algebra (layout.Symbolic) and decides the obligations.
// Anything else is declined: a name in an argument's place (a variable),
// a name starting with _ (_4 is C++'s static 4), the lexer's keywords, a
// parenthesized single leaf, widths such as ?{i64}, nested tilers.

// ArgKind is the kind of value an argument of a line with symbols is.
type ArgKind uint8

const (
	ArgInt    ArgKind = iota + 1 // a non-negative integer
	ArgTuple                     // a tuple or a single symbolic leaf (a shape)
	ArgLayout                    // shape:stride
	ArgTiler                     // [T0;T1;...]
)

// Arg is one argument of a line with symbols: the field its Kind names.
type Arg struct {
	Kind   ArgKind
	Int    int64
	Tuple  layout.IntTuple
	Layout layout.Layout
	Tiler  layout.Tiler
}

// SymCall is a line with symbols as ReadSymbolic reads it. A caller may
// keep one and reuse it from line to line: the values of a line are
// valid until ReadSymbolic reads the next line into it, which reuses the
// arrays their tuples' elements and tilers' modes come from (so a line
// allocates none where they fit). A caller that keeps a line's values
// reads the next line into another SymCall.
type SymCall struct {
	Name []byte // the operation, as written in the line
	Args [4]Arg // the arguments, N of them
	N    int
	keep symKeep // what the reader keeps from line to line
}

// symKeep is what ReadSymbolic keeps in a SymCall from line to line: the
// arrays a line's tuples' elements and tilers' modes come from, and the
// leaves of the last symbols read. (The rest of the reader's state lives
// on the stack: stores to it need no write barrier.)
type symKeep struct {
	elems [symElems]layout.IntTuple
	modes [symModes]layout.Tiler
	// kept are leaves made on earlier lines, the last of each symbol as
	// written with its fact over the line: a leaf is a value, which no
	// line changes, so a later line with the same symbol takes it (and
	// its name's string) rather than allocating another.
	kept  [maxSymbols]keptLeaf
	nkept int // where the next one goes, in turn
}

// The most elements of tuples, and modes of tilers, a line takes from the
// arrays of its SymCall; a line with more takes the rest from the heap.
const (
	symElems = 32
	symModes = 2 * maxTiles
)

// maxSymbols is the most distinct symbols (name and written fact) a line
// of the fast path has.
const maxSymbols = 8

// symReader reads the values of a line with symbols.
type symReader struct {
	reader
	facts    [maxSymbols]fact // each name's facts over the line, combined
	nfacts   int
	leaves   [maxSymbols]symLeaf // the leaf made of each symbol as written
	nleaves  int
	keep     *symKeep
	elems    []layout.IntTuple   // where the tuples' elements go: keep's, or a block of the heap when it is full
	nmodes   int                 // the tilers' modes taken from keep
	stack    [24]layout.IntTuple // the elements of the tuples being read
	top      int
	symbolic bool // a symbol or ? was read
	small    bool // an integer below 1 was read (not a shape)
	under    bool // _ was read (not a layout's leaf)
}

type fact struct {
	name []byte
	div  int64
}

type keptLeaf struct {
	str          string
	written, div int64
	leaf         layout.IntTuple
}

type symLeaf struct {
	name    []byte
	str     string          // the name as a string, shared by the leaves of a name
	written int64           // the fact written on it, 0 when none
	div     int64           // its fact: the name's over the line
	leaf    layout.IntTuple // once made
	made    bool
}

// ReadSymbolic reads line, a call name(arg, ...) with a symbol or a ? in
// its arguments, into c; whether name is an operation that takes values is
// the evaluation's to say (normalize.Evaluator.EvalCall). ok is false
// when the line is not one it reads; c is then unspecified.
func ReadSymbolic(line []byte, c *SymCall) bool {
	// A line with no name after the operation's and no ? is static: the
	// static fast path or the full path takes it (no values are built).
	if k := bytes.IndexByte(line, '('); k < 0 || !hasLetter(line[k:]) && bytes.IndexByte(line[k:], '?') < 0 {
		return false
	}
	r := symReader{reader: reader{src: line}, keep: &c.keep}
	r.elems = r.keep.elems[:0]
	if !r.scanFacts() {
		return false
	}
	r.space()
	start := r.pos
	for r.pos < len(r.src) && isNameByte(r.src[r.pos]) {
		r.pos++
	}
	c.Name = r.src[start:r.pos]
	if r.pos == start || !isNameStart(r.src[start]) || keyword(c.Name) || !r.punct('(') {
		return false
	}
	c.N = 0
	for {
		if c.N == len(c.Args) {
			return false
		}
		c.N++
		if !r.arg(&c.Args[c.N-1]) {
			return false
		}
		if r.punct(')') {
			break
		}
		if !r.punct(',') {
			return false
		}
	}
	return r.end() && r.symbolic
}

// scanFacts collects the facts written on symbols anywhere in the line
// (M{div=16} is a fact of every M of the line, as normalize collects
// them), declining braces of any other form.
func (r *symReader) scanFacts() bool {
	src := r.src
	for i := 0; i < len(src); i++ {
		n := bytes.IndexByte(src[i:], '{')
		if n < 0 {
			break
		}
		i += n
		div, _, ok := readDiv(src, i)
		if !ok || div < 1 {
			return false
		}
		j := i
		for j > 0 && isNameByte(src[j-1]) {
			j--
		}
		if j == i {
			if i == 0 || src[i-1] != '?' {
				return false
			}
			continue // ?{div=N}: not a symbol's
		}
		if !isNameStart(src[j]) || r.nfacts == len(r.facts) && r.factOf(src[j:i]) == 0 {
			return false
		}
		name := src[j:i]
		k := 0
		for k < r.nfacts && string(r.facts[k].name) != string(name) {
			k++
		}
		if k == r.nfacts {
			r.facts[k] = fact{name: name, div: 1}
			r.nfacts++
		}
		l, ok := layout.CombineFacts(r.facts[k].div, div)
		if !ok {
			return false // the full path reports the overflow (E0701)
		}
		r.facts[k].div = l
	}
	return true
}

// factOf returns the facts of name collected so far, 0 when none.
func (r *symReader) factOf(name []byte) int64 {
	for _, f := range r.facts[:r.nfacts] {
		if string(f.name) == string(name) {
			return f.div
		}
	}
	return 0
}

// readDiv reads `{div=N}` at src[i] (a '{'), N a decimal of at most
// maxInt: N and the position after the brace.
func readDiv(src []byte, i int) (int64, int, bool) {
	const open = "{div="
	if len(src)-i < len(open) || string(src[i:i+len(open)]) != open {
		return 0, 0, false
	}
	r := reader{src: src, pos: i + len(open)}
	if r.pos == len(src) || src[r.pos] < '1' || src[r.pos] > '9' {
		return 0, 0, false // no digits, a sign, 0 or a leading zero
	}
	n, _, ok := r.digits()
	if !ok || r.pos == len(src) || src[r.pos] != '}' {
		return 0, 0, false
	}
	return n, r.pos + 1, true
}

// arg reads one argument.
func (r *symReader) arg(a *Arg) bool {
	r.space()
	if r.peek('[') {
		return r.tiler(a)
	}
	return r.value(a)
}

// value reads an argument or a tiler's mode other than a tiler: a
// layout, an integer, a tuple.
func (r *symReader) value(a *Arg) bool {
	start := r.pos
	var s layout.Static
	if r.reader.layout(&s) && !r.peekAny(":") {
		a.Kind, a.Layout = ArgLayout, s.Layout()
		return true
	}
	r.pos = start
	l, t, isLayout, ok := r.layoutOrTuple()
	switch {
	case !ok:
		return false
	case isLayout:
		a.Kind, a.Layout = ArgLayout, l
	case t.Kind() == layout.KindInt:
		a.Kind, a.Int = ArgInt, t.Value()
	default:
		a.Kind, a.Tuple = ArgTuple, t
	}
	return true
}

// peekAny reports whether the next token is one of the punctuation bytes
// of set.
func (r *symReader) peekAny(set string) bool {
	r.space()
	if r.pos == len(r.src) {
		return false
	}
	for i := range len(set) {
		if r.src[r.pos] == set[i] {
			return true
		}
	}
	return false
}

// layoutOrTuple reads a layout with a symbolic leaf (a static one is
// read by the static reader) or a tuple: an integer, a tuple of leaves, a
// symbolic leaf.
func (r *symReader) layoutOrTuple() (l layout.Layout, t layout.IntTuple, isLayout, ok bool) {
	before := r.symbolic
	r.symbolic, r.small, r.under = false, false, false
	shape, ok := r.tree(false, 0)
	if !ok {
		return l, t, false, false
	}
	if !r.punct(':') {
		if shape.IsSymbolic() {
			return l, t, false, false // a name alone is a variable's
		}
		r.symbolic = r.symbolic || before
		return l, shape, false, true
	}
	if r.small || r.under {
		return l, t, false, false // the full path reports the extent (E0304)
	}
	stride, ok := r.tree(true, 0)
	if !ok || !r.symbolic || r.under || r.peekAny(":") {
		return l, t, false, false // a static layout the static reader declined
	}
	l, err := layout.New(shape, stride)
	if err != nil {
		return l, t, false, false
	}
	return l, t, true, true
}

// tree reads a tuple or a leaf; a stride's integers may be negative.
func (r *symReader) tree(stride bool, depth int) (layout.IntTuple, bool) {
	if depth > 8 {
		return layout.IntTuple{}, false
	}
	if !r.punct('(') {
		return r.leaf(stride)
	}
	base := r.top
	for {
		if r.top == len(r.stack) {
			return layout.IntTuple{}, false
		}
		e, ok := r.tree(stride, depth+1)
		if !ok {
			return layout.IntTuple{}, false
		}
		r.stack[r.top] = e
		r.top++
		if r.punct(')') {
			break
		}
		if !r.punct(',') {
			return layout.IntTuple{}, false
		}
	}
	n := r.top - base
	r.top = base
	if n < 2 {
		return layout.IntTuple{}, false // (x): left to the full path
	}
	if cap(r.elems)-len(r.elems) < n {
		r.elems = make([]layout.IntTuple, 0, max(n, symElems))
	}
	k := len(r.elems)
	r.elems = append(r.elems, r.stack[base:base+n]...)
	return layout.Tuple(r.elems[k : k+n : k+n]...), true
}

// leaf reads an integer, a symbol with its fact, ? with its, or a product
// of integers and symbols divided by an integer (32*lda, M/128, -1*lda).
func (r *symReader) leaf(stride bool) (layout.IntTuple, bool) {
	r.space()
	if r.pos == len(r.src) {
		return layout.IntTuple{}, false
	}
	if r.src[r.pos] == '?' {
		r.pos++
		div := int64(0)
		if r.pos < len(r.src) && r.src[r.pos] == '{' {
			d, next, ok := readDiv(r.src, r.pos)
			if !ok {
				return layout.IntTuple{}, false
			}
			div, r.pos = d, next
		}
		if !r.leafEnds() {
			return layout.IntTuple{}, false // ?@0, a dynamic basis
		}
		r.symbolic = true
		return layout.Dynamic(0, div), true
	}
	if r.src[r.pos] == '_' && (r.pos+1 == len(r.src) || !isNameByte(r.src[r.pos+1])) {
		r.pos++
		if !r.leafEnds() {
			return layout.IntTuple{}, false
		}
		r.under = true
		return layout.Underscore(), true // a tuple's (a slice's coordinate), not a layout's
	}
	name, written, v, ok := r.factor(stride)
	if !ok {
		return layout.IntTuple{}, false
	}
	if !r.peekAny("*/") {
		if !r.leafEnds() {
			return layout.IntTuple{}, false
		}
		if name == nil {
			if v < 1 {
				r.small = true
			}
			return layout.Int(v), true
		}
		r.symbolic = true
		return r.symbol(name, written)
	}
	// A product, as normalize builds it: 1 times each factor in turn, then
	// the divisor.
	p, factors := layout.Term{Coef: 1, Div: 1}, 0
	for {
		if factors++; factors > layout.MaxSymbols {
			return layout.IntTuple{}, false
		}
		f := layout.Term{Coef: v, Div: 1}
		if name != nil {
			var ok bool
			if f, ok = r.symbolTerm(name, written); !ok {
				return layout.IntTuple{}, false
			}
		}
		if p, ok = p.Mul(f); !ok {
			return layout.IntTuple{}, false
		}
		if !r.punct('*') {
			break
		}
		if name, written, v, ok = r.factor(false); !ok {
			return layout.IntTuple{}, false
		}
	}
	if r.punct('/') {
		d, ok := r.int()
		if !ok {
			return layout.IntTuple{}, false
		}
		if p, ok = p.DivInt(d); !ok {
			return layout.IntTuple{}, false
		}
	}
	if !r.leafEnds() || p.IsInt() {
		return layout.IntTuple{}, false // an integer written as a product: left to the full path
	}
	r.symbolic = true
	return layout.Sym(p), true
}

// factor reads a symbol with the fact written on it (0: none), or an
// integer, negative in a stride.
func (r *symReader) factor(signed bool) (name []byte, written, v int64, ok bool) {
	r.space()
	if r.pos == len(r.src) {
		return nil, 0, 0, false
	}
	if c := r.src[r.pos]; isNameStart(c) {
		if c == '_' {
			return nil, 0, 0, false // _ and _4 are read otherwise
		}
		start := r.pos
		for r.pos < len(r.src) && isNameByte(r.src[r.pos]) {
			r.pos++
		}
		name = r.src[start:r.pos]
		if keyword(name) {
			return nil, 0, 0, false
		}
		if r.pos < len(r.src) && r.src[r.pos] == '{' {
			d, next, ok := readDiv(r.src, r.pos)
			if !ok {
				return nil, 0, 0, false
			}
			written, r.pos = d, next
		}
		return name, written, 0, true
	}
	if signed {
		v, ok = r.signed()
	} else {
		v, ok = r.int()
	}
	return nil, 0, v, ok
}

// keyword reports whether name is a keyword of the lexer
// (internal/syntax's keywords: o composes, assert and expect begin
// statements), which is no symbol.
func keyword(name []byte) bool {
	switch string(name) {
	case "o", "assert", "expect":
		return true
	}
	return false
}

// leafEnds reports whether what follows a leaf ends it: a comma, a
// closing bracket, a colon or a semicolon (not *, /, @, a name, a brace).
func (r *symReader) leafEnds() bool { return r.peekAny(",):;]") }

// symbol returns the leaf of the symbol name written with the fact
// written (0: none). The leaf of a symbol as written is made once, as
// normalize makes it.
func (r *symReader) symbol(name []byte, written int64) (layout.IntTuple, bool) {
	i, ok := r.entry(name, written)
	if !ok {
		return layout.IntTuple{}, false
	}
	l := &r.leaves[i]
	if !l.made {
		l.leaf, l.made = layout.SymbolLeaf(l.str, l.div), true
		k := r.keep
		k.kept[k.nkept] = keptLeaf{str: l.str, written: l.written, div: l.div, leaf: l.leaf}
		k.nkept = (k.nkept + 1) % len(k.kept)
	}
	return l.leaf, true
}

// symbolTerm returns the term of the symbol name written with the fact
// written, as a factor of a product.
func (r *symReader) symbolTerm(name []byte, written int64) (layout.Term, bool) {
	i, ok := r.entry(name, written)
	if !ok {
		return layout.Term{}, false
	}
	l := &r.leaves[i]
	if l.made {
		t, _ := l.leaf.Term()
		return t, true
	}
	return layout.SymbolTerm(l.str, l.div), true
}

// entry returns the index in r.leaves of the symbol name written with the
// fact written, adding it: its fact is the name's over the line.
func (r *symReader) entry(name []byte, written int64) (int, bool) {
	str := ""
	for i := range r.nleaves {
		if l := &r.leaves[i]; string(l.name) == string(name) {
			if l.written == written {
				return i, true
			}
			str = l.str
		}
	}
	if r.nleaves == len(r.leaves) {
		return 0, false
	}
	div := max(written, 1)
	if f := r.factOf(name); f > 0 {
		l, ok := layout.CombineFacts(div, f)
		if !ok {
			return 0, false
		}
		div = l
	}
	e := symLeaf{name: name, str: str, written: written, div: div}
	for j := range r.keep.kept {
		if k := &r.keep.kept[j]; k.str == string(name) && k.str != "" {
			e.str = k.str
			if k.written == written && k.div == div {
				e.leaf, e.made = k.leaf, true
				break
			}
		}
	}
	if e.str == "" {
		e.str = string(name)
	}
	r.leaves[r.nleaves] = e
	r.nleaves++
	return r.nleaves - 1, true
}

// tiler reads [T0;T1;...]: each mode a layout, a positive integer, _ or a
// shape, as normalize reads a tile's modes.
func (r *symReader) tiler(a *Arg) bool {
	r.pos++ // '['
	var modes [maxTiles]layout.Tiler
	n := 0
	for {
		if n == len(modes) {
			return false
		}
		r.space()
		var m Arg
		switch {
		case r.pos+1 < len(r.src) && r.src[r.pos] == '_' && !isNameByte(r.src[r.pos+1]):
			r.pos++
			modes[n] = layout.TileUnderscore()
		case !r.peek('[') && r.value(&m):
			switch m.Kind {
			case ArgLayout:
				modes[n] = layout.TileLayout(m.Layout)
			case ArgInt:
				if m.Int < 1 {
					return false
				}
				modes[n] = layout.TileInt(m.Int)
			default:
				t, err := layout.TilerOfShape(m.Tuple)
				if err != nil {
					return false
				}
				modes[n] = t
			}
		default:
			return false
		}
		n++
		if r.punct(']') {
			break
		}
		if !r.punct(';') {
			return false
		}
	}
	var tm []layout.Tiler
	if k := r.nmodes; k+n <= len(r.keep.modes) {
		r.nmodes += copy(r.keep.modes[k:], modes[:n])
		tm = r.keep.modes[k : k+n : k+n]
	} else {
		tm = append([]layout.Tiler(nil), modes[:n]...)
	}
	a.Kind, a.Tiler = ArgTiler, layout.TileTuple(tm...)
	return true
}
