// Package evalfast evaluates the commonest expression lines of `cutec eval`
// without the parser, the AST or normalize: an operation of the algebra on
// static integer layouts written out in full, such as
// `logical_divide(7680:1, 40:1)` or `((112,320):(1,112))(35140)`. It reads
// the line straight into layout.Static values, runs the Static operation
// that the general functions themselves try first, and appends the result's
// text, without allocating.
//
// It is a fast path, not a second definition of the language: Append
// accepts a narrow subset of the grammar (decimal integers, tuples of them,
// layouts shape:stride, the calls listed in ops, tuple tilers such as
// [4:1;_] and (4,8) in composition, logical_divide and logical_product
// (tiler.go), a parenthesized layout applied to an index) and declines
// everything else, including anything the
// operation would reject (the Static operations decline where the general
// function fails), so that the caller's full path gives the result or the
// diagnostic. Eval also answers a line it reads whole whose operation fails
// a condition of the algebra (fail.go), with the general function's error.
// The differential tests of cmd/cutec (eval_fast_test.go) check that every
// line it accepts prints what the full path prints.
//
// A line with symbols (`logical_divide((M,8):(1,M), 4:1)`, M{div=16}, ?)
// is read by ReadSymbolic (symbolic.go) into the values normalize's
// conversion builds, and evaluated by normalize's one evaluation of a call
// and the one symbolic algebra; cmd/cutec's eval_symbolic_test.go holds it
// to the full path.
package evalfast

import (
	"strconv"

	"github.com/cutec/cutec/layout"
)

// maxInt is the largest integer literal the fast path reads; a larger one
// (up to the full path's limit) goes to the full path.
const maxInt = 1 << 53

// op is an operation the fast path evaluates.
type op uint8

const (
	opNone op = iota
	opComposition
	opComplement
	opRightInverse
	opLeftInverse
	opCoalesce
	opSize
	opLogicalDivide
	opZippedDivide
	opTiledDivide
	opFlatDivide
	opLogicalProduct
	opZippedProduct
	opTiledProduct
	opFlatProduct
	opBlockedProduct
	opRakedProduct
)

// ops maps the names of the operations to their codes.
var ops = map[string]op{
	"composition":     opComposition,
	"complement":      opComplement,
	"right_inverse":   opRightInverse,
	"left_inverse":    opLeftInverse,
	"coalesce":        opCoalesce,
	"size":            opSize,
	"logical_divide":  opLogicalDivide,
	"zipped_divide":   opZippedDivide,
	"tiled_divide":    opTiledDivide,
	"flat_divide":     opFlatDivide,
	"logical_product": opLogicalProduct,
	"zipped_product":  opZippedProduct,
	"tiled_product":   opTiledProduct,
	"flat_product":    opFlatProduct,
	"blocked_product": opBlockedProduct,
	"raked_product":   opRakedProduct,
}

// Kind is the kind of a value the fast path computes.
type Kind uint8

const (
	Integer Kind = iota + 1 // an integer
	Layout                  // a layout
)

// Append evaluates the expression line and appends the canonical text of
// its value to dst. ok is false when the line is outside the fast path; dst
// is then returned unchanged.
func Append(dst, line []byte) (out []byte, kind Kind, ok bool) {
	return appendLine(dst, line, nil)
}

// appendLine is Append, and Eval when fail is not nil.
func appendLine(dst, line []byte, fail *Failure) (out []byte, kind Kind, ok bool) {
	var r reader
	r.src = line
	r.space()
	if r.pos < len(r.src) && isNameStart(r.src[r.pos]) {
		// The name and what follows it first: a line with a name after
		// the operation's (a symbol) is declined before the layouts are
		// made ready.
		start := r.pos
		for r.pos < len(r.src) && isNameByte(r.src[r.pos]) {
			r.pos++
		}
		if hasLetter(r.src[r.pos:]) {
			return dst, 0, false
		}
		o := ops[string(r.src[start:r.pos])] // no allocation: the compiler looks the bytes up
		if o == opNone || !r.punct('(') {
			return dst, 0, false
		}
		var a, b, res layout.Static
		return call(dst, &r, o, start, &a, &b, &res, fail)
	}
	var a layout.Static
	// A layout, or a parenthesized layout applied to an index.
	if !r.layout(&a) {
		// ((S):(D))(i): retry as ( layout ) ( index ).
		r = reader{src: line}
		a = layout.Static{}
		r.space()
		if !r.punct('(') || !r.layout(&a) || !r.punct(')') || !r.punct('(') {
			return dst, 0, false
		}
		i, ok := r.int()
		if !ok || !r.punct(')') || !r.end() {
			return dst, 0, false
		}
		off, ok := a.Offset(i)
		if !ok {
			return dst, 0, false
		}
		return strconv.AppendInt(dst, off, 10), Integer, true
	}
	if !r.end() {
		return dst, 0, false
	}
	return a.AppendText(dst), Layout, true
}

// call evaluates the call of o, whose name starts at name, with r after
// its opening parenthesis.
func call(dst []byte, r *reader, o op, name int, a, b, res *layout.Static, fail *Failure) ([]byte, Kind, bool) {
	at := callArgs{name: name, arg1: -1}
	r.space()
	at.arg0 = r.pos
	if !r.layout(a) {
		return dst, 0, false
	}
	var cotarget int64
	hasCotarget := false
	switch o {
	case opRightInverse, opLeftInverse, opCoalesce, opSize:
		// one argument
	case opComplement:
		if r.punct(',') {
			hasCotarget = true
			r.space()
			at.arg1 = r.pos
			var ok bool
			if cotarget, ok = r.int(); !ok {
				return dst, 0, false
			}
		}
	default:
		if !r.punct(',') {
			return dst, 0, false
		}
		r.space()
		fa, start := r.f, r.pos
		at.arg1 = start
		if !r.layout(b) {
			// A tiler: [T0;T1;...], a shape (4,8) or an integer.
			r.pos = start
			return byTiler(dst, r, o, &fa, b)
		}
	}
	if !r.punct(')') || !r.end() {
		return dst, 0, false
	}
	var ok bool
	switch o {
	case opSize:
		n, ok := a.Size()
		if !ok {
			return dst, 0, false
		}
		return strconv.AppendInt(dst, n, 10), Integer, true
	case opComposition:
		ok = res.Compose(a, b)
	case opComplement:
		if !hasCotarget {
			ok = res.Complement(a)
		} else if cotarget > 0 {
			ok = res.ComplementTo(a, cotarget)
		}
	case opRightInverse:
		ok = res.RightInverse(a)
	case opLeftInverse:
		ok = res.LeftInverse(a)
	case opCoalesce:
		ok = res.Coalesce(a)
	case opLogicalDivide:
		ok = res.LogicalDivide(a, b)
	case opZippedDivide:
		ok = res.ZippedDivide(a, b)
	case opTiledDivide:
		ok = res.TiledDivide(a, b)
	case opFlatDivide:
		ok = res.FlatDivide(a, b)
	case opLogicalProduct:
		ok = res.LogicalProduct(a, b)
	case opZippedProduct:
		ok = res.ZippedProduct(a, b)
	case opTiledProduct:
		ok = res.TiledProduct(a, b)
	case opFlatProduct:
		ok = res.FlatProduct(a, b)
	case opBlockedProduct:
		ok = res.BlockedProduct(a, b)
	case opRakedProduct:
		ok = res.RakedProduct(a, b)
	}
	if !ok {
		if fail != nil && failure(o, a, b, cotarget, hasCotarget, at, fail) {
			return dst, Failed, true
		}
		return dst, 0, false
	}
	return res.AppendText(dst), Layout, true
}

// reader reads the subset of the grammar the fast path takes.
type reader struct {
	src []byte
	pos int
	f   flat // the last layout read
}

// flat is a layout as read: the leaves' extents and strides, and the
// profile of the shape ('(', ')' and 'x' for a leaf, in preorder).
type flat struct {
	n, np    int
	ext, str [16]int64
	prof     [48]byte
}

// hasLetter reports whether b has a letter: a name after the operation's
// (a symbol, a swizzle, a type), which the fast path does not read; a
// cheap test that spares it the attempt.
func hasLetter(b []byte) bool {
	for _, c := range b {
		if c|0x20 >= 'a' && c|0x20 <= 'z' {
			return true
		}
	}
	return false
}

func isNameStart(c byte) bool { return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
func isNameByte(c byte) bool  { return isNameStart(c) || '0' <= c && c <= '9' }

// space skips spaces and tabs.
func (r *reader) space() {
	for r.pos < len(r.src) && (r.src[r.pos] == ' ' || r.src[r.pos] == '\t') {
		r.pos++
	}
}

// end reports whether only spaces and tabs are left.
func (r *reader) end() bool {
	r.space()
	return r.pos == len(r.src)
}

// peek reports whether the next token is the punctuation c.
func (r *reader) peek(c byte) bool {
	r.space()
	return r.pos < len(r.src) && r.src[r.pos] == c
}

// punct reads the punctuation c.
func (r *reader) punct(c byte) bool {
	if !r.peek(c) {
		return false
	}
	r.pos++
	return true
}

// digits reads the decimal digits at the position, after spaces: their
// value, at most maxInt, and where they start.
func (r *reader) digits() (n int64, start int, ok bool) {
	r.space()
	start = r.pos
	for r.pos < len(r.src) && '0' <= r.src[r.pos] && r.src[r.pos] <= '9' {
		n = n*10 + int64(r.src[r.pos]-'0')
		r.pos++
		if n > maxInt {
			return 0, start, false
		}
	}
	return n, start, true
}

// int reads a decimal integer of at most maxInt, without a sign.
func (r *reader) int() (int64, bool) {
	n, start, ok := r.digits()
	if !ok {
		return 0, false
	}
	if r.pos == start || r.pos < len(r.src) && isNameByte(r.src[r.pos]) {
		return 0, false // no digits, or a literal such as 8u or 0x10
	}
	return n, true
}

// signed reads an integer with an optional minus sign (a stride); -0 is
// left to the full path.
func (r *reader) signed() (int64, bool) {
	if !r.peek('-') {
		return r.int()
	}
	r.pos++
	if r.pos == len(r.src) || r.src[r.pos] < '0' || r.src[r.pos] > '9' {
		return 0, false // the sign and its digits are one token
	}
	n, ok := r.int()
	return -n, ok && n != 0
}

// layout reads shape:stride into s: the shape's extents and profile first,
// then the stride's leaves, which must have the same profile.
func (r *reader) layout(s *layout.Static) bool {
	var np, n int
	if !r.shape(&np, &n, 0) || !r.punct(':') {
		return false
	}
	leaf := 0
	if !r.stride(s, &leaf, np) || leaf != n {
		return false
	}
	r.f.n, r.f.np = n, np
	if _, ok := s.Size(); !ok {
		return false // the full path reports the size (E0701)
	}
	return s.Valid()
}

// shape reads an integer tuple into r.ext and r.prof.
func (r *reader) shape(np, n *int, depth int) bool {
	if *np == len(r.f.prof) || depth > 8 {
		return false
	}
	if r.punct('(') {
		r.f.prof[*np] = '('
		*np++
		for {
			if !r.shape(np, n, depth+1) {
				return false
			}
			if r.punct(')') {
				break
			}
			if !r.punct(',') {
				return false
			}
		}
		if *np == len(r.f.prof) {
			return false
		}
		r.f.prof[*np] = ')'
		*np++
		return true
	}
	v, ok := r.int()
	if !ok || *n == len(r.f.ext) || v < 1 {
		return false
	}
	r.f.prof[*np] = 'x'
	*np++
	r.f.ext[*n] = v
	*n++
	return true
}

// stride reads the stride, following the profile of the shape read before,
// and adds the leaves to s.
func (r *reader) stride(s *layout.Static, leaf *int, np int) bool {
	for p := 0; p < np; p++ {
		switch r.f.prof[p] {
		case '(':
			if p > 0 && r.f.prof[p-1] != '(' && !r.punct(',') || !r.punct('(') || !s.OpenTuple() {
				return false
			}
		case ')':
			if !r.punct(')') || !s.CloseTuple() {
				return false
			}
		default:
			if p > 0 && r.f.prof[p-1] != '(' && !r.punct(',') {
				return false
			}
			d, ok := r.signed()
			if !ok || !s.AddLeaf(r.f.ext[*leaf], d) {
				return false
			}
			r.f.str[*leaf] = d
			*leaf++
		}
	}
	return true
}
