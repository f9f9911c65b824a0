package layout

// A minimal reader for the text forms used in this package's tests and in
// testdata/reference/reference_cases.jsonl. It is test-only: the real front
// end is the parser package, which layout must not import.

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
)

type reader struct {
	s   string
	pos int
}

func (r *reader) skip() {
	for r.pos < len(r.s) && (r.s[r.pos] == ' ' || r.s[r.pos] == '\t') {
		r.pos++
	}
}

func (r *reader) peek() byte {
	r.skip()
	if r.pos < len(r.s) {
		return r.s[r.pos]
	}
	return 0
}

func (r *reader) expect(c byte) {
	if r.peek() != c {
		panic(fmt.Sprintf("at %d of %q: expected %q", r.pos, r.s, c))
	}
	r.pos++
}

func (r *reader) word() string {
	r.skip()
	start := r.pos
	for r.pos < len(r.s) && (isAlnum(r.s[r.pos]) || r.s[r.pos] == '-') {
		r.pos++
	}
	return r.s[start:r.pos]
}

func isAlnum(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// value reads any value: a swizzle, a tile, a tuple, an integer, a layout or
// a composed layout, or a call.
func (r *reader) value() any {
	v := r.single()
	r.skip()
	if strings.HasPrefix(r.s[r.pos:], "o ") {
		r.pos += 2
		off := r.single()
		r.skip()
		if !strings.HasPrefix(r.s[r.pos:], "o ") {
			panic("composed layouts need an offset in tests")
		}
		r.pos += 2
		inner := r.single().(Layout)
		return ComposedLayout{Outer: v.(Function), Offset: off.(IntTuple), Inner: inner}
	}
	return v
}

func (r *reader) single() any {
	switch c := r.peek(); {
	case c == 'S' && (strings.HasPrefix(r.s[r.pos:], "S<") || strings.HasPrefix(r.s[r.pos:], "Sw<")):
		r.word()
		r.expect('<')
		b, m := r.int(), 0
		r.expect(',')
		m = int(r.int())
		r.expect(',')
		s := r.int()
		r.expect('>')
		return Swizzle{int(b), m, int(s)}
	case c == '[':
		return r.tile()
	}
	t := r.tuple()
	if r.peek() == ':' {
		r.pos++
		return Layout{t, r.tuple()}
	}
	return t
}

func (r *reader) int() int64 {
	w := r.word()
	v, err := strconv.ParseInt(strings.TrimPrefix(w, "_"), 10, 64)
	if err != nil {
		panic(err)
	}
	return v
}

func (r *reader) tuple() IntTuple {
	if r.peek() == '(' {
		r.pos++
		var elems []IntTuple
		for r.peek() != ')' {
			elems = append(elems, r.tuple())
			if r.peek() == ',' {
				r.pos++
			}
		}
		r.pos++
		return Tuple(elems...)
	}
	if r.peek() == '?' {
		r.pos++
		if r.peek() == '{' {
			return r.dynamicFacts()
		}
		if r.peek() != '@' {
			return Dynamic(0, 0)
		}
		return DynamicBasis(r.basisPath()...)
	}
	w := r.word()
	if w == "_" {
		return Underscore()
	}
	v, err := strconv.ParseInt(strings.TrimPrefix(w, "_"), 10, 64)
	if err != nil {
		panic(fmt.Sprintf("bad leaf %q in %q", w, r.s))
	}
	if r.peek() != '@' {
		return Int(v)
	}
	return Basis(v, r.basisPath()...)
}

// basisPath reads @d0@d1... and returns the path outermost first.
func (r *reader) basisPath() []int {
	var dims []int
	for r.peek() == '@' {
		r.pos++
		dims = append([]int{int(r.int())}, dims...) // text is innermost first
	}
	return dims
}

func (r *reader) tile() Tiler {
	r.expect('[')
	var modes []Tiler
	for r.peek() != ']' {
		switch v := r.single().(type) {
		case Layout:
			modes = append(modes, TileLayout(v))
		case IntTuple:
			t, err := TilerOfShape(v)
			if err != nil {
				panic(err)
			}
			modes = append(modes, t)
		case Tiler:
			modes = append(modes, v)
		}
		if r.peek() == ';' {
			r.pos++
		}
	}
	r.pos++
	return TileTuple(modes...)
}

// call reads name(args...).
func (r *reader) call() (string, []any) {
	name := r.word()
	r.expect('(')
	var args []any
	for r.peek() != ')' {
		args = append(args, r.value())
		if r.peek() == ',' {
			r.pos++
		}
	}
	r.pos++
	if r.peek() != 0 {
		panic(fmt.Sprintf("trailing text in %q", r.s))
	}
	return name, args
}

func read(t testing.TB, s string) any {
	t.Helper()
	r := &reader{s: s}
	v := r.value()
	if r.peek() != 0 {
		t.Fatalf("trailing text in %q", s)
	}
	return v
}

func L(t testing.TB, s string) Layout {
	t.Helper()
	l, ok := read(t, s).(Layout)
	if !ok {
		t.Fatalf("%q is not a layout", s)
	}
	if _, err := New(l.shape, l.stride); err != nil {
		t.Fatalf("%q: %v", s, err)
	}
	return l
}

func T(t testing.TB, s string) IntTuple {
	t.Helper()
	v, ok := read(t, s).(IntTuple)
	if !ok {
		t.Fatalf("%q is not a tuple", s)
	}
	return v
}

// asTiler turns a value read where a tiler is expected into a Tiler.
func asTiler(v any) (Tiler, error) {
	switch v := v.(type) {
	case Tiler:
		return v, nil
	case Layout:
		return TileLayout(v), nil
	case IntTuple:
		return TilerOfShape(v)
	}
	return Tiler{}, fmt.Errorf("%v is not a tiler", v)
}

// dynamicFacts reads the facts {i64 div=N} of a dynamic leaf after its ?.
func (r *reader) dynamicFacts() IntTuple {
	end := strings.IndexByte(r.s[r.pos:], '}')
	if end < 0 {
		panic("unterminated {")
	}
	var width uint8
	var div int64
	for _, f := range strings.Fields(r.s[r.pos+1 : r.pos+end]) {
		switch {
		case f == "i64":
			width = 64
		case f == "i32":
		case strings.HasPrefix(f, "div="):
			d, err := strconv.ParseInt(f[4:], 10, 64)
			if err != nil {
				panic(err)
			}
			div = d
		default:
			panic("unknown fact " + f)
		}
	}
	r.pos += end + 1
	return Dynamic(width, div)
}
