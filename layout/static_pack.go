package layout

import "encoding/binary"

// AppendPacked appends a compact encoding of s to b: the number of leaves
// and of profile bytes, the profile, then each leaf's extent and stride as
// varints. A layout such as (4,8):(1,4) takes 10 bytes, where its tree
// takes 240; an environment of many names keeps its layouts this way.
func (s *Static) AppendPacked(b []byte) []byte {
	b = append(b, s.n, s.np)
	b = append(b, s.prof[:s.np]...)
	for i := 0; i < int(s.n); i++ {
		b = binary.AppendVarint(b, s.s[i])
		b = binary.AppendVarint(b, s.d[i])
	}
	return b
}

// UnpackStatic decodes what AppendPacked wrote; ok is false when b is not
// such an encoding. b is a string or a byte slice (the bytes of a larger
// buffer need no copy).
func UnpackStatic[B ~string | ~[]byte](b B) (s Static, ok bool) {
	if len(b) < 2 || int(b[0]) > maxStaticLeaves || int(b[1]) > maxStaticProfile || len(b) < 2+int(b[1]) {
		return Static{}, false
	}
	s.n, s.np = b[0], b[1]
	copy(s.prof[:], b[2:2+s.np])
	p := 2 + int(s.np)
	for i := 0; i < int(s.n); i++ {
		for _, dst := range []*int64{&s.s[i], &s.d[i]} {
			v, k := varint(b[p:])
			if k <= 0 {
				return Static{}, false
			}
			*dst, p = v, p+k
		}
	}
	return s, p == len(b) && s.valid() && s.n > 0
}

// varint is binary.Varint on a string or a byte slice.
func varint[B ~string | ~[]byte](b B) (int64, int) {
	var ux uint64
	var shift uint
	for i := 0; i < len(b) && i < binary.MaxVarintLen64; i++ {
		c := b[i]
		if c < 0x80 {
			ux |= uint64(c) << shift
			x := int64(ux >> 1)
			if ux&1 != 0 {
				x = ^x
			}
			return x, i + 1
		}
		ux |= uint64(c&0x7f) << shift
		shift += 7
	}
	return 0, 0
}
