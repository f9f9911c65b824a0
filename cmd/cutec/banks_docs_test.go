package main

import (
	"os"
	"path/filepath"
	"testing"
)

// TestBanksPictures: the pictures of docs/banks.md are the command's own
// output, so that they cannot drift from it. Regenerate one with the
// command of its row, run from the repository's root.
func TestBanksPictures(t *testing.T) {
	pictures := []struct {
		file string
		args []string
	}{
		{"column_stride32.svg", []string{"-tv", "(32,1):(1,32)", "-width", "32", "(32,32):(32,1)", "f32"}},
		{"column_s305.svg", []string{"-tv", "(32,1):(1,32)", "-width", "32", "S<3,0,5> o 0 o (32,32):(32,1)", "f32"}},
		{"sm80_plain.svg", []string{"(8,64):(64,1)", "f16", "ldmatrix.x4"}},
		{"sm80_swizzled.svg", []string{"S<3,3,3> o 0 o (8,64):(64,1)", "f16", "ldmatrix.x4"}},
		{"mmajor_s333.svg", []string{"S<3,3,3> o 0 o (128,8):(1,128)", "f16", "SM75_U16x8_LDSM_T"}},
	}
	for _, p := range pictures {
		want, err := os.ReadFile(filepath.Join("..", "..", "docs", "banks", p.file))
		if err != nil {
			t.Fatal(err)
		}
		_, got, _ := runCmd(nil, append([]string{"banks", "-format", "svg"}, p.args...)...)
		if got != string(want) {
			t.Errorf("docs/banks/%s differs from cutec banks -format svg %q", p.file, p.args)
		}
	}
}
