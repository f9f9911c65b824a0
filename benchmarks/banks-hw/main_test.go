package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/cutec/cutec/internal/goldenfile"
	"github.com/cutec/cutec/internal/heavytest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// unmeasuredKinds are the kinds of cases.jsonl's cases not measured yet.
var unmeasuredKinds = map[string]bool{"cp16ca": true, "ld8": true, "ld16": true, "st8": true, "st16": true}

var (
	cutecOnce sync.Once
	cutecBin  string
	cutecErr  error
)

// buildCutec builds the cutec of this tree, which the check runs, once for
// the tests of the package.
func buildCutec(t *testing.T) string {
	t.Helper()
	cutecOnce.Do(func() {
		dir, err := os.MkdirTemp("", "banks-hw")
		if err != nil {
			cutecErr = err
			return
		}
		cutecBin = filepath.Join(dir, "cutec")
		out, err := exec.Command("go", "build", "-o", cutecBin, "github.com/cutec/cutec/cmd/cutec").CombinedOutput()
		if err != nil {
			cutecErr = fmt.Errorf("%v: %s", err, out)
		}
	})
	require.NoError(t, cutecErr)
	return cutecBin
}

func TestMain(m *testing.M) {
	code := m.Run()
	if cutecBin != "" {
		os.RemoveAll(filepath.Dir(cutecBin))
	}
	os.Exit(code)
}

var measured = []string{"../../banks/testdata/h200/measured.jsonl", "../../banks/testdata/h200/measured_cp.jsonl"}

// TestCompareRecorded: the comparison of the recorded H200 measurements
// with cutec (the table, testdata/h200-table.txt, a golden of this
// command's own output), in which every case is exact and every case's lanes, rebuilt from `cutec banks -format json`, are the
// lanes the GPU was given (predict fails otherwise: no ERROR row).
func TestCompareRecorded(t *testing.T) {
	cutec := buildCutec(t)
	golden := "testdata/h200-table.txt"
	if !heavytest.Enabled() {
		// Quick form: the first case of each kind and every 40th case,
		// each row equal to its row in the table (one cutec process a
		// case; the whole table, 339 processes, is the heavy form).
		want, err := os.ReadFile(golden)
		require.NoError(t, err)
		var sample []Case
		seen := map[string]bool{}
		for _, path := range measured {
			cases, err := readCases(path)
			require.NoError(t, err)
			for i, c := range cases {
				if !seen[c.Kind] || i%40 == 0 {
					seen[c.Kind] = true
					sample = append(sample, c)
				}
			}
		}
		var out bytes.Buffer
		require.NoError(t, writeTable(&out, predictor{cutec: cutec}.compareAll(sample)))
		rows, _, _ := strings.Cut(out.String(), "\n\n")
		lines := strings.Split(rows, "\n")[1:]
		require.Greater(t, len(lines), 20, "too few sampled rows")
		for _, line := range lines {
			assert.Contains(t, "\n"+string(want), "\n"+line+"\n", "a sampled row differs from %s (CUTEC_HEAVY=1 compares the whole table)", golden)
		}
		return
	}
	var out bytes.Buffer
	require.NoError(t, run(append([]string{"compare", "-cutec", cutec}, measured...), &out))
	table := out.String()
	assert.NotContains(t, table, "ERROR")
	assert.NotContains(t, table, "DIFF", "every recorded case is exact")
	assert.Contains(t, table, "device: NVIDIA H200")
	goldenfile.Check(t, golden, out.Bytes())
}

// TestParseNCU: the CSV of ncu, its ==PROF== lines skipped, read into one
// launch per ID; the wavefronts of a load are the kernel's less its op_misc
// one, those of a cp.async the LDGSTS counter (thousands separator read).
func TestParseNCU(t *testing.T) {
	f, err := os.Open("testdata/ncu-sample.csv")
	require.NoError(t, err)
	defer f.Close()
	ls, err := parseNCU(f)
	require.NoError(t, err)
	require.Len(t, ls, 2)
	assert.Equal(t, 2, ls[0].wavefronts("ld128"))
	assert.Equal(t, 1024, ls[1].wavefronts("cp16"))
	assert.Equal(t, "0", ls[1].Device)
	_, err = parseNCU(strings.NewReader("==PROF== nothing\n"))
	assert.Error(t, err)
}

// TestLanes: the lines banks.cu reads. measured.jsonl line 3 is a 128-bit
// load by 32 lanes of one address; an ldmatrix.x1 case gives threads 8-31
// the addresses of threads 0-7 again (the hardware ignores them); every
// case of cases.jsonl runs through cutec.
func TestLanes(t *testing.T) {
	cutec := buildCutec(t)
	p := predictor{cutec: cutec}
	c := Case{File: "t", Line: 1, Args: []string{"-tv", "(32,4):(0,1)", "-width", "128", "262144:1", "f32"}, Kind: "ld128"}
	require.NoError(t, p.predict(&c))
	var b bytes.Buffer
	require.NoError(t, writeLanes(&b, c))
	assert.Equal(t, "ld128 1024"+strings.Repeat(" 0", 32)+"\n", b.String())
	assert.Equal(t, 2, *c.Pred)

	x1 := Case{File: "t", Line: 2, Args: []string{"(8,8):(8,1)", "f16", "ldmatrix.x1"}, Kind: "ldmatrix_x1"}
	require.NoError(t, p.predict(&x1))
	for i := 8; i < 32; i++ {
		assert.Equal(t, x1.Lanes[i%8], x1.Lanes[i])
	}
	assert.Equal(t, int64(16*7), x1.Lanes[7])

	// The cases of cases.jsonl not measured yet (the measured ones are
	// TestCompareRecorded's).
	cases, err := readCases("cases.jsonl")
	require.NoError(t, err)
	n := 0
	for _, c := range cases {
		if !unmeasuredKinds[c.Kind] {
			continue
		}
		n++
		require.NoError(t, p.predict(&c), "cases.jsonl:%d", c.Line)
		require.NoError(t, writeLanes(&b, c))
	}
	assert.Equal(t, 8, n)
}
