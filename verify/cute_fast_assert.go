package verify

import (
	"bytes"
	"strconv"

	"github.com/cutec/cutec/internal/evalfast"
	"github.com/cutec/cutec/layout"
)

// The fast reader's assertions: `assert X == Y` and `assert X ~ Y` whose
// sides are lines that cutec eval's fast path evaluates (internal/evalfast:
// a static layout written out in full, an operation of the algebra on
// such layouts, a layout applied to an index), with names bound to static
// layouts in place of layouts, or decimal integers. An assertion reports
// only the errors of its sides (warnings on its operands are noise, see
// Cute.assert) and its verdict. The checks of calls report only warnings
// (and E0501, which says the algebra has a bug), the literals' sizes fit
// (the reader declines others, E0701), and whatever the fast path
// evaluates the full path evaluates to the same value without an error.
// So fastAssert takes a line whose sides it evaluates and whose assertion
// holds; a failing one, whose message shows the values, goes the full
// path.

// fastCallChecks are the checks with a Call hook that report no error on
// a call the fast path evaluates: warnings only, or E0501 on a bug.
var fastCallChecks = map[string]bool{
	"bank-conflicts":      true, // W0901
	"bounds":              true, // W0904
	"dynamic-obligations": true, // dynamic leaves only
	"fold-legality":       true, // W0500, W0905; E0501 only on a bug of coalesce
}

var assertKeyword = []byte("assert")

// fastAssert takes the line src when it is an assertion whose sides the
// fast path evaluates and which holds; it returns false otherwise.
func (c *Cute) fastAssert(src []byte) bool {
	k := skipBlanks(src, 0)
	if !bytes.HasPrefix(src[k:], assertKeyword) {
		return false
	}
	k += len(assertKeyword)
	if k == len(src) || src[k] != ' ' && src[k] != '\t' {
		return false
	}
	body := src[k:]
	if hash := bytes.IndexByte(body, '#'); hash >= 0 {
		if !lineEnds(body, hash) {
			return false
		}
		body = body[:hash]
	}
	op := bytes.IndexAny(body, "=~")
	if op < 0 {
		return false
	}
	opLen := 1
	if body[op] == '=' {
		if op+1 == len(body) || body[op+1] != '=' {
			return false
		}
		opLen = 2
	}
	left, right := body[:op], body[op+opLen:]
	if bytes.ContainsAny(right, "=~") {
		return false
	}
	var bx, by [256]byte
	x, kx, ok := c.evalSide(bx[:0], left)
	if !ok {
		return false
	}
	y, ky, ok := c.evalSide(by[:0], right)
	if !ok || kx != ky {
		return false
	}
	if body[op] == '~' && kx == evalfast.Layout {
		// The same function: coalesced, they are the same layout.
		var lx, ly, cx, cy layout.Static
		if _, ok := evalfast.ReadLayout(x, 0, &lx); !ok || !cx.Coalesce(&lx) {
			return false
		}
		if _, ok := evalfast.ReadLayout(y, 0, &ly); !ok || !cy.Coalesce(&ly) {
			return false
		}
		x, y = cx.AppendText(x[:0]), cy.AppendText(y[:0])
	}
	return bytes.Equal(x, y)
}

// evalSide appends the canonical text of the value of the side of an
// assertion, and its kind; ok is false when the fast path does not
// evaluate it.
func (c *Cute) evalSide(dst, side []byte) (out []byte, kind evalfast.Kind, ok bool) {
	side = bytes.Trim(side, " \t")
	if n, isInt := decimal(side); isInt {
		return strconv.AppendInt(dst, n, 10), evalfast.Integer, true
	}
	var expr [512]byte
	e, ok := c.substitute(expr[:0], side)
	if !ok {
		return dst, 0, false
	}
	return evalfast.Append(dst, e)
}

// decimal reads an integer literal written canonically: digits without a
// leading zero, at most 2^53.
func decimal(b []byte) (int64, bool) {
	if len(b) == 0 || len(b) > 16 || b[0] == '0' && len(b) > 1 {
		return 0, false
	}
	var n int64
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int64(c-'0')
	}
	return n, n <= 1<<53
}

// substitute appends side to dst with every name that is not called
// (`A`, not `coalesce(`) replaced by the text of the static layout it is
// bound to: the value the full path looks the name up to. ok is false when
// a name is a keyword or holds anything else, or is not bound.
func (c *Cute) substitute(dst, side []byte) (out []byte, ok bool) {
	for k := 0; k < len(side); {
		if k > 0 && isNameOrDigit(side[k-1]) {
			dst = append(dst, side[k]) // inside a literal such as 8u: the reader declines it
			k++
			continue
		}
		name, end := readName(side, k)
		if name == nil {
			dst = append(dst, side[k])
			k++
			continue
		}
		if next := skipBlanks(side, end); next < len(side) && side[next] == '(' {
			dst = append(dst, name...) // an operation, which the fast path knows or declines
			k = end
			continue
		}
		n := string(name) // no allocation: the compiler looks the bytes up
		var s layout.Static
		if keywordName(n) || !c.env.LookupStatic(n, &s) {
			return dst, false
		}
		dst = s.AppendText(dst)
		k = end
	}
	return dst, true
}

func isNameOrDigit(c byte) bool {
	return c == '_' || c|0x20 >= 'a' && c|0x20 <= 'z' || '0' <= c && c <= '9'
}
