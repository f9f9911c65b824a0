package sources

import (
	"bytes"
	"math"
	"strconv"
)

// This file folds the integer arithmetic that CuTe users write where an
// integer goes (`Int<kBlockM + 8>{}`, `bM + Int<1>{}`, `_64{} * 2`,
// `kHeadDim % 64 == 0 ? 64 : 32`) into the integer it is, with the
// language's rules: C++'s (truncating `/` and `%`, `Int<A>{} + Int<B>{}`
// is `Int<A+B>{}`) in a C++ source, Python's (`//` and `%` round down, `/`
// is no integer) in a CuTe DSL kernel. The layout language itself has no
// `+`: this is the one reader of integer constant expressions of a source,
// and it reads nothing but integers and operators; anything else (a name
// that is not a constant in scope, a call) leaves the text as it is.

// tok is one token of a declaration's text: [start, end) and its text.
type tok struct {
	start, end int
	s          string
	num        bool
}

// tokens splits text into numbers, names and operators (`::`, `==`, `!=`,
// `<=`, `>=`, `&&`, `||`, `//` and `**` are one token each).
func tokens(b []byte) []tok {
	text := string(b) // one copy: the tokens' texts are its substrings
	ts := make([]tok, 0, len(text)/3+1)
	for i := 0; i < len(text); {
		c := text[i]
		switch {
		case c == ' ' || c == '\n' || c == '\t' || c == '\r':
			i++
			continue
		case c >= '0' && c <= '9':
			j := i
			for j < len(text) && isIdent(text[j]) {
				j++
			}
			ts = append(ts, tok{i, j, text[i:j], true})
			i = j
			continue
		case isIdentStart(c):
			j := i
			for j < len(text) && isIdent(text[j]) {
				j++
			}
			ts = append(ts, tok{i, j, text[i:j], false})
			i = j
			continue
		}
		j := i + 1
		if i+1 < len(text) {
			switch string(text[i : i+2]) {
			case "::", "==", "!=", "<=", ">=", "&&", "||", "//", "**":
				j = i + 2
			}
		}
		ts = append(ts, tok{i, j, text[i:j], false})
		i = j
	}
	return ts
}

// literal reads an integer literal of C++ (decimal or hex, with u and l
// suffixes) or Python.
func literal(s string) (int64, bool) {
	for len(s) > 1 && (s[len(s)-1] == 'u' || s[len(s)-1] == 'U' || s[len(s)-1] == 'l' || s[len(s)-1] == 'L') {
		s = s[:len(s)-1]
	}
	v, err := strconv.ParseInt(s, 0, 64)
	return v, err == nil
}

// intParser reads one integer expression from tokens at i.
type intParser struct {
	ts    []tok
	i     int
	py    bool
	ops   int // operators read
	depth int // nesting of parentheses and Int<...>
}

// maxNesting bounds the nesting of an integer expression read.
const maxNesting = 64

func (p *intParser) peek() string {
	if p.i < len(p.ts) {
		return p.ts[p.i].s
	}
	return ""
}

func (p *intParser) eat(s string) bool {
	if p.peek() == s {
		p.i++
		return true
	}
	return false
}

// cond reads a conditional expression (C++'s `c ? a : b`).
func (p *intParser) cond() (int64, bool) {
	if p.depth >= maxNesting {
		return 0, false
	}
	p.depth++
	defer func() { p.depth-- }()
	c, ok := p.binary(0)
	if ok && p.py && p.eat("if") { // Python's a if c else b
		p.ops++
		cnd, ok := p.binary(0)
		if !ok || !p.eat("else") {
			return 0, false
		}
		b, ok := p.cond()
		if !ok {
			return 0, false
		}
		if cnd != 0 {
			return c, true
		}
		return b, true
	}
	if !ok || p.py || !p.eat("?") {
		return c, ok
	}
	p.ops++
	a, ok := p.cond()
	if !ok || !p.eat(":") {
		return 0, false
	}
	b, ok := p.cond()
	if !ok {
		return 0, false
	}
	if c != 0 {
		return a, true
	}
	return b, true
}

// levels are the binary operators by precedence, loosest first. `<` and
// `>` are not read: in a template argument they close it.
var levels = [][]string{{"||"}, {"&&"}, {"==", "!="}, {"<=", ">="}, {"+", "-"}, {"*", "/", "%", "//"}}

func (p *intParser) binary(level int) (int64, bool) {
	if level == len(levels) {
		return p.unary()
	}
	x, ok := p.binary(level + 1)
	for ok {
		op := ""
		for _, o := range levels[level] {
			if p.peek() == o && (o != "/" || !p.py) && (o != "//" || p.py) {
				op = o
			}
		}
		if p.py && (p.peek() == "and" && level == 1 || p.peek() == "or" && level == 0) {
			op = map[string]string{"and": "&&", "or": "||"}[p.peek()]
		}
		if op == "" {
			return x, true
		}
		p.i++
		p.ops++
		var y int64
		if y, ok = p.binary(level + 1); !ok {
			return 0, false
		}
		x, ok = apply(op, x, y, p.py)
	}
	return 0, false
}

func (p *intParser) unary() (int64, bool) {
	if p.depth >= maxNesting {
		return 0, false
	}
	p.depth++
	defer func() { p.depth-- }()
	switch {
	case p.eat("-"):
		p.ops++
		x, ok := p.unary()
		return -x, ok && x != math.MinInt64
	case p.eat("+"):
		p.ops++
		return p.unary()
	case !p.py && p.eat("!"), p.py && p.eat("not"):
		p.ops++
		x, ok := p.unary()
		return b2i(x == 0), ok
	}
	return p.power()
}

// power reads Python's `**` (right-associative, binding tighter than a
// unary minus on its left) or an operand.
func (p *intParser) power() (int64, bool) {
	x, ok := p.operand()
	if !ok || !p.py || !p.eat("**") {
		return x, ok
	}
	p.ops++
	y, ok := p.unary()
	if !ok || y < 0 || y > 62 {
		return 0, false
	}
	r := int64(1)
	for range y {
		if r, ok = apply("*", r, x, true); !ok {
			return 0, false
		}
	}
	return r, true
}

// operand reads a literal, a parenthesized expression, or CuTe's static
// integer: Int<E>, C<E>, _N, each with or without `cute::` and `{}`.
func (p *intParser) operand() (int64, bool) {
	if p.i >= len(p.ts) {
		return 0, false
	}
	t := p.ts[p.i]
	switch {
	case t.num:
		p.i++
		return literal(t.s)
	case p.depth >= maxNesting:
		return 0, false
	case t.s == "(":
		p.i++
		p.depth++
		x, ok := p.cond()
		p.depth--
		return x, ok && p.eat(")")
	case t.s == "true" && !p.py, t.s == "True" && p.py:
		p.i++
		return 1, true
	case t.s == "false" && !p.py, t.s == "False" && p.py:
		p.i++
		return 0, true
	case p.py:
		return 0, false
	case t.s == "cute" && p.i+1 < len(p.ts) && p.ts[p.i+1].s == "::":
		p.i += 2
		return p.operand()
	case isStaticInt(t.s):
		p.i++
		p.braces()
		return literal(t.s[1:])
	case t.s == "Int" || t.s == "C":
		p.i++
		if !p.eat("<") {
			return 0, false
		}
		p.depth++
		x, ok := p.cond()
		p.depth--
		if !ok || !p.eat(">") {
			return 0, false
		}
		p.braces()
		return x, true
	}
	return 0, false
}

// braces eats a value's `{}`.
func (p *intParser) braces() {
	if p.i+1 < len(p.ts) && p.ts[p.i].s == "{" && p.ts[p.i+1].s == "}" {
		p.i += 2
	}
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// apply applies a binary operator, reporting false on overflow and on a
// division by zero.
func apply(op string, x, y int64, py bool) (int64, bool) {
	switch op {
	case "+":
		r := x + y
		return r, (r > x) == (y > 0) || y == 0
	case "-":
		r := x - y
		return r, (r < x) == (y > 0) || y == 0
	case "*":
		if x == 0 || y == 0 {
			return 0, true
		}
		r := x * y
		return r, r/y == x && !(x == -1 && y == math.MinInt64) && !(y == -1 && x == math.MinInt64)
	case "/", "//", "%":
		if y == 0 || x == math.MinInt64 && y == -1 {
			return 0, false
		}
		q, r := x/y, x%y
		if py && r != 0 && (r < 0) != (y < 0) { // Python rounds down
			q, r = q-1, r+y
		}
		if op == "%" {
			return r, true
		}
		return q, true
	case "==":
		return b2i(x == y), true
	case "!=":
		return b2i(x != y), true
	case "<=":
		return b2i(x <= y), true
	case ">=":
		return b2i(x >= y), true
	case "&&":
		if py { // Python's and gives an operand: 2 and 3 is 3
			return map[bool]int64{true: y, false: x}[x != 0], true
		}
		return b2i(x != 0 && y != 0), true
	case "||":
		if py { // 2 or 3 is 2
			return map[bool]int64{true: x, false: y}[x != 0], true
		}
		return b2i(x != 0 || y != 0), true
	}
	return 0, false
}

// evalInt reads text as one integer expression, all of it.
func evalInt(text []byte, py bool) (int64, bool) {
	ts := tokens(text)
	p := intParser{ts: ts, py: py}
	v, ok := p.cond()
	return v, ok && p.i == len(ts)
}

// leftEdge and rightEdge are the tokens around which an integer
// expression is folded: what binds looser than any operator it holds.
var (
	leftEdge  = map[string]bool{"(": true, ",": true, "<": true, "=": true, "?": true, ":": true, "{": true, "[": true}
	rightEdge = map[string]bool{")": true, ",": true, ">": true, ";": true, "}": true, "]": true, "?": true, ":": true}
)

// maxFolds bounds the folds of one declaration.
const maxFolds = 256

// fold replaces each integer expression with an operator in text (whose
// offsets map to the file by m) with its value, and returns the new text
// and its mapping.
func fold(text []byte, m mapping, py bool) ([]byte, mapping) {
	if !bytes.ContainsAny(text, "+-*/%?=!&|") {
		return text, m // no operator: most declarations
	}
	ts := tokens(text)
	type rep struct {
		start, end int
		v          string
	}
	var reps []rep
	for i := 0; i < len(ts) && len(reps) < maxFolds; i++ {
		if i > 0 && !leftEdge[ts[i-1].s] {
			continue
		}
		p := intParser{ts: ts, i: i, py: py}
		v, ok := p.cond()
		if !ok || p.ops == 0 || p.i < len(ts) && !rightEdge[ts[p.i].s] {
			continue
		}
		reps = append(reps, rep{ts[i].start, ts[p.i-1].end, strconv.FormatInt(v, 10)})
		i = p.i - 1
	}
	for k := len(reps) - 1; k >= 0; k-- {
		text, m = m.replace(text, reps[k].start, reps[k].end, reps[k].v)
	}
	return text, m
}
