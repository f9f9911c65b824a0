package layout

// OpenTuple, CloseTuple and AddLeaf build a Static element by element in
// preorder, as a reader of layout text meets them: `((4,2),8):((1,4),8)`
// is OpenTuple, OpenTuple, AddLeaf(4, 1), AddLeaf(2, 4), CloseTuple,
// AddLeaf(8, 8), CloseTuple. Each returns false when the Static is full,
// and AddLeaf when the extent is not positive; the caller then builds the
// general tree instead. Valid reports whether what was built is one whole
// layout with at least one leaf.

// OpenTuple starts a tuple.
func (s *Static) OpenTuple() bool { return s.token(profOpen) }

// CloseTuple ends the innermost open tuple.
func (s *Static) CloseTuple() bool { return s.token(profClose) }

// AddLeaf appends the leaf extent:stride.
func (s *Static) AddLeaf(extent, stride int64) bool { return extent >= 1 && s.leaf(extent, stride) }

// Valid reports whether s holds one well-formed layout of at least one leaf.
func (s *Static) Valid() bool { return s.n > 0 && s.valid() }

// Leaf returns the extent and the stride of the i-th leaf (from 0, in
// order); 0 <= i < Leaves().
func (s *Static) Leaf(i int) (extent, stride int64) { return s.s[i], s.d[i] }
