package gen

import (
	"io"
	"strconv"
	"strings"
)

// cutePool are the (a, b) extents of the suites that repeat; a fresh suite
// draws its own.
var cutePool = [][2]int64{{4, 8}, {8, 8}, {8, 16}, {16, 8}, {32, 4}, {2, 64}}

// Cute writes a .cute regression suite: blocks of statements about a tile
// of a by b elements (definitions, assert and expect statements, bare
// layouts), each of which holds. A fraction Unique of the blocks draws
// fresh extents; the others repeat a few tiles. A fraction Errors of the
// statements is replaced by one that fails with exactly one error (E0800,
// E0300 or E0203).
func Cute(w io.Writer, opts Options) (Stats, error) {
	o := newOut(w, opts, "#")
	c := &cuteGen{out: o}
	for n := 0; !o.full(); n++ {
		if !c.suite(n) {
			break
		}
	}
	return o.finish()
}

// cuteGen is the state of one .cute generation.
type cuteGen struct {
	*out
	a, b string // the extents of the current suite
	ab   string // their product
	i    string // an index below it
	name string // the layout the suite defines
}

// suite writes one block; it returns false once a line did not fit.
func (c *cuteGen) suite(n int) bool {
	a, b := cutePool[c.rnd.IntN(len(cutePool))][0], cutePool[c.rnd.IntN(len(cutePool))][1]
	fresh := c.chance(c.opts.Unique)
	if fresh {
		a, b = c.small()*int64(1+c.rnd.IntN(8)), c.small()*int64(1+c.rnd.IntN(8))
	}
	c.a, c.b, c.ab = strconv.FormatInt(a, 10), strconv.FormatInt(b, 10), strconv.FormatInt(a*b, 10)
	c.i = strconv.FormatInt(c.rnd.Int64N(a*b), 10)
	c.name = "A" + strconv.Itoa(n)
	c.str("# suite ", strconv.Itoa(n), ": a ", c.a, "x", c.b, " tile, column-major")
	if !c.emit() {
		return false
	}
	for _, st := range cuteStatements {
		c.value(fresh)
		if !isDefinition(st) && c.chance(c.opts.Errors) {
			c.errorStatement()
		} else {
			c.statement(st)
		}
		if !c.emit() {
			return false
		}
	}
	if c.rnd.IntN(4) == 0 {
		c.value(false)
		c.str("expect E0400 composition((4,6,8):(2,3,5), 6:3)    # the paper's failing example")
		return c.emit()
	}
	return true
}

// cuteStatements are the statements of a suite, with $A, $B, $N (= A*B),
// $L (the suite's layout name) and $I (an index below N) filled in.
var cuteStatements = []string{
	"$L = ($A,$B):(1,$A)",
	"assert size($L) == $N",
	"assert coalesce($L) == $N:1",
	"assert composition($L, $N:1) ~ $L",
	"assert complement($A:1, $N) == $B:$A",
	"assert logical_divide($N:1, $A:1) == ($A,$B):(1,$A)",
	"assert logical_product($A:1, $B:1) == ($A,$B):(1,$A)",
	"assert right_inverse(($A,$B):($B,1)) == ($B,$A):($A,1)",
	"assert (($A,$B):(1,$A))($I) == $I",
	"assert cosize(($A,$B):($B,1)) == $N",
	"($A,$B):(1,$A)    # a bare layout is checked too",
	"S$L = S<3,4,3> o 0 o (8,64):(64,1)",
	"assert size(S$L) == 512",
}

// statement appends one statement with the suite's values filled in.
func (c *cuteGen) statement(st string) {
	for i := 0; i < len(st); i++ {
		if st[i] != '$' {
			c.line = append(c.line, st[i])
			continue
		}
		i++
		switch st[i] {
		case 'A':
			c.str(c.a)
		case 'B':
			c.str(c.b)
		case 'N':
			c.str(c.ab)
		case 'L':
			c.str(c.name)
		case 'I':
			c.str(c.i)
		}
	}
}

// errorStatement appends a statement that fails with exactly one error.
func (c *cuteGen) errorStatement() {
	c.stats.Errors++
	switch c.rnd.IntN(3) {
	case 0:
		c.statement("assert size($L) == $A") // E0800 (A < N)
	case 1:
		c.statement("($A,$B):(1,($A,2))") // E0300
	default:
		c.statement("compositon($L, $A:1)") // E0203
	}
}

// isDefinition reports whether a statement defines a name that later ones
// use: it is never replaced by an error, which would make those fail too.
func isDefinition(st string) bool {
	return !strings.HasPrefix(st, "assert") && strings.Contains(st, " = ")
}
