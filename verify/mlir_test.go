package verify

import (
	"testing"

	"github.com/cutec/cutec/diag"
)

// TestIRDefaultsLeaveOutWarningsOnPurpose: a Pass for IR does not run the
// aliasing check (W0900) unless enabled, since the compiler builds
// non-injective layouts on purpose; a Pass for other input still runs it.
// The bank check (W0901) runs on IR by default: it reports only accesses the
// IR states, with their numbers (ir_banks_test.go).
func TestIRDefaultsLeaveOutWarningsOnPurpose(t *testing.T) {
	// (8,8):(1,1) sends (1,0) and (0,1) to offset 1: W0900 by hand.
	src := []byte(`%x = cute.static : !cute.layout<"(8,8):(1,1)">` + "\n")
	codes := func(opts Options) []diag.Code {
		p, err := NewPass(opts)
		if err != nil {
			t.Fatal(err)
		}
		var out []diag.Code
		for _, d := range p.MLIR(diag.NewFile("a.mlir", src)) {
			out = append(out, d.Code)
		}
		return out
	}
	if got := codes(Options{IR: true, Lowerable: true}); len(got) != 0 {
		t.Errorf("IR defaults report %v, want nothing", got)
	}
	if got := codes(Options{IR: true, Enable: []string{"aliasing"}}); len(got) != 1 || got[0] != diag.Aliasing {
		t.Errorf("IR with -enable aliasing reports %v, want [W0900]", got)
	}
	if got := codes(Options{}); len(got) != 1 || got[0] != diag.Aliasing {
		t.Errorf("non-IR defaults report %v, want [W0900]", got)
	}
	for _, c := range Checks() {
		if OffForIR(c) != (c.Name == "aliasing") {
			t.Errorf("OffForIR(%s) = %v", c.Name, OffForIR(c))
		}
	}
}

// TestSubjectSeesMemrefType: a check sees the element type and memory space
// of the memref a layout is written in.
func TestSubjectSeesMemrefType(t *testing.T) {
	var seen []string
	memrefType := &Check{Name: "test-memref-type", Optional: true, UsesType: true, Value: func(s *Subject) {
		if s.In != nil {
			seen = append(seen, string(s.In.Elem)+" "+string(s.In.Space))
		}
	}}
	p, err := NewPass(Options{IR: true, Checks: []string{"test-memref-type"}, Extra: []*Check{memrefType}})
	if err != nil {
		t.Fatal(err)
	}
	src := `!a = !cute.memref<f16, smem, align<16>, "(8,8):(8,1)">` + "\n" +
		`!b = !cute.memref<f32, gmem, "(8,8):(8,1)">` + "\n" + `%0 = cute.static : !cute.layout<"(8,8):(8,1)">` + "\n"
	p.MLIR(diag.NewFile("a.mlir", []byte(src)))
	// The same layout text in two memrefs is verified once for each type.
	if len(seen) != 2 || seen[0] != "f16 smem" || seen[1] != "f32 gmem" {
		t.Errorf("checks saw %q, want [f16 smem, f32 gmem]", seen)
	}
}
