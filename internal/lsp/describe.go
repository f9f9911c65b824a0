package lsp

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/cutec/cutec/layout"
	"github.com/cutec/cutec/normalize"
	"github.com/cutec/cutec/printer"
)

// Limits of the table of offsets a hover draws: a layout of more cells, or
// a drawing wider or taller, is described without it.
const (
	maxTableCells = 256
	maxTableWidth = 120
	maxTableLines = 40
)

// describe returns the Markdown a hover shows for a value: its kind and
// canonical spelling, its measures, the facts known about its dynamic
// leaves, and for a small layout the table of offsets "cutec show" draws.
// title names what the value is (a name, a wrapper); it may be empty.
func describe(title string, v normalize.Value) string {
	var b strings.Builder
	if title != "" {
		fmt.Fprintf(&b, "%s: ", title)
	}
	fmt.Fprintf(&b, "%s\n\n```\n%s\n```\n", v.Kind(), v)
	if facts, cells, ok := tiledFacts(v); ok {
		writeFacts(&b, facts)
		tiledPicture(&b, v, cells)
		return b.String()
	}
	var facts []string
	switch v := v.(type) {
	case normalize.Layout:
		facts = layoutFacts(v.L)
		facts = append(facts, dynamicFacts(v.L.Shape(), v.L.Stride())...)
		table(&b, facts, func(buf *bytes.Buffer) error { return printer.ShowLayout(buf, v.L, printer.ShowText) }, v.L)
		return b.String()
	case normalize.Composed:
		// The parts as composed_get_inner, composed_get_offset and
		// composed_get_outer name them (A o offset o B: A the inner
		// function, B the outer layout), as cutec help syntax does.
		facts = append(facts, "inner function (composed_get_inner): "+v.C.Outer.String())
		if sw, ok := v.C.ByteSwizzle(); ok {
			facts = append(facts, fmt.Sprintf("offset: 0, CuTe's smem_ptr_flag_bits<%d>: %s acts on the bytes of %d-bit elements", v.C.ElemBits, sw, v.C.ElemBits))
			if pi, err := v.C.PositionIndependent(); err == nil {
				facts = append(facts, "on elements (as_position_independent_swizzle_layout): "+pi.String())
			}
		} else {
			facts = append(facts, "offset (composed_get_offset): "+v.C.Offset.String())
		}
		facts = append(facts, "outer layout (composed_get_outer): "+v.C.Inner.String())
		for _, f := range layoutFacts(v.C.Inner) {
			facts = append(facts, "outer layout "+f)
		}
		facts = append(facts, dynamicFacts(v.C.Offset, v.C.Inner.Shape(), v.C.Inner.Stride())...)
		table(&b, facts, func(buf *bytes.Buffer) error { return printer.ShowComposed(buf, v.C, printer.ShowText) }, v.C.Inner)
		return b.String()
	case normalize.Tuple:
		facts = tupleFacts(v.T)
	case normalize.Swizzle:
		facts = swizzleFacts(v.S)
	case normalize.Tiler:
		facts = []string{fmt.Sprintf("rank %d", v.T.Rank())}
		for i := 0; i < v.T.Rank() && i < 8; i++ {
			facts = append(facts, fmt.Sprintf("mode %d: %s", i, v.T.Mode(i)))
		}
	case normalize.Accessor:
		facts = append([]string{"offset " + v.Offset.String()}, layoutFacts(v.L)...)
	}
	writeFacts(&b, facts)
	return b.String()
}

// layoutFacts lists size, cosize, rank and depth of a layout; a measure
// that depends on a dynamic value is shown as the dialect infers it, with
// its known divisor (?{div=N}).
func layoutFacts(l layout.Layout) []string {
	return []string{
		"size " + measure(l.SizeOf()),
		"cosize " + measure(l.CosizeOf()),
		fmt.Sprintf("rank %d", l.Rank()),
		fmt.Sprintf("depth %d", l.Depth()),
	}
}

func measure(t layout.IntTuple, err error) string {
	if err != nil {
		return "unknown (" + err.Error() + ")"
	}
	return t.String()
}

// tupleFacts lists rank, depth and (for a shape of positive integers) the
// size of a tuple.
func tupleFacts(t layout.IntTuple) []string {
	facts := []string{fmt.Sprintf("rank %d", t.Rank()), fmt.Sprintf("depth %d", t.Depth())}
	if s, err := layout.SizeOf(t); err == nil && !(s.IsInt() && s.Value() <= 0) {
		facts = append(facts, "size (read as a shape) "+s.String())
	}
	return append(facts, dynamicFacts(t)...)
}

// swizzleFacts explains the bits a swizzle moves.
func swizzleFacts(sw layout.Swizzle) []string {
	if sw.IsIdentity() {
		return []string{"the identity (B = 0)"}
	}
	shift := sw.S
	if shift < 0 {
		shift = -shift
	}
	lo := sw.M + max(0, sw.S)
	zlo := sw.M + max(0, -sw.S)
	return []string{
		fmt.Sprintf("B = %d bits, base M = %d, shift S = %d", sw.B, sw.M, sw.S),
		fmt.Sprintf("XORs bits [%d,%d) of an offset into bits [%d,%d)", lo, lo+sw.B, zlo, zlo+sw.B),
		fmt.Sprintf("bits below %d and from bit %d up are unchanged: runs of %d elements stay together", sw.M, sw.M+sw.B+shift, int64(1)<<sw.M),
	}
}

// dynamicFacts lists what is known of the dynamic leaves of the tuples: the
// divisor and the integer width the dialect carries ({div=N}, {i64}).
func dynamicFacts(ts ...layout.IntTuple) []string {
	div := map[string]int{}
	var walk func(t layout.IntTuple)
	walk = func(t layout.IntTuple) {
		switch {
		case t.Kind() == layout.KindTuple:
			for i := 0; i < t.Len(); i++ {
				walk(t.At(i))
			}
		case t.IsDynamic():
			div[t.String()]++
		}
	}
	for _, t := range ts {
		walk(t)
	}
	if len(div) == 0 {
		return nil
	}
	var parts []string
	for _, k := range sortedKeys(div) {
		parts = append(parts, fmt.Sprintf("%s ×%d", k, div[k]))
	}
	return []string{"dynamic leaves (known at run time; {div=N} is a known divisor, {iN} the width): " + strings.Join(parts, ", ")}
}

// table writes the facts, then the drawing of draw when l is small enough
// and the drawing fits.
func table(b *strings.Builder, facts []string, draw func(*bytes.Buffer) error, l layout.Layout) {
	writeFacts(b, facts)
	size, err := l.Size()
	if err != nil || size > maxTableCells || !l.Shape().IsStatic() || !l.Stride().IsStatic() {
		return
	}
	var buf bytes.Buffer
	if draw(&buf) != nil {
		return
	}
	lines := strings.Split(strings.TrimRight(buf.String(), "\n"), "\n")
	if len(lines) > maxTableLines {
		return
	}
	for _, l := range lines {
		if len(l) > maxTableWidth {
			return
		}
	}
	fmt.Fprintf(b, "\n```\n%s\n```\n", strings.Join(lines, "\n"))
}

func writeFacts(b *strings.Builder, facts []string) {
	for _, f := range facts {
		fmt.Fprintf(b, "- %s\n", f)
	}
}
