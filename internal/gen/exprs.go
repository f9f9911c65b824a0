package gen

import "io"

// Exprs writes one expression a line for "cutec eval", each of them unique
// (drawn from fresh extents; a repeated line is rare) and each evaluating
// without error but for a fraction Errors that fails with exactly one
// (E0400). The operations are the common ones of the algebra: composition,
// complement, the divides and products, inverses, coalesce, size and the
// evaluation of a layout at an index.
func Exprs(w io.Writer, opts Options) (Stats, error) {
	o := newOut(w, opts, "#")
	for !o.full() {
		o.value(true)
		o.expr()
		if !o.emit() {
			break
		}
	}
	return o.finish()
}

// expr appends one expression on fresh extents a, b (and c).
func (o *out) expr() {
	a, b, c := o.small()*int64(1+o.rnd.IntN(16)), o.small()*int64(1+o.rnd.IntN(16)), o.small()
	if o.chance(o.opts.Errors) {
		o.stats.Errors++
		o.str("composition((4,6,8):(2,3,5), 6:3)")
		return
	}
	switch o.rnd.IntN(8) {
	case 0:
		o.layoutCall("composition(", a, b)
		o.str(", ")
		o.int(c)
		o.str(":1)")
	case 1:
		o.str("complement(")
		o.int(a)
		o.str(":1, ")
		o.int(a * b)
		o.str(")")
	case 2:
		o.str("logical_divide(")
		o.int(a * b)
		o.str(":1, ")
		o.int(a)
		o.str(":1)")
	case 3:
		o.str("logical_product(")
		o.int(a)
		o.str(":1, (")
		o.int(b)
		o.str(",")
		o.int(c)
		o.str("):(1,")
		o.int(b)
		o.str("))")
	case 4:
		o.str("right_inverse((")
		o.int(a)
		o.str(",")
		o.int(b)
		o.str("):(")
		o.int(b)
		o.str(",1))")
	case 5:
		o.layoutCall("coalesce(", a, b)
		o.str(")")
	case 6:
		o.layoutCall("size(", a, b)
		o.str(")")
	default:
		o.str("((")
		o.int(a)
		o.str(",")
		o.int(b)
		o.str("):(1,")
		o.int(a)
		o.str("))(")
		o.int(o.rnd.Int64N(a * b))
		o.str(")")
	}
}

// layoutCall appends "name(" and the column-major layout (a,b):(1,a).
func (o *out) layoutCall(name string, a, b int64) {
	o.str(name, "(")
	o.int(a)
	o.str(",")
	o.int(b)
	o.str("):(1,")
	o.int(a)
	o.str(")")
}
