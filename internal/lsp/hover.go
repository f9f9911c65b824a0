package lsp

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/banks"
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/layout"
	"github.com/cutec/cutec/normalize"
	"github.com/cutec/cutec/parser"
)

func (s *Server) hover(params json.RawMessage) (any, *rpcError) {
	p, d, err := openDocument[positionParams](s, params)
	if err != nil {
		return nil, err
	}
	line, b := d.offset(p.Position)
	var text string
	var r *Range
	switch {
	case d.isMLIR:
		text, r = d.hoverMLIR(line, b, s.check)
	case d.isSource:
		text, r = d.hoverSource(line, b, s.check)
	default:
		text, r = d.hoverCute(line, b)
	}
	if text == "" {
		return nil, nil
	}
	return Hover{Contents: markupContent{Kind: "markdown", Value: text}, Range: r}, nil
}

// hoverCute describes what is at a byte of a .cute document: the value of
// a name, the operation and result of a call, or the value written there.
func (d *document) hoverCute(line, b int) (string, *Range) {
	a := d.analysis()
	if a == nil {
		return "", nil
	}
	off := a.offsetOf(line, b)
	i := a.stmtAt(off)
	if i < 0 {
		return "", nil
	}
	if ex, ok := a.tree.Stmts[i].(*ast.ExpectStmt); ok && ex.CodeSpan.Start <= off && off <= ex.CodeSpan.End {
		if info, ok := diag.Lookup(ex.Code); ok {
			r := d.rangeOf(a, ex.CodeSpan)
			return describeCode(info), &r
		}
	}
	nodes := chain(a.tree.Stmts[i], off)
	if len(nodes) == 0 {
		return "", nil
	}
	ev := a.envBefore(i)
	target, title := pickHoverNode(nodes)
	if target == nil {
		return "", nil
	}
	span := diag.Span{Start: target.Pos(), End: target.End()}
	if as, ok := a.tree.Stmts[i].(*ast.AssignStmt); ok && as.Name != nil && target == ast.Expr(as.Name) && as.Value != nil {
		target = as.Value // the name being defined: the value it gets
	}
	var b2 strings.Builder
	if c, ok := target.(*ast.Call); ok && c.Fun != nil {
		if doc, ok := normalize.OperationDoc(c.Fun.Name); ok {
			fmt.Fprintf(&b2, "**%s**: %s\n\n", c.Fun.Name, doc)
		}
	}
	v, diags := ev.Eval(target)
	switch {
	case v != nil:
		b2.WriteString(describe(title, v))
		b2.WriteString(hoverDerivation(a.file, target, ev.Env))
	case len(diags) > 0:
		fmt.Fprintf(&b2, "%s[%s]: %s\n", diags[0].Severity, diags[0].Code, diags[0].Message)
	}
	r := d.rangeOf(a, span)
	return b2.String(), &r
}

// pickHoverNode chooses, from the nodes that hold the cursor (outermost
// first), the expression a hover describes: a name, a call (when the cursor
// is on the operation's name or the call's parentheses), or the whole value
// form the cursor is in (the layout, not the number in its shape).
func pickHoverNode(nodes []ast.Node) (ast.Expr, string) {
	for len(nodes) > 0 { // the count and modes of a basis c@i@j are parts, not expressions
		if _, ok := nodes[len(nodes)-1].(ast.Expr); ok {
			break
		}
		nodes = nodes[:len(nodes)-1]
	}
	if len(nodes) == 0 {
		return nil, ""
	}
	inner := len(nodes) - 1
	if id, ok := nodes[inner].(*ast.Ident); ok {
		if inner > 0 {
			if c, ok := nodes[inner-1].(*ast.Call); ok && c.Fun == id {
				return c, "result"
			}
		}
		return id, id.Name
	}
	for inner > 0 && isValueForm(nodes[inner]) && isValueForm(nodes[inner-1]) {
		inner--
	}
	e, ok := nodes[inner].(ast.Expr)
	if !ok {
		return nil, ""
	}
	if _, ok := e.(*ast.Call); ok {
		return e, "result"
	}
	return e, ""
}

// hoverMLIR describes the payload of the dialect wrapper at a byte of an
// MLIR line, or the type alias named there, or else the op of the line:
// the result type cutec derives for it (hoverOp).
func (d *document) hoverMLIR(line, b int, c *checker) (string, *Range) {
	f := diag.NewWindow(d.name, []byte(lineContent(d.lines[line])), 0, 1, 1)
	var text string
	var r *Range
	parser.ScanMLIR(f, func(w parser.Wrapper) bool {
		if b < w.Start || b > w.End {
			return true
		}
		text = describeWrapper(f, w)
		rr := Range{Start: d.position(line, w.Start), End: d.position(line, w.End)}
		r = &rr
		return false
	})
	if text != "" {
		return text, r
	}
	name, start, end := aliasAt(d.lines[line], b)
	def := -1
	if name != "" {
		def = d.aliasDef(name, line)
	}
	if def < 0 {
		return d.hoverOp(line, c)
	}
	rr := Range{Start: d.position(line, start), End: d.position(line, end)}
	return d.describeAlias(name, def), &rr
}

// describeWrapper describes the value of one wrapper's payload.
func describeWrapper(f *diag.File, w parser.Wrapper) string {
	title := wrapperTitle(w)
	node, diags := parser.ParseWrapper(f, w)
	if diags.HasErrors() {
		return fmt.Sprintf("%s: %s[%s]: %s\n", title, diags[0].Severity, diags[0].Code, diags[0].Message)
	}
	e, ok := node.(ast.Expr)
	if !ok {
		return title + "\n"
	}
	ev := normalize.Evaluator{File: f, Opts: normalize.Options{Lowerable: true}}
	v, diags := ev.Eval(e)
	if v == nil {
		if len(diags) > 0 {
			return fmt.Sprintf("%s: %s[%s]: %s\n", title, diags[0].Severity, diags[0].Code, diags[0].Message)
		}
		return title + "\n"
	}
	return describe(title, memrefValue(w, v))
}

// wrapperTitle names what a hovered payload is: its wrapper,
// `!cute.layout`, or for a payload inside another type, its place there
// (the layout of a memref, the layout_copy_tv of a tiled copy).
func wrapperTitle(w parser.Wrapper) string {
	if w.Kind != parser.KindQuoted {
		return fmt.Sprintf("`%ccute.%s`", map[bool]byte{true: '#', false: '!'}[w.Attr], w.Kind)
	}
	in := string(w.In.Name)
	if in == "" {
		in = "type"
	}
	if len(w.Name) > 0 {
		return fmt.Sprintf("`%s` of a `%s`", w.Name, in)
	}
	if in == "memref" || in == "ptr" {
		return fmt.Sprintf("the layout of a `%s`", in)
	}
	return fmt.Sprintf("a payload of a `%s`", in)
}

// memrefValue is the value of a payload: for the layout of a
// shared-memory memref that has its own swizzle
// (`!cute.memref<f16, smem, align<1024>, S<3,4,3>, "L">`), the byte swizzle
// S<3,4,3> o smem_ptr[16b](unset) o L, as CuTe DSL applies that swizzle to
// byte addresses (docs/banks.md).
func memrefValue(w parser.Wrapper, v normalize.Value) normalize.Value {
	l, ok := v.(normalize.Layout)
	if !ok || w.Kind != parser.KindQuoted || len(w.Name) > 0 || w.In.Swizzle == nil || string(w.In.Name) != "memref" || string(w.In.Space) != "smem" {
		return v
	}
	f := diag.NewFile("", w.In.Swizzle)
	n, diags := parser.ParseSwizzle(f)
	if diags.HasErrors() {
		return v
	}
	ev := normalize.Evaluator{File: f}
	sw, _ := ev.Eval(n)
	s, ok := sw.(normalize.Swizzle)
	if !ok {
		return v
	}
	e, err := banks.LookupElem(string(w.In.Elem))
	if err != nil {
		return v
	}
	c, err := layout.NewByteSwizzled(s.S, e.Bits, l.L)
	if err != nil {
		return v
	}
	return normalize.Composed{C: c}
}

// describeAlias describes a type alias: its definition and the values of
// the wrappers in it.
func (d *document) describeAlias(name string, def int) string {
	var b strings.Builder
	text := strings.TrimSpace(lineContent(d.lines[def]))
	if len(text) > 400 {
		text = text[:400] + "..."
	}
	fmt.Fprintf(&b, "type alias `%s`, defined on line %d:\n\n```mlir\n%s\n```\n", name, def+1, text)
	f := diag.NewWindow(d.name, []byte(lineContent(d.lines[def])), 0, 1, 1)
	parser.ScanMLIR(f, func(w parser.Wrapper) bool {
		b.WriteString("\n---\n\n")
		b.WriteString(describeWrapper(f, w))
		return true
	})
	return b.String()
}

// describeCode describes a diagnostic code of the catalogue, as the
// expect statement names it.
func describeCode(info diag.CodeInfo) string {
	var b strings.Builder
	fmt.Fprintf(&b, "**%s** %s (%s): %s\n", info.Code, info.Name, info.Severity, info.Invariant)
	if info.Example != "" {
		fmt.Fprintf(&b, "\nexample: `%s`\n", info.Example)
	}
	if info.Fix != "" {
		fmt.Fprintf(&b, "\nfix: %s\n", info.Fix)
	}
	return b.String()
}
