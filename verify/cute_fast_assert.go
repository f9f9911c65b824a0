package verify

import (
	"bytes"

	"github.com/cutec/cutec/internal/evalfast"
	"github.com/cutec/cutec/layout"
)

// The fast reader's assertions: `assert X == Y` and `assert X ~ Y` whose
// sides are static layouts written out in full, names bound to one, or one
// of the operations of fastOps on such a layout. An assertion reports only
// the errors of its sides (the warnings on its operands are noise, see
// Cute.assert) and its verdict, so fastAssert takes a line when no side
// can have an error (its size fits, its operation succeeds) and the
// assertion holds; a failing one, whose message shows the values, goes the
// full path.

// fastOps are the operations of one layout that fastAssert evaluates with
// the Static kernels: none of them has a check on its calls (checkFold
// compares coalesce's result with its argument as functions, which the
// kernel, held equal to layout.Coalesce by layout's property tests, keeps).
var fastOps = map[string]func(r, a *layout.Static) bool{
	"coalesce":      (*layout.Static).Coalesce,
	"complement":    (*layout.Static).Complement,
	"right_inverse": (*layout.Static).RightInverse,
	"left_inverse":  (*layout.Static).LeftInverse,
}

// fastCallChecks are the checks with a Call hook that report nothing on a
// call of fastOps, or no call at all: they look at other operations.
var fastCallChecks = map[string]bool{
	"bank-conflicts":      true, // bank_check
	"bounds":              true, // eval at a coordinate
	"dynamic-obligations": true, // the divides, on dynamic leaves
	"fold-legality":       true, // composition; coalesce, see fastOps
}

var assertKeyword = []byte("assert")

// fastAssert takes the line src when it is an assertion between static
// layouts that holds and has no error; it returns false otherwise.
func (c *Cute) fastAssert(src []byte) bool {
	k := skipBlanks(src, 0)
	if !bytes.HasPrefix(src[k:], assertKeyword) {
		return false
	}
	k += len(assertKeyword)
	if k == len(src) || src[k] != ' ' && src[k] != '\t' {
		return false
	}
	var x, y layout.Static
	k, ok := c.staticSide(src, skipBlanks(src, k), &x)
	if !ok {
		return false
	}
	k = skipBlanks(src, k)
	same := false
	switch {
	case bytes.HasPrefix(src[k:], []byte("==")):
		k += 2
	case k < len(src) && src[k] == '~':
		same, k = true, k+1
	default:
		return false
	}
	if k, ok = c.staticSide(src, skipBlanks(src, k), &y); !ok || !lineEnds(src, k) {
		return false
	}
	if same { // the same function: coalesced, they are the same layout
		var cx, cy layout.Static
		if !cx.Coalesce(&x) || !cy.Coalesce(&y) {
			return false
		}
		x, y = cx, cy
	}
	var bx, by [128]byte
	return bytes.Equal(x.AppendText(bx[:0]), y.AppendText(by[:0]))
}

// staticSide reads a side of an assertion at k into s: a layout written
// out in full, a name bound to a static layout, or op(one of those) for an
// op of fastOps. It returns the offset past it.
func (c *Cute) staticSide(src []byte, k int, s *layout.Static) (end int, ok bool) {
	name, end := readName(src, k)
	if name == nil {
		end, ok = evalfast.ReadLayout(src, k, s)
		if !ok {
			return 0, false
		}
		_, ok = s.Size() // E0701 otherwise
		return end, ok
	}
	n := string(name) // no allocation: the compiler looks the bytes up
	if keywordName(n) {
		return 0, false
	}
	open := skipBlanks(src, end)
	if open == len(src) || src[open] != '(' {
		return end, c.env.LookupStatic(n, s)
	}
	op, isOp := fastOps[n]
	if !isOp {
		return 0, false // a name applied to a coordinate, or another operation
	}
	var a layout.Static
	if end, ok = c.staticSide(src, skipBlanks(src, open+1), &a); !ok {
		return 0, false
	}
	end = skipBlanks(src, end)
	if end == len(src) || src[end] != ')' || !op(s, &a) {
		return 0, false
	}
	return end + 1, true
}
