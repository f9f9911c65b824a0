package normalize

import (
	"sync"
	"sync/atomic"

	"github.com/cutec/cutec/layout"
)

// Candidate is the rich candidate (docs/semantics.md §Descriptors): what callers get for a
// normalized layout-like value. It holds the value, its kind, the basis
// entries of its stride tree (with their exact counts), the swizzle of a
// swizzled layout, the normalized stride, an interned identity and a
// reference state.
//
// Candidates are interned: an Interner returns the same *Candidate for
// equal values, so two candidates of one Interner are equal exactly when
// they are the same pointer. A Candidate is immutable (but for its
// reference count) and safe to share between goroutines.
type Candidate struct {
	value   Value
	bases   []BasisEntry
	swizzle *layout.Swizzle
	stride  layout.IntTuple
	key     string
	refs    atomic.Int64
}

// BasisEntry is one basis element of a stride tree: its count, exact, and
// its path of modes (outermost first).
type BasisEntry struct {
	Count Rational
	Path  []int
}

// Value returns the normalized value.
func (c *Candidate) Value() Value { return c.value }

// Kind returns the kind of the value.
func (c *Candidate) Kind() Kind { return c.value.Kind() }

// Bases returns the basis entries of the stride tree, in order.
func (c *Candidate) Bases() []BasisEntry { return c.bases }

// Swizzle returns the swizzle of a swizzled composed layout, or nil.
func (c *Candidate) Swizzle() *layout.Swizzle { return c.swizzle }

// Stride returns the normalized stride of a layout, of a composed layout's
// inner layout or of a descriptor with integral counts; ok is false for
// other kinds.
func (c *Candidate) Stride() (layout.IntTuple, bool) {
	return c.stride, c.value.Kind() == KindLayout || c.value.Kind() == KindComposed || c.value.Kind() == KindTuple
}

// Lowerable reports whether every basis count is an integer.
func (c *Candidate) Lowerable() bool {
	for _, b := range c.bases {
		if !b.Count.IsInt() {
			return false
		}
	}
	return true
}

// Refs is the reference state: how many times the candidate was interned
// by its Interner.
func (c *Candidate) Refs() int64 { return c.refs.Load() }

// String returns the canonical text of the value.
func (c *Candidate) String() string { return c.key }

// An Interner interns the candidates of one run (a file, a request, a
// compilation): equal values (same kind, same canonical text) give the same
// *Candidate. It holds every distinct value it has interned, so its memory
// is that of the run's distinct values; there is no package-level table, and
// a long-running process frees a run's candidates by dropping its Interner.
// The zero value is ready to use; an Interner is safe for concurrent use and
// must not be copied after first use.
type Interner struct {
	mu sync.Mutex
	m  map[string]*Candidate // canonical key -> candidate
}

// Intern returns the interned candidate of a value, creating it on first
// use.
func (in *Interner) Intern(v Value) *Candidate {
	key := v.Kind().String() + " " + v.String()
	in.mu.Lock()
	c, ok := in.m[key]
	if !ok {
		if in.m == nil {
			in.m = map[string]*Candidate{}
		}
		c = newCandidate(v, key)
		in.m[key] = c
	}
	in.mu.Unlock()
	c.refs.Add(1)
	return c
}

// Len returns the number of distinct candidates the Interner holds.
func (in *Interner) Len() int {
	in.mu.Lock()
	defer in.mu.Unlock()
	return len(in.m)
}

func newCandidate(v Value, key string) *Candidate {
	c := &Candidate{value: v, key: key}
	switch v := v.(type) {
	case Layout:
		c.stride = v.L.Stride()
	case Composed:
		c.stride = v.C.Inner.Stride()
		if sw, ok := v.C.Outer.(layout.Swizzle); ok {
			c.swizzle = &sw
		}
	case Tuple:
		c.stride = v.T
	case Descriptor:
		c.bases = ratEntries(v.Tree, nil)
		return c
	}
	c.bases = intEntries(c.stride, nil)
	return c
}

func intEntries(t layout.IntTuple, out []BasisEntry) []BasisEntry {
	switch t.Kind() {
	case layout.KindTuple:
		for i := 0; i < t.Len(); i++ {
			out = intEntries(t.At(i), out)
		}
	case layout.KindBasis:
		out = append(out, BasisEntry{Rational{t.Value(), 1}, t.Path()})
	}
	return out
}

func ratEntries(t RatTree, out []BasisEntry) []BasisEntry {
	if t.Elems != nil {
		for _, e := range t.Elems {
			out = ratEntries(e, out)
		}
		return out
	}
	if t.Path != nil {
		out = append(out, BasisEntry{t.Count, t.Path})
	}
	return out
}
