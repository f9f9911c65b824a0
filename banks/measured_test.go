package banks

import (
	"bufio"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The wavefronts of single shared-memory instructions of one warp, measured
// on an NVIDIA H200 with Nsight Compute: testdata/h200/measured.jsonl and
// testdata/h200/measured_cp.jsonl (testdata/h200/README.md says how). Each
// case gives the byte address of every lane, the PTX instruction and the
// wavefronts the hardware took; the model (serve, model.go) must predict
// them from the addresses and the instruction alone.

// measuredCase is one line of the measured files.
type measuredCase struct {
	Line   int      // the line of the file, from 1
	Source string   `json:"source"`
	Args   []string `json:"args"`
	Kind   string   `json:"kind"`
	Width  int      `json:"width"`
	Lanes  []int64  `json:"lanes"`
	GPU    int      `json:"gpu"`
	Device string   `json:"device"`
}

// readMeasured reads a file of measured cases.
func readMeasured(t *testing.T, path string) []measuredCase {
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var out []measuredCase
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for n := 1; sc.Scan(); n++ {
		var c measuredCase
		require.NoError(t, json.Unmarshal(sc.Bytes(), &c), "%s:%d", path, n)
		c.Line = n
		require.Len(t, c.Lanes, WarpSize, "%s:%d", path, n)
		require.Contains(t, c.Device, "H200", "%s:%d", path, n)
		out = append(out, c)
	}
	require.NoError(t, sc.Err())
	return out
}

// kindOp returns the instruction of a measured kind, its width in bits and
// the lanes that supply addresses.
func kindOp(kind string) (op Op, width, lanes int) {
	switch {
	case strings.HasPrefix(kind, "ld") && !strings.HasPrefix(kind, "ldmatrix"):
		op = OpLoad
	case strings.HasPrefix(kind, "st") && !strings.HasPrefix(kind, "stmatrix"):
		op = OpStore
	case strings.HasPrefix(kind, "cp16"):
		return OpCpAsyncCG, 128, WarpSize
	case strings.HasPrefix(kind, "cp"):
		op = OpCpAsyncCA
	default: // ldmatrix_x1, stmatrix_x4_t, ...
		lanes = WarpSize
		if strings.Contains(kind, "_x1") {
			lanes = 8
		} else if strings.Contains(kind, "_x2") {
			lanes = 16
		}
		return OpMatrix, 128, lanes
	}
	switch strings.TrimLeft(kind, "ldstcp") {
	case "32", "4":
		width = 32
	case "64", "8":
		width = 64
	case "128":
		width = 128
	}
	return op, width, WarpSize
}

// servedWavefronts runs the model on the lanes of a measured case.
func servedWavefronts(c measuredCase) int {
	op, width, lanes := kindOp(c.Kind)
	reqs := make([]request, lanes)
	for t := range reqs {
		reqs[t] = request{thread: t, bit: c.Lanes[t] * 8}
	}
	phases, _, _ := serve(op, width, reqs)
	n := 0
	for _, ph := range phases {
		n += ph.Wavefronts
	}
	return n
}

// TestMeasuredSingleInstructions: every case of testdata/h200/measured.jsonl
// (32-bit loads and stores, 64- and 128-bit loads with and without shared
// addresses, 64- and 128-bit stores, ldmatrix and stmatrix x1, x2, x4 and
// .trans) takes the wavefronts the H200 took. Its cp.async lines are
// skipped: the counter of that file does not see cp.async's writes
// (TestMeasuredCpAsync reads the file that does).
func TestMeasuredSingleInstructions(t *testing.T) {
	cases := readMeasured(t, "testdata/h200/measured.jsonl")
	require.Len(t, cases, 434)
	checked := 0
	for _, c := range cases {
		if strings.HasPrefix(c.Kind, "cp") {
			continue
		}
		checked++
		require.Equal(t, c.GPU, servedWavefronts(c), "testdata/h200/measured.jsonl:%d (%s, %s): lanes %v", c.Line, c.Kind, c.Source, c.Lanes)
	}
	require.Equal(t, 407, checked)
}

// TestMeasuredCpAsync: the cases of testdata/h200/measured_cp.jsonl (4- and
// 8-byte cp.async.ca, 16-byte cp.async.cg) take the wavefronts the H200
// took, every one of them.
func TestMeasuredCpAsync(t *testing.T) {
	cases := readMeasured(t, "testdata/h200/measured_cp.jsonl")
	require.Len(t, cases, 98)
	for _, c := range cases {
		assert.Equal(t, c.GPU, servedWavefronts(c), "testdata/h200/measured_cp.jsonl:%d (%s, %s): lanes %v", c.Line, c.Kind, c.Source, c.Lanes)
	}
}
