package golden

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/normalize"
	"github.com/cutec/cutec/parser"
	"github.com/cutec/cutec/printer"
	"github.com/cutec/cutec/verify"
)

// Compute returns every section for an input in a mode (expr, cute or
// mlir).
func Compute(mode, input string) (map[string]string, error) {
	switch mode {
	case "expr":
		return computeExpr(input), nil
	case "cute":
		return computeCute(input), nil
	case "mlir":
		return computeMLIR(input), nil
	}
	return nil, fmt.Errorf("unknown mode %q (want expr, cute or mlir)", mode)
}

const name = "input"

func computeExpr(input string) map[string]string {
	src := strings.TrimSuffix(input, "\n")
	f := diag.NewFile(name, []byte(src))
	out := map[string]string{}
	e, syntax := parser.ParseExpr(f)
	_, diags := verify.Default().Expr(f)
	out["diagnostics"] = render(diags)
	if e == nil || syntax.HasErrors() {
		out["ast"], out["normalized"], out["printed"] = "(syntax error)\n", "(syntax error)\n", "(syntax error)\n"
		return out
	}
	out["ast"] = dump(e)
	ev := normalize.Evaluator{File: f}
	v, _ := ev.Eval(e)
	out["normalized"] = describe(v) + "\n"
	out["printed"] = printer.String(e) + "\n"
	return out
}

func computeCute(input string) map[string]string {
	f := diag.NewFile(name, []byte(input))
	out := map[string]string{"diagnostics": render(verify.Default().CuteFile(f))}
	file, _ := parser.ParseCuteFile(f)
	if file == nil {
		out["ast"], out["normalized"], out["printed"] = "(syntax error)\n", "(syntax error)\n", "(syntax error)\n"
		return out
	}
	out["ast"] = dump(file)
	out["normalized"] = normalizedCute(f, file)
	printed, err := printer.FormatCute(file)
	if err != nil {
		printed = []byte("(" + err.Error() + ")\n")
	}
	out["printed"] = string(printed)
	return out
}

// normalizedCute gives the value of each statement's expressions, by line.
func normalizedCute(f *diag.File, file *ast.File) string {
	env := normalize.NewEnv()
	var b strings.Builder
	value := func(e ast.Expr) string {
		ev := normalize.Evaluator{File: f, Env: env}
		v, _ := ev.Eval(e)
		return describe(v)
	}
	for _, st := range file.Stmts {
		line := f.Position(st.Pos()).Line
		switch s := st.(type) {
		case *ast.AssignStmt:
			ev := normalize.Evaluator{File: f, Env: env}
			v, _ := ev.Eval(s.Value)
			if v != nil {
				env.Define(s.Name.Name, v, normalize.Site{Span: s.Name.Span})
			}
			fmt.Fprintf(&b, "%d: %s = %s\n", line, s.Name.Name, describe(v))
		case *ast.ExprStmt:
			fmt.Fprintf(&b, "%d: %s\n", line, value(s.X))
		case *ast.LetStmt:
			for _, sym := range s.Symbols {
				if sym.Div != nil && sym.Div.Value > 0 {
					env.DeclareFact(sym.Name, sym.Div.Value)
				}
			}
			fmt.Fprintf(&b, "%d: let\n", line)
		case *ast.AssertStmt:
			fmt.Fprintf(&b, "%d: assert %s %s %s\n", line, value(s.X), s.Op, value(s.Y))
		case *ast.ExpectStmt:
			fmt.Fprintf(&b, "%d: expect %s %s\n", line, s.Code, value(s.X))
		}
	}
	return b.String()
}

func computeMLIR(input string) map[string]string {
	f := diag.NewFile(name, []byte(input))
	out := map[string]string{"diagnostics": render(verify.Default().MLIR(f))}
	var astText, normText strings.Builder
	var payloads []printer.Payload
	parser.ScanMLIR(f, func(w parser.Wrapper) bool {
		pos := f.Position(w.PayloadStart)
		node, diags := parser.ParseWrapper(f, w)
		fmt.Fprintf(&astText, "%s at %d:%d\n", w.Kind, pos.Line, pos.Col)
		fmt.Fprintf(&normText, "%d:%d: ", pos.Line, pos.Col)
		if node == nil || diags.HasErrors() {
			astText.WriteString("(syntax error)\n")
			normText.WriteString("(syntax error)\n")
			payloads = append(payloads, printer.Payload{Start: w.PayloadStart, End: w.PayloadStart + len(w.Payload)})
			return true
		}
		astText.WriteString(dump(node))
		win := diag.NewWindow(f.Name, w.Payload, pos.Offset, pos.Line, pos.Col)
		if e, ok := node.(ast.Expr); ok {
			v, _ := normalize.Normalize(win, e, normalize.Options{})
			normText.WriteString(describe(v) + "\n")
		}
		payloads = append(payloads, printer.Payload{Start: w.PayloadStart, End: w.PayloadStart + len(w.Payload), Node: node})
		return true
	})
	out["ast"], out["normalized"] = astText.String(), normText.String()
	printed, err := printer.FormatPayloads(f.Src, payloads...)
	if err != nil {
		printed = []byte("(" + err.Error() + ")\n")
	}
	out["printed"] = string(printed)
	return out
}

// describe is a value's kind and canonical text, or "error".
func describe(v normalize.Value) string {
	if v == nil {
		return "error"
	}
	return v.Kind().String() + " " + v.String()
}

func dump(n ast.Node) string {
	var b bytes.Buffer
	if err := ast.Fprint(&b, n); err != nil {
		return "(" + err.Error() + ")\n"
	}
	return b.String()
}

func render(l diag.List) string {
	if len(l) == 0 {
		return "(none)\n"
	}
	var b bytes.Buffer
	if err := diag.RenderAll(&b, diag.Text{}, l); err != nil {
		return "(" + err.Error() + ")\n"
	}
	return b.String()
}
