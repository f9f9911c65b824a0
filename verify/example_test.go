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
