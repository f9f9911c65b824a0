package main

import (
	"bytes"
	"testing"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/parser"
)

// FuzzFmt formats any bytes as a .cute or an MLIR file, as "cutec fmt"
// does: either syntax errors and no text, or a text that parses, that fmt
// leaves as it is (a fixed point), and whose lines are those of the input
// (fmt rewrites values within lines, never line ends).
func FuzzFmt(f *testing.F) {
	addFileSeeds(f, func(data []byte, isMLIR bool) { f.Add(data, isMLIR) })
	f.Add([]byte("A = (4, 2) : (1, 4)   # a tile\r\nB = (_2,_2):(_1,_2)\n"), false)
	f.Add([]byte(`%0 = cute.static : !cute.layout<" (4, 8):(1, 4) ">`), true)
	f.Fuzz(func(t *testing.T, data []byte, isMLIR bool) {
		if len(data) > 64<<10 {
			return // keep each input cheap
		}
		out, diags, err := format("fuzz", data, isMLIR)
		if err != nil {
			t.Fatalf("the printer failed: %v", err)
		}
		if diags.HasErrors() {
			if out != nil {
				t.Fatalf("syntax errors %s and a text", describe(diags))
			}
			return
		}
		if bytes.Count(out, []byte("\n")) != bytes.Count(data, []byte("\n")) {
			t.Fatalf("fmt changed the number of lines:\n%q\n%q", data, out)
		}
		again, diags, err := format("fuzz", out, isMLIR)
		if err != nil || diags.HasErrors() {
			t.Fatalf("the formatted text does not format: %v %s\n%q", err, describe(diags), out)
		}
		if !bytes.Equal(again, out) {
			t.Fatalf("fmt is not a fixed point:\n%q\n%q", out, again)
		}
		if !isMLIR {
			if _, l := parser.ParseCuteFile(diag.NewFile("fuzz", out)); l.HasErrors() {
				t.Fatalf("the formatted text does not parse: %s\n%q", describe(l), out)
			}
		}
	})
}
