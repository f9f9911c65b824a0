package tiled_test

import (
	"bufio"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/cutec/cutec/banks"
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/layout"
	"github.com/cutec/cutec/normalize"
	"github.com/cutec/cutec/tiled"
	"github.com/cutec/cutec/verify"
	"github.com/stretchr/testify/require"
)

// The facts come from CuTe C++ itself (testdata/cute/README.md): the
// snapshot 7107b05 of NVIDIA/cutlass compiled with g++ on the host.

var staticMark = regexp.MustCompile(`_(\d)`)

// cute reads text as CuTe prints it (_8 for a static 8).
func cute(s string) string { return staticMark.ReplaceAllString(strings.ReplaceAll(s, " ", ""), "$1") }

// value evaluates text with cutec's own reader.
func value(t *testing.T, s string) normalize.Value {
	t.Helper()
	v, diags := verify.Default().Expr(diag.NewFile("<test>", []byte(s)))
	require.NotNil(t, v, "%s: %v", s, diags)
	return v
}

func lay(t *testing.T, s string) layout.Layout {
	t.Helper()
	v := value(t, s)
	l, ok := v.(normalize.Layout)
	require.True(t, ok, "%s is a %T", s, v)
	return l.L
}

// sameLayout: the two print alike once CuTe's static marks are gone, or
// they are the same layout (CuTe prints a rank-1 tuple as (8)).
func sameLayout(t *testing.T, got layout.Layout, want string) bool {
	t.Helper()
	if got.String() == cute(want) {
		return true
	}
	w := lay(t, cute(want))
	return layout.LayoutEqual(got, w) == layout.True
}

func elemBits(name string) (int, error) {
	if name == "uint128_t" {
		return 128, nil
	}
	e, err := banks.LookupElem(name)
	return e.Bits, err
}

// readTSV reads the tab-separated lines of a file of testdata/cute.
func readTSV(t *testing.T, name string) [][]string {
	t.Helper()
	f, err := os.Open("../testdata/cute/" + name)
	require.NoError(t, err)
	defer f.Close()
	var out [][]string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		out = append(out, strings.Split(sc.Text(), "\t"))
	}
	return out
}

// TestMMAAtomsAreCuTes checks every MMA atom CuTe printed: the shape, ThrID,
// the A, B and C layouts and the value widths of MMA_Traits<NAME>.
func TestMMAAtomsAreCuTes(t *testing.T) {
	n := 0
	for _, f := range readTSV(t, "atoms.tsv") {
		if f[0] != "mma" {
			continue
		}
		n++
		a, err := tiled.LookupMMA(f[1])
		if strings.HasPrefix(f[1], "SM80_16x8x128_S32U1U1S32_TN_") {
			// CuTe's own ALayout of these two is malformed: the stride
			// ((16,8)) of the value mode (32,2) is not congruent with it.
			require.Equal(t, "((_4,_8),(_32,_2)):((_512,_1),((_16,_8)))", f[4])
			require.ErrorContains(t, err, "not congruent")
			continue
		}
		if !assertNoErr(t, err, f[1]) {
			continue
		}
		mnk := layout.Ints(a.MNK[0], a.MNK[1], a.MNK[2])
		if mnk.String() != cute(f[2]) {
			t.Errorf("%s: Shape_MNK %s, CuTe %s", f[1], mnk, f[2])
		}
		for i, got := range []layout.Layout{a.ThrID, a.A, a.B, a.C} {
			if !sameLayout(t, got, f[3+i]) {
				t.Errorf("%s: %s %s, CuTe %s", f[1], []string{"ThrID", "ALayout", "BLayout", "CLayout"}[i], got, f[3+i])
			}
		}
		bits := strings.Join([]string{itoa(a.Bits[0]), itoa(a.Bits[1]), itoa(a.Bits[2]), itoa(a.Bits[3])}, ",")
		if bits != f[7] {
			t.Errorf("%s: value bits %s, CuTe %s", f[1], bits, f[7])
		}
	}
	require.Greater(t, n, 1000)
}

// TestCopyOpsAreCuTes checks every copy operation CuTe printed.
func TestCopyOpsAreCuTes(t *testing.T) {
	n := 0
	for _, f := range readTSV(t, "atoms.tsv") {
		if f[0] != "copy" {
			continue
		}
		n++
		name := f[1]
		if op, bits, ok := strings.Cut(name, ", Int<"); ok {
			name = op + "<" + strings.TrimSuffix(bits, ">") + ">"
		}
		op, err := tiled.LookupCopy(name, elemBits)
		if !assertNoErr(t, err, name) {
			continue
		}
		for i, got := range []layout.Layout{op.ThrID, op.Src, op.Dst, op.Ref} {
			if !sameLayout(t, got, f[2+i]) {
				t.Errorf("%s: %s %s, CuTe %s", f[1], []string{"ThrID", "SrcLayout", "DstLayout", "RefLayout"}[i], got, f[2+i])
			}
		}
	}
	require.Greater(t, n, 30)
}

func assertNoErr(t *testing.T, err error, what string) bool {
	t.Helper()
	if err != nil {
		t.Errorf("%s: %v", what, err)
		return false
	}
	return true
}

func itoa(n int) string { return layout.Int(int64(n)).String() }
