package layout

import "strconv"

// AppendText appends the text of t, as String writes it, to b. Integers and
// tuples are written in place; other leaves through String.
func (t IntTuple) AppendText(b []byte) ([]byte, error) {
	switch {
	case t.elems != nil:
		b = append(b, '(')
		for i := range t.elems {
			if i > 0 {
				b = append(b, ',')
			}
			b, _ = t.elems[i].AppendText(b)
		}
		return append(b, ')'), nil
	case t.leaf == nil:
		return strconv.AppendInt(b, t.val, 10), nil
	case t.leaf.sym != nil:
		return t.leaf.sym.appendText(b, false), nil // facts are declarations, not part of the value
	case t.leaf.kind == KindDynamic:
		return appendDynamic(b, t.bwidth(), t.val), nil
	}
	return append(b, t.String()...), nil
}

// AppendText appends the text of l, shape:stride as String writes it, to b.
func (l Layout) AppendText(b []byte) ([]byte, error) {
	b, _ = l.shape.AppendText(b)
	b = append(b, ':')
	return l.stride.AppendText(b)
}
