package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// The numbers below are the facts of banks/facts_test.go, derived by hand
// there; these tests check that the command reports them and exits by them.
func TestBanksCommand(t *testing.T) {
	cases := []struct {
		args   []string
		status int
		want   []string
	}{
		{[]string{"banks", "S<3,3,3> o 0 o (8,64):(64,1)", "f16", "ldmatrix.x4"}, 0,
			[]string{"summary: conflict-free: 8 wavefronts for 2 instructions, the ideal"}},
		{[]string{"banks", "(8,64):(64,1)", "f16", "SM75_U32x4_LDSM_N"}, 1,
			[]string{"summary: 8-way bank conflicts: 64 wavefronts for 2 instructions, ideal 8", "bank 0 holds 8 distinct words"}},
		{[]string{"banks", "-tv", "(32,32):(1,32)", "-width", "32", "(32,32):(33,1)", "f32"}, 0,
			[]string{"conflict-free: 32 wavefronts for 32 instructions"}},
		{[]string{"banks", "-suggest", "(8,64):(64,1)", "f16", "ldmatrix_x4"}, 0,
			[]string{"suggest: S<3,3,3> o 0 o (8,64):(64,1)"}},
		{[]string{"banks", "-format", "svg", "(8,64):(64,1)", "f16", "ldmatrix.x4"}, 1,
			[]string{"<svg", "#f08080", "8-way"}},
		// banks/tiledcopy_test.go, TestTiledCopy3172 (derived by hand there).
		{[]string{"banks", "-tiled", "((4,8,2,2),((2,2,2),(1,1))):((64,1,16,0),((32,8,256),(0,0)))", "-tiler", "[32:1;16:1]", "-warp", "3",
			"tile_to_shape(S<3,3,4> o 0 o (128,8):(1,128), (128,32))", "f16", "SM75_U16x8_LDSM_T"}, 0,
			[]string{"access:  ldmatrix.x4.trans, tiled, warp 3", "summary: conflict-free"}},
		{[]string{"banks", "-format", "html", "(8,64):(64,1)", "f16", "ldmatrix.x4"}, 1,
			[]string{"<!DOCTYPE html>", "<svg", "<pre>"}},
	}
	for _, c := range cases {
		status, out, errOut := runCmd(nil, c.args...)
		if status != c.status {
			t.Errorf("%v: status %d, want %d (stderr %q)", c.args, status, c.status, errOut)
		}
		for _, w := range c.want {
			if !strings.Contains(out, w) {
				t.Errorf("%v: output lacks %q:\n%s", c.args, w, out)
			}
		}
	}
}

func TestBanksJSON(t *testing.T) {
	status, out, _ := runCmd(nil, "banks", "-format", "json", "(8,64):(64,1)", "f16", "ldmatrix.x4")
	var r struct {
		Degree       int `json:"degree"`
		Wavefronts   int `json:"wavefronts"`
		Ideal        int `json:"ideal"`
		Instructions []struct {
			Phases []struct{ Degree int } `json:"phases"`
		} `json:"instructions"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil || status != 1 {
		t.Fatalf("status %d, %v:\n%s", status, err, out)
	}
	if r.Degree != 8 || r.Wavefronts != 64 || r.Ideal != 8 || len(r.Instructions) != 2 || len(r.Instructions[0].Phases) != 4 {
		t.Errorf("json: %+v", r)
	}
}

func TestBanksErrors(t *testing.T) {
	cases := []struct {
		args   []string
		status int
		want   string
	}{
		{[]string{"banks", "(8,64):(64,1)", "f17", "ldmatrix.x4"}, 1, "error[E0909]: unknown element type \"f17\"; did you mean f16?"},
		{[]string{"banks", "(8,64):(64,1)", "f16", "ldmatrix.x8"}, 1, "error[E0909]"},
		{[]string{"banks", "-tv", "(32,8):(8,1)", "-width", "128", "(8,64):(64,1)", "f16"}, 1, "error[E0908]"},
		{[]string{"banks", "(8,64):(64,1)", "f16"}, 2, "not 2 arguments"},
		{[]string{"banks", "-tv", "(32,8):(8,1)", "(8,64):(64,1)", "f16"}, 2, "LAYOUT ELEM ATOM (the instruction"},
		{[]string{"banks", "-format", "svgg", "(8,64):(64,1)", "f16", "ldmatrix.x4"}, 2, `did you mean "svg"?`},
		{[]string{"banks", "S<3,3,3>", "f16", "ldmatrix.x4"}, 1, "banks needs a layout"},
		{[]string{"banks", "-tiled", "(32,8):(8,1)", "(8,64):(64,1)", "f16", "ldmatrix.x4"}, 2, "-tiled and -tiler go together"},
		{[]string{"banks", "-warp", "1", "(8,64):(64,1)", "f16", "ldmatrix.x4"}, 2, "-warp goes with -tiled"},
		{[]string{"banks", "-tiled", "(32,8):(8,1)", "-tiler", "S<1,2,3>", "(8,64):(64,1)", "f16", "ldmatrix.x4"}, 1, "not a tiler"},
	}
	for _, c := range cases {
		status, _, errOut := runCmd(nil, c.args...)
		if status != c.status || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: status %d, stderr %q; want %d and %q", c.args, status, errOut, c.status, c.want)
		}
	}
}
