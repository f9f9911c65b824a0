package layout

import "strconv"

// Failure is why a Static operation declined, when the reason is an error
// of the algebra that the general function returns on the same layouts:
// stride divisibility (E0400), shape divisibility (E0401) or the complement
// of a layout that is not injective (E0402). It holds the error's values,
// not its text: AppendMessage writes the text only when it is printed, and
// Error builds the *Error the general function returns (the property test
// static_failure_test.go holds the two equal). Finding it allocates
// nothing.
//
// Compose, Complement and LogicalDivide report whether they found the
// error; false means they cannot tell without the general function (an
// overflow, a layout that does not fit, an error of another kind, or no
// error at all), which the caller then runs.
type Failure struct {
	Code Code
	Op   string // the operation chain of Error.Op, such as "logical_divide: composition"
	Arg  int
	Mode int
	// Prefix, Stride and Size are Error's; covered is the offsets an
	// E0402 names, fits ceil(Prefix/Stride) of an E0401.
	Prefix, Stride, Size int64
	covered, fits        int64
	overlap              int64  // the stride an E0402 names
	at                   int64  // the coordinate a refuted crossing names, -1 when none
	subject              Static // the layout the message names: the coalesced outer layout, or the complemented one
}

// AppendMessage appends what a diagnostic of the failure says, the text of
// Error().Message().
func (x *Failure) AppendMessage(b []byte) []byte {
	op := x.Op
	for i := len(op) - 2; i >= 0; i-- {
		if op[i] == ':' && op[i+1] == ' ' {
			op = op[i+2:]
			break
		}
	}
	b = append(append(b, op...), ": "...)
	return x.appendMsg(b)
}

// appendMsg appends Error().Msg.
func (x *Failure) appendMsg(b []byte) []byte {
	var buf [160]byte
	subject := x.subject.AppendText(buf[:0])
	switch x.Code {
	case CodeStrideDivisibility:
		b = appendStrideDiv(b, x.Mode, subject, x.Stride, x.Prefix)
		if x.at >= 0 {
			b = strconv.AppendInt(append(b, crossSuffix...), x.at, 10)
		}
		return b
	case CodeShapeDivisibility:
		return appendShapeDiv(b, x.Mode, subject, x.Prefix, x.Stride, x.fits, x.Size)
	}
	return appendComplementOverlap(b, subject, x.overlap, x.covered)
}

// Error returns the error the general function returns.
func (x *Failure) Error() *Error {
	return &Error{Code: x.Code, Op: x.Op, Msg: string(x.appendMsg(nil)), Arg: x.Arg, Mode: x.Mode,
		Prefix: x.Prefix, Stride: x.Stride, Size: x.Size}
}

// Compose finds the error of Compose(a, b) (paper eq. 20 and 21) when
// Static.Compose declined.
func (x *Failure) Compose(a, b *Static) bool {
	var f ints
	if !f.coalesced(a, true) {
		return false
	}
	return x.composeLeaves(&f, b.s[:b.n], b.d[:b.n], "composition")
}

// LogicalDivide finds the error of LogicalDivide(l, TileLayout(tile)) when
// Static.LogicalDivide declined.
func (x *Failure) LogicalDivide(l, tile *Static) bool { return x.divide(l, tile, 0) }

// ZippedDivide, TiledDivide and FlatDivide find the error of the general
// functions of the same names with a layout tile: that of the logical
// divide they make, within their operation.
func (x *Failure) ZippedDivide(l, tile *Static) bool { return x.divide(l, tile, 1) }
func (x *Failure) TiledDivide(l, tile *Static) bool  { return x.divide(l, tile, 2) }
func (x *Failure) FlatDivide(l, tile *Static) bool   { return x.divide(l, tile, 3) }

// divideOps are the operation chains of a divide's errors (Error.Op, as
// withOp makes them), for a logical, zipped, tiled and flat divide: of its
// composition and of its tile's complement. Constants: naming one
// allocates nothing.
var divideOps = [4][2]string{
	{"logical_divide: composition", "logical_divide: complement"},
	{"zipped_divide: logical_divide: composition", "zipped_divide: logical_divide: complement"},
	{"tiled_divide: zipped_divide: logical_divide: composition", "tiled_divide: zipped_divide: logical_divide: complement"},
	{"flat_divide: zipped_divide: logical_divide: composition", "flat_divide: zipped_divide: logical_divide: complement"},
}

// divide is LogicalDivide, with the operation chains divideOps[kind].
func (x *Failure) divide(l, tile *Static, kind int) bool {
	var fl, rest ints
	if !fl.coalesced(l, false) {
		return false
	}
	k, ok := complementModes(&rest.s, &rest.d, tile, fl.s[:fl.n])
	if !ok {
		// The tile's complement in the shape of l: its overlap is found
		// before the cotarget counts (complementOf).
		if !x.complement(tile, nil) {
			return false
		}
		x.Op = divideOps[kind][1]
		return true
	}
	if int(tile.n)+k > maxStaticLeaves {
		return false
	}
	var s, d [maxStaticLeaves]int64
	n := copy(s[:], tile.s[:tile.n])
	copy(d[:], tile.d[:tile.n])
	copy(s[n:], rest.s[:k])
	copy(d[n:], rest.d[:k])
	if !fl.coalesced(l, true) {
		return false
	}
	return x.composeLeaves(&fl, s[:n+k], d[:n+k], divideOps[kind][0])
}

// composeLeaves folds the leaves s:d of B in turn into A (f, coalesced), as
// composer.compose distributes B, and stops at the first that fails.
func (x *Failure) composeLeaves(f *ints, s, d []int64, op string) bool {
	var r Static
	for i := range s {
		r.n = 0
		why := foldWhy{cross: -1}
		m := f.foldLeaf(&r, s[i], d[i], &why)
		switch {
		case why.kind != "":
			x.set(why.kind, op, f, why.mode, why.prefix, why.stride)
			if why.kind == CodeShapeDivisibility {
				x.Size, x.fits = why.size, quo(why.prefix-1, why.stride)+1
			}
			return true
		case m == 0:
			return false
		case why.cross >= 0:
			at, refuted, ok := crossing(f, &r, m, s[i], d[i])
			if !ok {
				return false
			}
			if refuted {
				x.set(CodeStrideDivisibility, op, f, why.cross, why.crossPrefix, d[i])
				x.at = at
				return true
			}
		}
	}
	return false
}

// set fills x with an error of composition at mode of the coalesced outer
// layout f.
func (x *Failure) set(code Code, op string, f *ints, mode int, prefix, stride int64) {
	*x = Failure{Code: code, Op: op, Arg: 1, Mode: mode, Prefix: prefix, Stride: stride, at: -1}
	copy(x.subject.s[:], f.s[:f.n])
	copy(x.subject.d[:], f.d[:f.n])
	x.subject.setFlat(f.n)
}

// crossing is composer.checkCrossing on integers: the m modes of r (A ∘
// s:d for one leaf, whose fold crossed a mode boundary the stride does not
// divide) are compared with A(B(c)) wherever B(c) lies in A's domain. It
// returns the first c where they differ (refuted), and ok false where the
// general check fails otherwise (an overflow). More than maxVerify points
// refute the crossing unchecked, at no coordinate (-1).
func crossing(f *ints, r *Static, m int, s, d int64) (at int64, refuted, ok bool) {
	if s > maxVerify {
		return -1, true, true
	}
	var a Static
	copy(a.s[:], f.s[:f.n])
	copy(a.d[:], f.d[:f.n])
	a.setFlat(f.n)
	n, ok := a.Size()
	if !ok {
		return 0, false, false
	}
	r.setFlat(m)
	for k := int64(0); k < s; k++ {
		off, ok := mulOK(k, d)
		if !ok {
			return 0, false, false
		}
		if off < 0 || off >= n {
			continue
		}
		want, ok1 := a.Offset(off)
		got, ok2 := r.Offset(k)
		if !ok1 || !ok2 {
			return 0, false, false
		}
		if got != want {
			return k, true, true
		}
	}
	return 0, false, true
}

// Complement finds the error of Complement(a), or of ComplementTo(a,
// Int(cotarget)) when has is set, when Static.Complement declined: a layout
// that is not injective or whose strides do not nest (E0402).
func (x *Failure) Complement(a *Static, cotarget int64, has bool) bool {
	var cot *IntTuple
	if has {
		if cotarget < 1 {
			return false
		}
		t := Int(cotarget)
		cot = &t
	}
	return x.complement(a, cot)
}

// complement is Complement with the cotarget as the general function takes
// it (nil for a's cosize).
func (x *Failure) complement(a *Static, cot *IntTuple) bool {
	var f, out ints
	f.n = int(a.n)
	copy(f.s[:], a.s[:a.n])
	copy(f.d[:], a.d[:a.n])
	var why complementWhy
	if _, err := f.complementOf(cot, &out, &why); err != nil || !why.overlap {
		return false
	}
	*x = Failure{Code: CodeComplementInjective, Op: "complement", Arg: 0, Mode: -1,
		overlap: why.stride, covered: why.covered, at: -1, subject: *a}
	return true
}
