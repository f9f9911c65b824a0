package layout

// MaxNodes bounds the size of every value the algebra builds: an IntTuple,
// a layout, a tiler or a composed layout holds at most this many nodes
// (leaves and tuples, counting a layout's shape and stride). It is larger
// than any literal a line of 1 MiB can hold with its shape and stride
// (a leaf and its comma take two bytes), and larger than the coordinate a
// layout of the largest basis dimension (1@65535) gives, with room for
// three such dimensions in one path. A result that would cross it is an
// error with CodeValueTooLarge, reported before the value is allocated
// where the size is known in advance (the number of elements of a basis
// coordinate, the sum of the arguments of an operation that concatenates),
// and otherwise as soon as the result is counted.
//
// Values share their subtrees (IntTuples are immutable), so a chain of
// make_layout(A, A) doubles the tree a value stands for on each line while
// its memory grows by one node: the bound is on the tree, which is what
// size, coalesce, equality and printing walk.
const MaxNodes = 1 << 18

// CodeValueTooLarge is the code of a value over MaxNodes or nested deeper
// than 256 (maxDepth).
const CodeValueTooLarge Code = "E0705"

// maxDepth bounds how deep a value nests: the nesting the parser reads
// (parser.DefaultMaxDepth, 256), so that every value cutec prints can be
// read back, and so that a chain of names each wrapping the one before
// (A2 = make_layout(A1)) cannot make every later step walk a value as
// deep as the file is long.
const maxDepth = 256

// TooDeep reports whether one of the trees ts nests deeper than 256 (maxDepth)
// (a leaf has depth 0). It visits only the nodes of depth up to
// maxDepth+1, and at most MaxNodes+1 of them, so it costs no more than
// IntTuple.Nodes.
func TooDeep(ts ...IntTuple) bool {
	budget := int64(MaxNodes) + 1
	for i := range ts {
		if tooDeep(&ts[i], 0, &budget) {
			return true
		}
	}
	return false
}

func tooDeep(t *IntTuple, depth int, budget *int64) bool {
	if t.elems == nil {
		return false
	}
	if depth+1 > maxDepth {
		return true
	}
	for i := range t.elems {
		if *budget--; *budget < 0 {
			return false // a value this wide is refused by its size
		}
		if tooDeep(&t.elems[i], depth+1, budget) {
			return true
		}
	}
	return false
}

// ErrValueTooDeep returns the error of a value op would build that nests
// deeper than 256 (maxDepth).
func ErrValueTooDeep(op string) *Error {
	return newError(CodeValueTooLarge, op, -1,
		"the result would nest more than %d levels deep, the bound on values (and the nesting the parser reads)", maxDepth)
}

// Nodes returns the number of nodes of t (leaves and tuples), or a number
// larger than limit as soon as it exceeds limit: the work is at most
// limit+1 nodes whatever the size of the tree.
func (t IntTuple) Nodes(limit int64) int64 { return countNodes(limit, t) }

// countNodes returns the number of nodes of the trees ts together, or a
// number larger than limit as soon as it exceeds limit.
func countNodes(limit int64, ts ...IntTuple) int64 {
	var n int64
	for i := range ts {
		n = countTree(&ts[i], n, limit)
		if n > limit {
			break
		}
	}
	return n
}

func countTree(t *IntTuple, n, limit int64) int64 {
	n++
	for i := range t.elems {
		if n > limit {
			return n
		}
		n = countTree(&t.elems[i], n, limit)
	}
	return n
}

// Nodes returns the number of nodes of l's shape and stride, or a number
// larger than limit as soon as it exceeds limit.
func (l Layout) Nodes(limit int64) int64 { return countNodes(limit, l.shape, l.stride) }

// Nodes returns the number of nodes of the tiler's layouts and tuples, or
// a number larger than limit as soon as it exceeds limit.
func (t Tiler) Nodes(limit int64) int64 {
	switch t.form {
	case tileLayout:
		return t.layout.Nodes(limit)
	case tileTuple:
		n := int64(1)
		for _, m := range t.modes {
			if n > limit {
				break
			}
			n += m.Nodes(limit - n)
		}
		return n
	}
	return 1
}

// Nodes returns the number of nodes of the composed layout's parts, or a
// number larger than limit as soon as it exceeds limit.
func (c ComposedLayout) Nodes(limit int64) int64 {
	n := countNodes(limit, c.Offset) + c.Inner.Nodes(limit)
	if l, ok := c.Outer.(Layout); ok && n <= limit {
		n += l.Nodes(limit - n)
	}
	return n
}

// ExactNodes returns the number of nodes of the trees ts, counting shared
// subtrees once per use, as a walk would visit them; it saturates at the
// largest int64. It takes time in the number of distinct subtrees, so it
// gives the size of a value over MaxNodes for a message.
func ExactNodes(ts ...IntTuple) int64 {
	memo := map[*IntTuple]int64{}
	var n int64
	for _, t := range ts {
		n = satAdd(n, exactNodes(t, memo))
	}
	return n
}

func exactNodes(t IntTuple, memo map[*IntTuple]int64) int64 {
	if len(t.elems) == 0 {
		return 1
	}
	n := int64(1)
	for i := range t.elems {
		e := &t.elems[i]
		m, ok := memo[e]
		if !ok {
			m = exactNodes(*e, memo)
			memo[e] = m
		}
		n = satAdd(n, m)
	}
	return n
}

func satAdd(a, b int64) int64 {
	if s := a + b; s >= a {
		return s
	}
	return 1<<63 - 1
}

// ErrValueTooLarge returns the error of a value of at least n nodes that op
// would build, over MaxNodes.
func ErrValueTooLarge(op string, n int64) *Error { return errValueTooLarge(op, n) }

func errValueTooLarge(op string, n int64) *Error {
	e := newError(CodeValueTooLarge, op, -1,
		"the result would hold at least %d nodes (leaves and tuples), more than the bound of %d on the size of a value", n, int64(MaxNodes))
	e.Size = n
	return e
}

// grow records that the calculation is about to build n more nodes and
// fails with CodeValueTooLarge, before they are allocated, once the nodes
// built by one operation cross MaxNodes.
func (c *calc) grow(n int) bool {
	c.built += int64(n)
	if c.built > MaxNodes {
		c.fail(errValueTooLarge(c.op, c.built))
		return false
	}
	return true
}
