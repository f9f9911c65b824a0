package parser

import (
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/grammar"
	"github.com/cutec/cutec/internal/syntax"
)

// The spellings of CuTe C++ types and CuTe C++/DSL calls that build a value
// cutec has, read into that value: `Int<4>{}` and `_4{}` are 4,
// `Shape<_4,_8>{}` and `make_shape(4,8)` are (4,8),
// `Layout<Shape<_8,_64>,Stride<_64,_1>>{}` is (8,64):(64,1), `E<1>{}` is 1@1,
// `Tile<...>` and `make_tile(...)` are tiles, `Swizzle<3,3,3>{}` and
// `make_swizzle(3,3,3)` are S<3,3,3>, `make_composed_layout(A, o, B)` is
// A o o o B, `ArithTuple(0,0) o L` is {(0,0)} o L. The names are read
// after their `cute::` or `cute.` qualifier (cuteName). Every value read here
// is a value tree as a whole, so that `cutec fmt` rewrites the whole C++
// spelling or none of it.

// cuteName returns a name without the `cute::` or `cute.` of CuTe C++ and
// CuTe DSL.
func cuteName(name string) string {
	if rest, ok := strings.CutPrefix(name, "cute::"); ok {
		return rest
	}
	if rest, ok := strings.CutPrefix(name, "cute."); ok {
		return rest
	}
	return name
}

// qualifiedStatic converts `cute::_4` (a static integer) and `cute::_` (the
// underscore) written with their qualifier; ok is false for any other name.
func (c *converter) qualifiedStatic(tok lexer.Token, sp diag.Span) (ast.Expr, bool) {
	name := cuteName(tok.Value)
	if name == tok.Value || !strings.HasPrefix(name, "_") {
		return nil, false
	}
	if name == "_" {
		return &ast.Underscore{Span: sp}, true
	}
	digits := name[1:]
	if strings.Trim(digits, "0123456789") != "" || digits == "" {
		return nil, false
	}
	n := c.slab.newInt()
	*n = ast.Int{Span: sp, Value: c.int64(digits, sp), Static: true}
	return n, true
}

// majorTags are the C++ tags of make_layout(shape, tag), written as values
// `LayoutRight{}`; they stay names, which make_layout reads (normalize).
var majorTags = map[string]bool{"LayoutLeft": true, "LayoutRight": true, "GenColMajor": true, "GenRowMajor": true}

// dynamicTypes are the C++ integer types that stand for a run-time value in
// a template, as in Stride<_1, int>.
var dynamicTypes = map[string]bool{
	"int": true, "int32_t": true, "int64_t": true, "uint32_t": true, "uint64_t": true,
	"size_t": true, "long": true, "unsigned": true,
}

// tupleTypes are CuTe C++'s tuple types.
var tupleTypes = map[string]bool{"Shape": true, "Stride": true, "Coord": true, "Step": true, "tuple": true, "IntTuple": true}

// braced converts a name followed by the `{}` of a C++ value: a tag
// `LayoutRight{}`, `Underscore{}`, or any other type's name, which stays a
// name (and an unknown one is reported by normalize).
func (c *converter) braced(tok lexer.Token, sp diag.Span) ast.Expr {
	name := cuteName(tok.Value)
	if name == "Underscore" {
		return &ast.Underscore{Span: sp}
	}
	id := c.slab.newIdent()
	*id = ast.Ident{Span: sp, Name: name}
	return id
}

// template converts a name with template arguments: a swizzle, an integer,
// a tuple, a layout, a tile or a basis of CuTe C++. Any other template is a
// name written as the source text, which normalize looks up (and reports
// when it knows none: `unknown name Copy_Atom<SM75_U32x4_LDSM_N,half_t>`).
func (c *converter) template(tok lexer.Token, t *grammar.TemplateArgs, sp diag.Span) ast.Expr {
	name := cuteName(tok.Value)
	args := t.List
	switch {
	case name == "S" || name == "Sw" || name == "Swizzle":
		return c.swizzleArgs(tok, name, args, sp)
	case name == "Int" || name == "C":
		if len(args) == 1 && args[0].Name == nil {
			n := c.integer(syntax.Tok(args[0].Int))
			n.Span, n.Static = sp, true
			return n
		}
		c.add(errUnexpected(c.f, sp, "one integer in "+name+"<N>", quote(srcText(c.f, sp))))
		return &ast.Int{Span: sp}
	case tupleTypes[name]:
		elems := make([]ast.Expr, len(args))
		for i, a := range args {
			elems[i] = c.templateValue(a, sp)
		}
		return &ast.Tuple{Span: sp, Elems: elems}
	case name == "Layout":
		return c.layoutType(args, sp)
	case name == "Tile":
		modes := make([]ast.Expr, len(args))
		for i, a := range args {
			modes[i] = c.templateArg(a)
		}
		return &ast.Tile{Span: sp, Modes: modes}
	case name == "E":
		return c.basisType(args, sp)
	case name == "TiledMMA" && len(args) >= 1 && len(args) <= 3:
		// TiledMMA<MMA_Atom<OP>, AtomLayoutMNK, PermutationMNK> is the
		// type of make_tiled_mma(OP, AtomLayoutMNK, PermutationMNK).
		call := &ast.Call{Span: sp, Fun: &ast.Ident{Span: spanOf(tok.Pos, tok.Pos), Name: "make_tiled_mma"}, Lparen: sp.Start, Rparen: sp.End - 1}
		call.Fun.Span.End = call.Fun.Span.Start + len(tok.Value)
		for _, a := range args {
			call.Args = append(call.Args, c.templateArg(a))
		}
		return call
	}
	id := c.slab.newIdent()
	*id = ast.Ident{Span: sp, Name: strings.TrimSuffix(compactText(srcText(c.f, sp)), "{}")}
	return id
}

// compactText is a name's source text without its blanks.
func compactText(s string) string {
	return strings.Join(strings.Fields(s), "")
}

// templateArg converts one template argument: an integer, a C++ integer
// type (a run-time value `?`), `Underscore`, or a templated type.
func (c *converter) templateArg(a *grammar.TemplateArg) ast.Expr {
	if a.Name == nil {
		n := c.integer(syntax.Tok(a.Int))
		n.Static = true // a template argument is known at compile time
		return n
	}
	tok := syntax.Tok(a.Name.Tok)
	sp := spanOf(a.Name.Pos, a.Name.EndPos)
	if a.Name.Template == nil && len(a.Name.Args) == 0 && a.Name.Facts == nil {
		if v, ok := c.qualifiedStatic(tok, sp); ok {
			return v
		}
	}
	switch name := cuteName(tok.Value); {
	case a.Name.Template != nil:
		return c.template(tok, a.Name.Template, sp)
	case dynamicTypes[name] && a.Name.Brace == nil && len(a.Name.Args) == 0:
		return &ast.Dynamic{Span: sp}
	case name == "Underscore":
		return &ast.Underscore{Span: sp}
	}
	return c.name(a.Name)
}

// templateValue is templateArg where a value is wanted: an element of the
// template written at sp.
func (c *converter) templateValue(a *grammar.TemplateArg, sp diag.Span) ast.Expr {
	e := c.templateArg(a)
	c.wantValue(e, "an argument of "+quote(srcText(c.f, sp)))
	return e
}

// layoutType converts Layout<Shape> or Layout<Shape, Stride>. Without a
// stride, CuTe C++ takes the compact column-major one (LayoutLeft).
func (c *converter) layoutType(args []*grammar.TemplateArg, sp diag.Span) ast.Expr {
	if len(args) < 1 || len(args) > 2 {
		c.add(errUnexpected(c.f, sp, "Layout<Shape> or Layout<Shape, Stride>", quote(srcText(c.f, sp))))
		return &ast.Tuple{Span: sp}
	}
	shape := c.templateValue(args[0], sp)
	var stride ast.Expr
	if len(args) == 2 {
		stride = c.templateValue(args[1], sp)
	} else {
		stride = c.colMajor(shape, sp)
	}
	return &ast.Layout{Span: sp, Shape: shape, Colon: -1, Stride: stride}
}

// colMajor returns the compact column-major stride of a shape of integers
// and run-time leaves (CuTe's compact_col_major, LayoutLeft): each leaf's
// stride is the product of the extents before it, `?` after a run-time
// extent, and 0 for a static extent 1. A stride past the 64-bit range is reported, as a literal would be.
func (c *converter) colMajor(shape ast.Expr, sp diag.Span) ast.Expr {
	current, known, overflow := int64(1), true, false
	var walk func(e ast.Expr) ast.Expr
	walk = func(e ast.Expr) ast.Expr {
		switch s := e.(type) {
		case *ast.Tuple:
			elems := make([]ast.Expr, len(s.Elems))
			for i, x := range s.Elems {
				elems[i] = walk(x)
			}
			return &ast.Tuple{Span: sp, Elems: elems}
		case *ast.Int:
			if s.Static && s.Value == 1 {
				// CuTe's compact_major gives a static extent 1 the stride _0
				// (stride.hpp), and the strides after it go on from current.
				return &ast.Int{Span: sp, Value: 0, Static: true}
			}
			if overflow {
				c.add(newError(c.f, diag.IntOutOfRange, sp, "a column-major stride of "+quote(srcText(c.f, sp))+" is past the 64-bit range"))
				overflow, known = false, false
			}
			if !known {
				return &ast.Dynamic{Span: sp}
			}
			out := &ast.Int{Span: sp, Value: current, Static: s.Static}
			next := current * s.Value
			if s.Value != 0 && next/s.Value != current {
				overflow = true
			}
			current = next
			return out
		}
		if overflow {
			c.add(newError(c.f, diag.IntOutOfRange, sp, "a column-major stride of "+quote(srcText(c.f, sp))+" is past the 64-bit range"))
			overflow, known = false, false
		}
		var out ast.Expr = &ast.Dynamic{Span: sp}
		if known {
			out = &ast.Int{Span: sp, Value: current}
		}
		known = false // the extent is known only at run time
		return out
	}
	return walk(shape)
}

// basisType converts CuTe C++'s basis E<i> (the stride 1@i) and E<i,j,...>
// (nested: E<i,j> is 1@j@i).
func (c *converter) basisType(args []*grammar.TemplateArg, sp diag.Span) ast.Expr {
	b := c.slab.newBasis()
	*b = ast.Basis{Span: sp, Count: ast.Count{Span: sp, Num: 1, Den: 1, Static: true}}
	for i := len(args) - 1; i >= 0; i-- {
		a := args[i]
		tok := syntax.Tok(a.Int)
		if a.Name != nil || tok.Type != syntax.TokNat {
			c.add(errUnexpected(c.f, spanOf(a.Pos, a.EndPos), "a mode index (an unsigned integer) in E<...>", quote(srcText(c.f, spanOf(a.Pos, a.EndPos)))))
			continue
		}
		at := syntax.TokenSpan(tok)
		b.Dims = append(b.Dims, ast.Dim{Span: at, Value: c.int64(tok.Value, at)})
	}
	if len(b.Dims) == 0 {
		b.Dims = []ast.Dim{{Span: sp}} // every argument was reported
	}
	return b
}

// swizzleArgs converts S<B,M,S>, Sw<B,M,S> or Swizzle<B,M,S>: three
// integers (no static marker: CuTe C++'s Swizzle takes int parameters).
func (c *converter) swizzleArgs(tok lexer.Token, name string, args []*grammar.TemplateArg, sp diag.Span) ast.Expr {
	var ints [3]*ast.Int // a parameter missing or not an integer reads as 0 at sp
	if len(args) != 3 {
		c.add(errUnexpected(c.f, sp, "three integers B, M, S in "+name+"<B,M,S>", quote(srcText(c.f, sp))))
	}
	for i, a := range args {
		if a.Name != nil || syntax.Tok(a.Int).Type == syntax.TokStatic {
			at := spanOf(a.Pos, a.EndPos)
			c.add(errUnexpected(c.f, at, "an integer without `_` as a parameter of "+name+"<B,M,S>", quote(srcText(c.f, at))))
		} else if i < 3 {
			ints[i] = c.integer(syntax.Tok(a.Int))
		}
	}
	for i, n := range ints {
		if n == nil {
			ints[i] = c.slab.newInt()
			*ints[i] = ast.Int{Span: sp}
		}
	}
	if name == "Swizzle" {
		name = tok.Value[len(tok.Value)-len(name):] // the name without cute::
	}
	return &ast.Swizzle{Span: sp, Name: name, B: ints[0], M: ints[1], S: ints[2]}
}

// cuteCall converts a call whose name CuTe C++ or CuTe DSL uses to build a
// value cutec writes as one (see the top of this file); ok is false for
// every other call. written is the name as written (cute.E is DSL's basis
// element, E alone any name).
func (c *converter) cuteCall(name, written string, args []ast.Expr, sp diag.Span) (ast.Expr, bool) {
	if written == "cute.E" {
		name = written
	}
	switch name {
	case "make_shape", "make_stride", "make_coord", "make_step", "make_int_tuple", "ArithTuple":
		for _, a := range args {
			c.wantValue(a, "an argument of "+name+" (cutec reads "+name+" of values: "+quote(srcText(c.f, sp))+")")
		}
		return &ast.Tuple{Span: sp, Elems: args}, true
	case "make_tile":
		if len(args) == 0 {
			c.add(errUnexpected(c.f, sp, "at least one mode in make_tile(...)", quote(srcText(c.f, sp))))
		}
		for _, a := range args {
			c.tileMode(a)
		}
		return &ast.Tile{Span: sp, Modes: args}, true
	case "make_swizzle":
		ints := make([]*ast.Int, 3)
		ok := len(args) == 3
		for i := range ints {
			ints[i] = &ast.Int{Span: sp}
			if i < len(args) {
				if n, isInt := args[i].(*ast.Int); isInt && !n.Static {
					ints[i] = n
				} else {
					ok = false
				}
			}
		}
		if !ok {
			c.add(errUnexpected(c.f, sp, "three integers in make_swizzle(b, m, s)", quote(srcText(c.f, sp))))
		}
		return &ast.Swizzle{Span: sp, Name: "S", B: ints[0], M: ints[1], S: ints[2]}, true
	case "composition":
		if len(args) != 3 {
			return nil, false // composition(A, B): the algebra's call
		}
		// CuTe C++'s composition(Swizzle, Offset, Layout) (swizzle_layout.hpp,
		// composed_layout.hpp) builds the composed layout, as
		// make_composed_layout(inner, offset, outer) does.
		return composedOf(sp, args[0], args[1], args[2]), true
	case "make_composed_layout":
		if len(args) != 3 {
			c.add(errUnexpected(c.f, sp, "three arguments in make_composed_layout(inner, offset, outer)", quote(srcText(c.f, sp))))
			return &ast.Tuple{Span: sp}, true
		}
		return composedOf(sp, args[0], args[1], args[2]), true
	case "cute.E": // CuTe DSL's E(i); a bare E(...) may be the user's name applied
		b := c.slab.newBasis()
		*b = ast.Basis{Span: sp, Count: ast.Count{Span: sp, Num: 1, Den: 1}}
		for i := len(args) - 1; i >= 0; i-- {
			n, ok := args[i].(*ast.Int)
			if !ok || n.Value < 0 {
				c.add(errUnexpected(c.f, span(args[i]), "a mode index (an unsigned integer) in E(...)", describe(args[i])))
				continue
			}
			b.Dims = append(b.Dims, ast.Dim{Span: n.Span, Value: n.Value})
		}
		if len(args) == 0 {
			c.add(errUnexpected(c.f, sp, "a mode index in E(i)", quote(srcText(c.f, sp))))
		}
		if len(b.Dims) == 0 {
			b.Dims = []ast.Dim{{Span: sp}} // reported above
		}
		return b, true
	}
	return nil, false
}

// composedOf is the composed layout `head o offset o last`, as
// make_composed_layout(inner, offset, outer) builds it and `o` writes it
// (composed in convert_expr.go builds the same fields): head is applied
// last.
func composedOf(sp diag.Span, head, offset, last ast.Expr) *ast.Composed {
	return &ast.Composed{Span: sp, Outer: head, Offset: offset, Inner: last}
}

// tileMode reports a mode a tile does not take.
func (c *converter) tileMode(e ast.Expr) {
	switch e.(type) {
	case *ast.Layout, *ast.Tile, *ast.Int, *ast.Dynamic, *ast.Underscore, *ast.Tuple, *ast.Ident, *ast.Call, *ast.Paren,
		*ast.Symbol, *ast.Product:
	default:
		c.add(errBadMode(c.f, e))
	}
}

// isArithTuple reports whether an operand is CuTe C++'s print of the
// iterator of an identity tensor, `ArithTuple(_0,_0)`, alone.
func isArithTuple(o *grammar.Operand) bool {
	if o.Term == nil || o.Term.Stride != nil || len(o.Term.ShapeOps) > 0 || o.Term.Shape.Name == nil {
		return false
	}
	n := o.Term.Shape.Name
	return len(n.Args) == 1 && cuteName(syntax.Tok(n.Tok).Value) == "ArithTuple"
}

// modeTemplates are CuTe C++'s functions of a mode given as template
// arguments, f<I...>(x), read as f(get(x, I...)): size<0>(L) is
// size(get(L, 0)).
var modeTemplates = map[string]bool{"size": true, "shape": true, "stride": true, "rank": true, "depth": true, "cosize": true}

// templateCall converts a template called with arguments: CuTe C++'s
// get<I...>(x) and select<I...>(x) (get(x, I...), select(x, I...)),
// take<B,E>(x) and group_modes<B,E>(x) (take(x, B, E), ...), size<I>(x)
// and the other modeTemplates, and any other template value applied to the
// arguments (Layout<...>{}(3)).
func (c *converter) templateCall(tok lexer.Token, t *grammar.TemplateArgs, applied []*grammar.Args) ast.Expr {
	name := cuteName(tok.Value)
	if name == "group" {
		name = "group_modes"
	}
	id := c.slab.newIdent()
	*id = ast.Ident{Span: syntax.TokenSpan(tok), Name: name}
	args, l, r := c.args(applied[0], name)
	sp := diag.Span{Start: id.Span.Start, End: r + 1}
	var n ast.Expr
	switch {
	case name == "get" || name == "select" || name == "take" || name == "group_modes" || modeTemplates[name]:
		if len(args) != 1 {
			c.add(errUnexpected(c.f, sp, "one argument in "+quote(srcText(c.f, spanOf(t.Pos, t.EndPos)))+"(x)", quote(srcText(c.f, sp))))
		}
		ints := c.templateInts(name, t)
		if modeTemplates[name] {
			get := &ast.Call{Span: sp, Fun: &ast.Ident{Span: id.Span, Name: "get"}, Args: append(args, ints...), Lparen: l, Rparen: r}
			n = &ast.Call{Span: sp, Fun: id, Args: []ast.Expr{get}, Lparen: l, Rparen: r}
		} else {
			n = &ast.Call{Span: sp, Fun: id, Args: append(args, ints...), Lparen: l, Rparen: r}
		}
	default:
		f := c.template(tok, t, diag.Span{Start: id.Span.Start, End: t.EndPos.Offset})
		switch f := f.(type) {
		case *ast.Ident:
			n = &ast.Call{Span: sp, Fun: f, Args: args, Lparen: l, Rparen: r}
		case *ast.Swizzle:
			n = &ast.Apply{Span: sp, Fun: f, Args: args, Lparen: l, Rparen: r}
		default:
			// A layout's text followed by arguments reads otherwise once
			// fmt writes it as cutec does ((4,8):(1,4)(3)); in
			// parentheses it is applied.
			fs := span(f)
			text := srcText(c.f, fs)
			d := errUnexpected(c.f, sp, "the layout "+quote(text)+" in parentheses before its arguments: ("+text+")"+srcText(c.f, diag.Span{Start: fs.End, End: sp.End}), quote(srcText(c.f, sp)))
			d.Fix = &diag.Fix{Message: "write (" + text + ")", Edits: []diag.Edit{{Span: fs, NewText: "(" + text + ")"}}}
			c.add(d)
			n = &ast.Apply{Span: sp, Fun: f, Args: args, Lparen: l, Rparen: r}
		}
	}
	for _, a := range applied[1:] {
		args, l, r := c.args(a, "")
		n = &ast.Apply{Span: diag.Span{Start: id.Span.Start, End: r + 1}, Fun: n, Args: args, Lparen: l, Rparen: r}
	}
	return n
}

// templateInts converts the template arguments of a mode template, each
// an integer.
func (c *converter) templateInts(name string, t *grammar.TemplateArgs) []ast.Expr {
	ints := make([]ast.Expr, 0, len(t.List))
	for _, a := range t.List {
		if a.Name != nil {
			at := spanOf(a.Pos, a.EndPos)
			c.add(errUnexpected(c.f, at, "a mode index in "+name+"<...>", quote(srcText(c.f, at))))
			continue
		}
		ints = append(ints, c.integer(syntax.Tok(a.Int)))
	}
	return ints
}
