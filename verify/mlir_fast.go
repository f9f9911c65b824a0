package verify

import (
	"bytes"

	"github.com/cutec/cutec/internal/evalfast"
	"github.com/cutec/cutec/layout"
	"github.com/cutec/cutec/parser"
)

// The fast reader of MLIR payloads: a fresh payload of a layout written out
// in full, `(8,64):(64,1)`, or of a composed layout, `S<3,4,3> o 0 o
// (8,64):(64,1)` or `S<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1)` as
// CuTe DSL prints them, is read straight into a layout.Static, or a
// swizzle (or a static layout), an offset and a layout.Static
// (internal/evalfast's reader, the one lint's reader of .cute lines and
// eval's fast path use), without the lexer, the grammar, the AST or
// normalize, and taken only when the full path would report nothing on it
// (for a layout, the verdict of the .cute reader, clean). Any other payload, and
// any payload that could have a diagnostic, is declined and goes the full
// path, which gives its diagnostics. TestMLIRFastEqualsFull and
// FuzzMLIRFast (mlir_fast_test.go) hold the two paths to the same verdicts.

// readsPayloadsFast reports whether a pass with options opts and checks
// may read payloads fast: every check with a Value hook is one whose
// verdict on a layout or a composed layout of static ones cleanComposed
// and clean decide (a payload the fast reader takes has no call, so no
// Call hook runs), and the parser's depth limit is not below the reader's.
func readsPayloadsFast(opts Options, checks []*Check) bool {
	if opts.Parser.MaxDepth != 0 && opts.Parser.MaxDepth < minFastDepth {
		return false
	}
	for _, c := range checks {
		if c.Value != nil && !fastValueChecks[c.Name] {
			return false
		}
	}
	return true
}

// fastPayload reports whether the payload of w is a layout or a composed
// layout that the fast reader reads whole and on which the full path would
// report nothing. It returns false on any other payload.
func (p *Pass) fastPayload(w *parser.Wrapper) bool {
	if !p.fastPayloads {
		return false
	}
	form := w.Form()
	switch form {
	case parser.FormLayout, parser.FormComposedLayout, parser.FormValue: // the wrappers, or the layout of a memref
	default:
		return false
	}
	src := w.Payload
	if len(src) == 0 {
		return false
	}
	if src[0] != 'S' && form != parser.FormComposedLayout {
		var s layout.Static
		if end, ok := evalfast.ReadLayout(src, 0, &s); ok && end == len(src) {
			return clean(&s, src) // the .cute reader's verdict on a layout
		}
	}
	if form == parser.FormLayout || src[0] != 'S' && src[0] != '(' {
		return false
	}
	var c evalfast.Composed
	end, ok := evalfast.ReadComposed(src, 0, &c)
	return ok && end == len(src) && cleanComposed(&c, src)
}

// cleanComposed reports whether the full path reports nothing on the
// composed layout c written as text: text is its canonical spelling
// (W0903: no spaces, S<B,M,S>, the offset written); a swizzle is not the
// identity (W0604, with an offset of 0; declined whatever the offset) and
// fits 32 bits (E0603); the offset is an integer, which an inner swizzle
// takes and which adds to the layout's value at 0 (E0505: integer strides
// have the codomain of the integers), or, with a layout A, a coordinate
// weakly congruent to A's shape (which ReadComposed checks). The layouts' sizes fit an int64
// (E0701), their strides are integers, which the dialect's rules on strides
// allow, and the aliasing check does not look at composed layouts. The
// swizzle is one layout.NewSwizzle accepts (E0504), and a byte swizzle's
// element width one layout.NewByteSwizzled accepts (evalfast.ReadComposed
// declines the others).
func cleanComposed(c *evalfast.Composed, text []byte) bool {
	if c.Swizzled && (c.Swizzle.IsIdentity() || abs(c.Swizzle.S)+c.Swizzle.B+c.Swizzle.M > 32) {
		return false
	}
	var buf [256]byte
	return bytes.Equal(text, c.AppendText(buf[:0]))
}
