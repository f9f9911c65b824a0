package printer_test

import (
	"fmt"
	"os"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/layout"
	"github.com/cutec/cutec/parser"
	"github.com/cutec/cutec/printer"
)

func ExampleString() {
	for _, src := range []string{"(_4,_2):(_1,_4)", "(4, 2):(1, 4)", "(4,)", "Sw<3,4,3> o (8,64):(64,1)", "composition(A,2:1)"} {
		e, _ := parser.ParseExpr(diag.NewFile("<input>", []byte(src)))
		fmt.Println(printer.String(e))
	}
	// Output:
	// (4,2):(1,4)
	// (4,2):(1,4)
	// (4)
	// S<3,4,3> o 0 o (8,64):(64,1)
	// composition(A, 2:1)
}

// ExampleFormatCute formats a `.cute` file as `cutec fmt` does: parse, format,
// compare.
func ExampleFormatCute() {
	src := "A  =  (4, 2):(_1, _4)   # pycute\nassert  size(A) == _8\n"
	f, diags := parser.ParseCuteFile(diag.NewFile("a.cute", []byte(src)))
	if diags.HasErrors() {
		fmt.Println(diags.Err())
		return
	}
	out, _ := printer.FormatCute(f)
	fmt.Print(string(out))
	// Output:
	// A  =  (4,2):(1,4)   # pycute
	// assert  size(A) == 8
}

// ExampleFormatPayloads rewrites the payloads of the CuTe dialect's wrappers
// in MLIR text, found and parsed by package parser.
func ExampleFormatPayloads() {
	f := diag.NewFile("k.mlir", []byte(`%0 = cute.static : !cute.layout<"(4, 8):(_1, _4)"> // keep  this`+"\n"))
	var payloads []printer.Payload
	parser.ScanMLIR(f, func(w parser.Wrapper) bool {
		if n, diags := parser.ParseWrapper(f, w); !diags.HasErrors() {
			payloads = append(payloads, printer.Payload{Start: w.PayloadStart, End: w.PayloadStart + len(w.Payload), Node: n})
		}
		return true
	})
	out, _ := printer.FormatPayloads(f.Src, payloads...)
	fmt.Print(string(out))
	// Output:
	// %0 = cute.static : !cute.layout<"(4,8):(1,4)"> // keep  this
}

func ExampleShowLayout() {
	l := layout.MustNew(layout.Ints(2, 3), layout.Ints(3, 1))
	_ = printer.ShowLayout(os.Stdout, l, printer.ShowText)
	// Output:
	// (2,3):(3,1)
	//       0   1   2
	//     +---+---+---+
	//  0  | 0 | 1 | 2 |
	//     +---+---+---+
	//  1  | 3 | 4 | 5 |
	//     +---+---+---+
}
