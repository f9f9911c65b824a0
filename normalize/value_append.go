package normalize

// AppendText appends the value's String to b without making the string;
// it must write exactly what String returns.
func (v Layout) AppendText(b []byte) ([]byte, error) { return v.L.AppendText(b) }

// AppendText appends the value's String to b without making the string.
func (v Tuple) AppendText(b []byte) ([]byte, error) { return v.T.AppendText(b) }
