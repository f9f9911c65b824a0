package layout

// Arithmetic on leaves that may be dynamic. CuTe's dialect carries values
// known only at run time (?) through the algebra: an operation computes
// what it can statically and writes ? for the rest. The rules, applied leaf
// by leaf:
//
//   - a result that depends on a dynamic value is a dynamic leaf carrying
//     the facts the dialect's type inference derives for it (see facts
//     below): its integer width ({i64}) and a known divisor ({div=N});
//   - an identity keeps the leaf as it is: x*1, x+0 and x/1 are x, with any
//     annotation it carries, and x*0 is the static 0;
//   - a basis leaf scaled by a dynamic value is ?@path.
//
// An operation that needs a static value where the dialect does too (the
// static left side of a product, say) still fails with CodeDynamicValue.
//
// # Facts
//
// Every integer or dynamic leaf has a width and a divisor. A static integer
// v has no width and the divisor |v| (0, divisible by every integer, for
// v = 0); a dynamic leaf has the width and divisor it is written with
// (? is {div=1}, and the default width i32 is no width). The result of an
// operation on two leaves a and b with divisors da and db:
//
//   - product a*b: the divisor da*db (a static factor multiplies the
//     divisor: ?*128 is ?{div=128}, ?{div=8}*?{div=8} is ?{div=64});
//   - sum and difference a±b: gcd(da, db) (?{div=8}+?{div=12} is
//     ?{div=4}, ?{div=8}+? is ?);
//   - remainder a mod b: gcd(da, db), since a mod b = a - b*q;
//   - quotient a/b (tuple_div, shape_div, ceil_div) by a static b = d:
//     da/d when d divides da, else no divisor (?{div=64}/2 is ?{div=32},
//     ?{div=8}/16 is ?); by a dynamic b: no divisor;
//   - the width is the wider of the operands' widths: i64 if either is
//     i64 (?{i64}*16 is ?{i64 div=16}).
//
// A divisor that would overflow int64 is dropped to the larger operand
// divisor, which still divides the result. Beyond this arithmetic, two
// operations derive facts from the same principles: x xor 0 is x
// (xorLeaf), and a swizzle that decays into strides after a dynamic
// offset steps by ±z, a multiple of z (Swizzle.fieldStrides). No other
// fact is derived: a rule that cannot show that a divisor divides every
// value the result may take derives none.

// dynInfo is the leaf information of the plain dynamic leaf ?.
var dynInfo = &leafInfo{kind: KindDynamic}

// dynInfo64 is the leaf information of the dynamic leaf ?{i64}.
var dynInfo64 = &leafInfo{kind: KindDynamic, width: 64}

// dyn returns the plain dynamic leaf ?, a value of which nothing is known.
func dyn() IntTuple { return IntTuple{leaf: dynInfo} }

// dynWith returns the dynamic leaf of the given width and divisor,
// normalized: a divisor of 0 or 1 is no divisor.
func dynWith(width uint8, div int64) IntTuple {
	if div <= 1 {
		div = 0
	}
	if width == 0 {
		return IntTuple{val: div, leaf: dynInfo}
	}
	if width == 64 {
		return IntTuple{val: div, leaf: dynInfo64}
	}
	return IntTuple{val: div, leaf: &leafInfo{kind: KindDynamic, width: width}}
}

// leafFacts returns the width and divisor of an integer or dynamic leaf
// (see Facts above): a static v has no width and the divisor |v|, a
// dynamic leaf at least the divisor 1. Other leaves have no facts.
func leafFacts(t IntTuple) (width uint8, div int64) {
	switch t.Kind() {
	case KindInt:
		if t.val == minInt64 {
			return 0, 1 << 62 // |v| overflows; 2^62 still divides it
		}
		return 0, abs(t.val)
	case KindDynamic:
		return t.bwidth(), max(t.val, 1)
	}
	return 0, 1
}

// widerWidth is the width of a result whose operands have widths wa and
// wb: the wider one (no width is the default 32).
func widerWidth(wa, wb uint8) uint8 { return max(wa, wb) }

// factOp names the rule that derives a result's divisor.
type factOp uint8

const (
	factMul factOp = iota // product: da*db
	factSum               // sum, difference, remainder: gcd(da, db)
	factQuo               // quotient: da/db when b is static and divides da
)

// derived returns the dynamic leaf that results from a and b under the rule
// op (see Facts above). Callers have handled the case where both are static.
func derived(op factOp, a, b IntTuple) IntTuple {
	wa, da := leafFacts(a)
	wb, db := leafFacts(b)
	w := widerWidth(wa, wb)
	switch op {
	case factMul:
		return dynWith(w, mulDivisors(da, db))
	case factSum:
		return dynWith(w, gcd(da, db))
	case factQuo:
		if b.Kind() == KindInt && db != 0 && da%db == 0 {
			return dynWith(w, da/db)
		}
	}
	return dynWith(w, 0)
}

// mulDivisors is da*db, or the larger of the two where the product
// overflows (still a divisor of the product of the values). A divisor 0
// stands for the static 0 and gives 0.
func mulDivisors(da, db int64) int64 {
	if da == 0 || db == 0 {
		return 0
	}
	var c calc
	if p := c.mul(da, db); c.err == nil {
		return p
	}
	return max(da, db)
}

// isStaticInt reports whether t is the static integer v.
func isStaticInt(t IntTuple, v int64) bool { return t.Kind() == KindInt && t.val == v }

// mulLeaf is the product of two leaves: integers, an integer or a dynamic
// value scaling a basis leaf, or anything with a dynamic value.
func (c *calc) mulLeaf(a, b IntTuple) IntTuple {
	switch {
	case isStaticInt(a, 0) || isStaticInt(b, 0):
		return Int(0)
	case isStaticInt(a, 1):
		return b
	case isStaticInt(b, 1):
		return a
	case a.Kind() == KindBasis && b.Kind() == KindBasis:
		c.fail(errBadValue(c.op, "cannot multiply the basis elements %s and %s", a, b))
		return Int(0)
	case a.Kind() == KindBasis:
		return c.scaleBasis(a, b)
	case b.Kind() == KindBasis:
		return c.scaleBasis(b, a)
	case a.IsSymbolic() || b.IsSymbolic():
		if r, ok := mulTerms(a, b); ok {
			return r // symbol_term.go: a product of terms is a term
		}
		c.checkScalar(a)
		c.checkScalar(b)
		return derived(factMul, a, b)
	case a.IsDynamic() || b.IsDynamic():
		c.checkScalar(a)
		c.checkScalar(b)
		return derived(factMul, a, b)
	}
	return Int(c.mul(c.value(a), c.value(b)))
}

// scaleBasis is the basis leaf e scaled by the integer or dynamic leaf k.
func (c *calc) scaleBasis(e, k IntTuple) IntTuple {
	if k.IsDynamic() || e.IsDynamic() {
		c.checkScalar(k)
		return DynamicBasis(e.bpath()...)
	}
	return IntTuple{val: c.mul(e.val, c.value(k)), leaf: e.leaf}
}

// addLeaf is the sum of two integer or dynamic leaves.
func (c *calc) addLeaf(a, b IntTuple) IntTuple {
	if isStaticInt(a, 0) {
		return c.scalar(b)
	}
	return c.binary(a, b, 0, factSum, c.add)
}

// subLeaf is the difference of two integer or dynamic leaves.
func (c *calc) subLeaf(a, b IntTuple) IntTuple { return c.binary(a, b, 0, factSum, c.sub) }

// ceilDivLeaf is ceil_div of two integer or dynamic leaves.
func (c *calc) ceilDivLeaf(a, b IntTuple) IntTuple { return c.binary(a, b, 1, factQuo, c.ceilDiv) }

// shapeDivLeaf is shape_div of two integer or dynamic leaves: no
// divisibility can be checked against a dynamic value.
func (c *calc) shapeDivLeaf(a, b IntTuple) IntTuple { return c.binary(a, b, 1, factQuo, c.shapeDiv) }

// quoLeaf is the quotient a/b truncated toward zero (tuple_div).
func (c *calc) quoLeaf(a, b IntTuple) IntTuple { return c.binary(a, b, 1, factQuo, c.div) }

// modLeaf is the remainder a mod b, with the sign of a (tuple_mod); a
// static 1 divisor gives the static 0.
func (c *calc) modLeaf(a, b IntTuple) IntTuple {
	if isStaticInt(b, 1) {
		c.checkScalar(a)
		return Int(0)
	}
	c.checkScalar(a)
	c.checkScalar(b)
	switch {
	case isStaticInt(b, 0):
		c.fail(errDivZero(c.op))
		return a
	case a.IsDynamic() || b.IsDynamic():
		return derived(factSum, a, b)
	}
	return Int(c.rem(c.value(a), c.value(b)))
}

// rem is a % b, with the sign of a, as C and Go define it.
func (c *calc) rem(a, b int64) int64 {
	if b == 0 {
		c.fail(errDivZero(c.op))
		return 0
	}
	if b == -1 {
		return 0
	}
	return a % b
}

// binary applies the integer operation f to two scalar leaves: a when b is
// the static identity of f, the leaf derived by the rule op when either is
// dynamic, f of the integers otherwise.
func (c *calc) binary(a, b IntTuple, identity int64, op factOp, f func(int64, int64) int64) IntTuple {
	switch {
	case isStaticInt(b, identity):
		return c.scalar(a)
	case a.IsDynamic() || b.IsDynamic():
		c.checkScalar(a)
		c.checkScalar(b)
		if op == factQuo && isStaticInt(b, 0) {
			c.fail(errDivZero(c.op))
		}
		return derived(op, a, b)
	}
	return Int(f(c.value(a), c.value(b)))
}

// scalar returns t after checking that it is an integer or dynamic leaf.
func (c *calc) scalar(t IntTuple) IntTuple {
	c.checkScalar(t)
	return t
}

// checkScalar fails unless t is an integer or dynamic leaf.
func (c *calc) checkScalar(t IntTuple) {
	if k := t.Kind(); k != KindInt && k != KindDynamic {
		c.value(t) // fails with the error of the leaf's kind
	}
}
