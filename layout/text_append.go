package layout

// AppendText appends the text of t, as String writes it, to b.
func (t IntTuple) AppendText(b []byte) ([]byte, error) { return t.appendText(b), nil }

// AppendText appends the text of l, shape:stride as String writes it, to b.
func (l Layout) AppendText(b []byte) ([]byte, error) {
	b, _ = l.shape.AppendText(b)
	b = append(b, ':')
	return l.stride.AppendText(b)
}
