package layout

// calc does checked int64 arithmetic for one operation. The first failure
// (overflow, division by zero, a dynamic or basis leaf where an integer is
// needed) is kept in err and later results are meaningless; algorithms
// compute straight through and check err once at the end, which keeps them
// readable and exact.
type calc struct {
	op    string
	err   error
	built int64 // nodes built so far where the size is known in advance (see grow)
}

func (c *calc) fail(err *Error) {
	if c.err == nil {
		c.err = err
	}
}

// errOrNil is the first failure, or nil.
func (c *calc) errOrNil() error { return c.err }

func (c *calc) mul(a, b int64) int64 {
	p, ok := mulOK(a, b)
	if !ok {
		c.fail(errOverflow(c.op))
		return 0
	}
	return p
}

func (c *calc) add(a, b int64) int64 {
	s := a + b
	if (a >= 0) == (b >= 0) && (s >= 0) != (a >= 0) {
		c.fail(errOverflow(c.op))
		return 0
	}
	return s
}

func (c *calc) sub(a, b int64) int64 {
	if b == minInt64 {
		c.fail(errOverflow(c.op))
		return 0
	}
	return c.add(a, -b)
}

// div is integer division truncated toward zero.
func (c *calc) div(a, b int64) int64 {
	if b == 0 {
		c.fail(errDivZero(c.op))
		return 0
	}
	if a == minInt64 && b == -1 {
		c.fail(errOverflow(c.op))
		return 0
	}
	return a / b
}

// ceilDiv is CuTe's ceil_div for integers: (a + b - 1) / b, for b > 0.
// CuTe's formula is meant for positive divisors (a shape divided by a tile
// extent) and gives no ceiling for a negative one ((5 + -1 - 1) / -1 is -3,
// not -5), so a negative divisor is a bad value (E0704), not a division by
// zero.
func (c *calc) ceilDiv(a, b int64) int64 {
	if b == 0 {
		c.fail(errDivZero(c.op))
		return 0
	}
	if b < 0 {
		c.fail(errBadValue(c.op, "the divisor %d is negative; ceil_div divides by a positive extent", b))
		return 0
	}
	if a <= 0 {
		return a / b
	}
	return (a-1)/b + 1
}

// value returns the integer of a leaf, failing on anything else.
func (c *calc) value(t IntTuple) int64 {
	switch t.Kind() {
	case KindInt:
		return t.val
	case KindDynamic:
		c.fail(errDynamic(c.op, t))
	case KindBasis:
		c.fail(errBasis(c.op, t))
	default:
		c.fail(errBadValue(c.op, "expected an integer, found %s", t))
	}
	return 0
}

const minInt64 = -1 << 63

// abs is |a|, failing on -2^63, whose magnitude int64 cannot hold.
func (c *calc) abs(a int64) int64 {
	if a == minInt64 {
		c.fail(errOverflow(c.op))
		return 0
	}
	return abs(a)
}

// small reports whether -2^31 <= a < 2^31, where products cannot overflow.
func small(a int64) bool { return uint64(a+1<<31) < 1<<32 }

// abs is |a| for a > -2^63; callers with user values use calc.abs.
func abs(a int64) int64 {
	if a < 0 {
		return -a
	}
	return a
}

func signum(a int64) int64 {
	switch {
	case a > 0:
		return 1
	case a < 0:
		return -1
	}
	return 0
}

func gcd(a, b int64) int64 {
	a, b = abs(a), abs(b)
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// scale returns the stride leaf d times k: an integer, or a basis element
// with its coefficient scaled.
func (c *calc) scale(d IntTuple, k int64) IntTuple {
	switch d.Kind() {
	case KindInt:
		return Int(c.mul(d.val, k))
	case KindBasis:
		return IntTuple{val: c.mul(d.val, k), leaf: d.leaf}
	case KindDynamic:
		c.fail(errDynamic(c.op, d))
	default:
		c.fail(errStrideLeaf(d))
	}
	return d
}
