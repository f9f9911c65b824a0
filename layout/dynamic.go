package layout

// Arithmetic on leaves that may be dynamic. CuTe's dialect carries values
// known only at run time (?) through the algebra: an operation computes
// what it can statically and writes ? for the rest. The rules, applied leaf
// by leaf:
//
//   - a result that depends on a dynamic value is the plain dynamic leaf ?
//     (its width and divisor are not tracked through arithmetic);
//   - an identity keeps the leaf as it is: x*1, x+0 and x/1 are x, with any
//     annotation it carries, and x*0 is the static 0;
//   - a basis leaf scaled by a dynamic value is ?@path.
//
// An operation that needs a static value where the dialect does too (the
// static left side of a product, say) still fails with CodeDynamicValue.

// dynInfo is the leaf information of the plain dynamic leaf ?.
var dynInfo = &leafInfo{kind: KindDynamic}

// dyn returns the plain dynamic leaf ?, the result of arithmetic on a
// dynamic value.
func dyn() IntTuple { return IntTuple{leaf: dynInfo} }

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
	case a.IsDynamic() || b.IsDynamic():
		c.checkScalar(a)
		c.checkScalar(b)
		return dyn()
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
	return c.binary(a, b, 0, c.add)
}

// subLeaf is the difference of two integer or dynamic leaves.
func (c *calc) subLeaf(a, b IntTuple) IntTuple { return c.binary(a, b, 0, c.sub) }

// ceilDivLeaf is ceil_div of two integer or dynamic leaves.
func (c *calc) ceilDivLeaf(a, b IntTuple) IntTuple { return c.binary(a, b, 1, c.ceilDiv) }

// shapeDivLeaf is shape_div of two integer or dynamic leaves: no
// divisibility can be checked against a dynamic value.
func (c *calc) shapeDivLeaf(a, b IntTuple) IntTuple { return c.binary(a, b, 1, c.shapeDiv) }

// binary applies the integer operation f to two scalar leaves: a when b is
// the static identity of f, ? when either is dynamic, f of the integers
// otherwise.
func (c *calc) binary(a, b IntTuple, identity int64, f func(int64, int64) int64) IntTuple {
	switch {
	case isStaticInt(b, identity):
		return c.scalar(a)
	case a.IsDynamic() || b.IsDynamic():
		c.checkScalar(a)
		c.checkScalar(b)
		return dyn()
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
