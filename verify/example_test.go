package verify_test

import (
	"fmt"
	"os"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/verify"
)

// A toolchain embeds the verifier as a pass: it hands over the text of a
// layout attribute and gets diagnostics with codes, spans and the values
// that break the rule.
func Example() {
	pass, err := verify.NewPass(verify.Options{
		Disable: []diag.Code{diag.NonCanonical}, // our IR is not hand-written
	})
	if err != nil {
		panic(err)
	}
	src := diag.NewFile("kernel.mlir", []byte(
		`%a = cute.make_layout() : !cute.layout<"(4,8):(1,4)">`+"\n"+
			`%b = cute.make_layout() : !cute.layout<"(4,8):(1,(4,2))">`+"\n"))
	diags := pass.MLIR(src)
	for _, d := range diags {
		fmt.Println(d.Error())
	}
	_ = diag.RenderAll(os.Stdout, diag.Text{NoSnippet: true}, diags)
	// Output:
	// kernel.mlir:2:50: error[E0300]: the stride (4,2) is not congruent with the shape 8
	// kernel.mlir:2:50: error[E0300]: the stride (4,2) is not congruent with the shape 8
	// note: kernel.mlir:2:44: the shape 8
}

// An expression is evaluated and checked; its value comes back with the
// findings.
func ExamplePass_Expr() {
	v, diags := verify.Default().Expr(diag.NewFile("<arg1>", []byte("composition((4,6,8):(2,3,5), 6:3)")))
	fmt.Println(v == nil, diags[len(diags)-1].Code, diags[len(diags)-1].Start().Col)
	// Output: true E0400 30
}

// The op checker re-derives the result type of each cute op whose types are
// written, type aliases resolved, and reports a result type that differs
// (E0605); OpStats says how many ops it checked and skipped.
func ExamplePass_MLIRChunk() {
	pass, err := verify.NewPass(verify.Options{IR: true, Lowerable: true}) // the defaults of lint for MLIR
	if err != nil {
		panic(err)
	}
	src := []byte(`!frag = !cute.memref<f32, rmem, align<32>, "((2,2),2,4):((1,2),4,8)">` + "\n" +
		`%0 = cute.size(%a) <{mode = [2]}> : (!frag) -> !cute.int_tuple<"4">` + "\n" +
		`%1 = cute.coalesce(%b) : (!cute.layout<"(4,5):(1,4)">) -> !cute.layout<"(4,5):(1,4)">` + "\n" +
		`%2 = cute.make_coord(%i) : (i32) -> !cute.coord<"(?,0)">` + "\n")
	var stats verify.OpStats
	aliases := (*verify.Aliases)(nil).Scan(src) // a streaming reader scans each chunk before it is checked
	for _, d := range pass.MLIRChunk(diag.NewFile("kernel.mlir", src), aliases, &stats) {
		fmt.Println(d.Error())
	}
	// The 5 payloads and the 2 op signatures derived (size, coalesce) were
	// looked up in the pass's caches, all new to this pass (Fresh).
	fmt.Printf("%+v\n", stats)
	// Output:
	// kernel.mlir:3:59: error[E0605]: cute.coalesce: the result type !cute.layout<"(4,5):(1,4)"> differs from !cute.layout<"20:1">, which cutec derives from the operand types
	// {Checked:2 Mismatched:1 Skipped:0 Other:1 Looked:7 Fresh:7}
}

// The calls a toolchain needs: a Pass, a diag.File of the text, and then
// either the value (which prints as canonical text) or diagnostics with a
// code and the exact span they are about. The inputs are the CuTe paper's
// §3.3.3 examples: (4,6,8,10):(2,3,5,7) o 6:12 is (2,3):(9,5), and
// (4,6,8):(2,3,5) o 6:3 breaks the stride divisibility condition (eq. 20:
// the stride 3 of B and the first extent 4 of A divide neither way), which
// is E0400 (docs/diagnostics.md), reported at B. Both A are not injective
// (A(3,0,..) = 6 = A(0,2,..), strides 2 and 3), which the default checks
// warn about: W0900 aliasing, at A.
func Example_toolchain() {
	pass := verify.Default()
	for _, src := range []string{
		"composition((4,6,8,10):(2,3,5,7), 6:12)",
		"composition((4,6,8):(2,3,5), 6:3)",
	} {
		v, diags := pass.Expr(diag.NewFile("<arg>", []byte(src)))
		if v != nil {
			fmt.Println(v)
		}
		for _, d := range diags {
			fmt.Printf("%s %s at %q\n", d.Severity, d.Code, src[d.Span.Start:d.Span.End])
		}
	}
	// Output:
	// (2,3):(9,5)
	// warning W0900 at "(4,6,8,10):(2,3,5,7)"
	// warning W0900 at "(4,6,8):(2,3,5)"
	// error E0400 at "6:3"
}
