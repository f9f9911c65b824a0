package layout

import "strconv"

// AppendText appends the text of s, shape:stride as Layout.AppendText
// writes the layout s holds, to b, without building the tree.
func (s *Static) AppendText(b []byte) []byte {
	b = s.appendTuple(b, &s.s)
	b = append(b, ':')
	return s.appendTuple(b, &s.d)
}

// appendTuple appends the leaves vals in the shape of s's profile.
func (s *Static) appendTuple(b []byte, vals *[maxStaticLeaves]int64) []byte {
	leaf := 0
	for i, t := range s.prof[:s.np] {
		if i > 0 && t != profClose && s.prof[i-1] != profOpen {
			b = append(b, ',')
		}
		switch t {
		case profLeaf:
			b = strconv.AppendInt(b, vals[leaf], 10)
			leaf++
		default:
			b = append(b, t) // profOpen and profClose are '(' and ')'
		}
	}
	return b
}

// Offset is the offset of the integer coordinate i, as Layout.Eval computes
// it: i is split over the leaves colexicographically and the last leaf
// takes what is left. ok is false when i is negative or the arithmetic
// overflows (the size of the layout included); the caller then uses
// Layout.Eval, which reports what fails.
func (s *Static) Offset(i int64) (off int64, ok bool) {
	if i < 0 || s.n == 0 {
		return 0, false
	}
	// Eval computes the size of every mode but the last of each tuple,
	// and fails when one overflows: none does when the whole size fits.
	if _, ok := s.Size(); !ok {
		return 0, false
	}
	c := calc{}
	last := int(s.n) - 1
	for k := 0; k < last; k++ {
		q, r := i/s.s[k], i%s.s[k] // extents are positive
		off = c.add(off, c.mul(r, s.d[k]))
		i = q
	}
	off = c.add(off, c.mul(i, s.d[last]))
	return off, c.err == nil
}
