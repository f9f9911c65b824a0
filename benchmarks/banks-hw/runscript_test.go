package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRunScriptEndToEnd runs run.sh as a GPU machine would, with nvcc and
// ncu replaced by stand-ins on PATH: nvcc writes an empty program, ncu
// prints the CSV Nsight Compute printed for these cases on the H200 (the
// recorded counts of banks/testdata/h200, in ncu's CSV form). So the
// script's own steps run for real: building cutec and the tool, turning
// cases into lanes through cutec, reading ncu's CSV back into measured
// cases, and the table, which must find every case exact.
func TestRunScriptEndToEnd(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	var picked []Case
	kinds := map[string]bool{}
	for _, path := range measured {
		cases, err := readCases(path)
		require.NoError(t, err)
		for _, c := range cases {
			// measured.jsonl's cp.async lines hold a counter that does
			// not see cp.async's writes (banks/testdata/h200/README.md).
			cpOfWrongFile := strings.HasPrefix(c.Kind, "cp") && !strings.HasSuffix(path, "_cp.jsonl")
			if c.Args != nil && !kinds[c.Kind] && !cpOfWrongFile {
				kinds[c.Kind] = true
				picked = append(picked, c)
			}
		}
	}
	require.GreaterOrEqual(t, len(picked), 10, "one case of each measured kind")

	dir := t.TempDir()
	bin := filepath.Join(dir, "bin")
	out := filepath.Join(dir, "out")
	require.NoError(t, os.MkdirAll(bin, 0o755))
	var cases, csv strings.Builder
	csv.WriteString("==PROF== Connected to process 1 (banks-hw)\n")
	csv.WriteString(`"ID","Process ID","Process Name","Host Name","Kernel Name","Context","Stream","Block Size","Grid Size","Device","CC","Section Name","Metric Name","Metric Unit","Metric Value"` + "\n")
	for id, c := range picked {
		line, err := json.Marshal(map[string]any{"args": c.Args, "instruction": c.Instruction, "kind": c.Kind})
		require.NoError(t, err)
		cases.Write(append(line, '\n'))
		values := map[string]int{metricWavefronts: c.GPU + 1, metricMisc: 1, metricLDGSTS: 0, metricConflicts: 0, metricLDGSTSConfls: 0}
		if strings.HasPrefix(c.Kind, "cp") {
			values[metricWavefronts], values[metricLDGSTS] = 1+c.GPU, c.GPU
		}
		for _, m := range Metrics {
			fmt.Fprintf(&csv, `"%d","1","banks-hw","h","access","1","7","(32, 1, 1)","(1, 1, 1)","NVIDIA H200","9.0","Command line profiler metrics","%s","","%d"`+"\n", id, m, values[m])
		}
	}
	casesPath := filepath.Join(dir, "cases.jsonl")
	csvPath := filepath.Join(dir, "ncu.csv")
	require.NoError(t, os.WriteFile(casesPath, []byte(cases.String()), 0o644))
	require.NoError(t, os.WriteFile(csvPath, []byte(csv.String()), 0o644))
	stub := func(name, body string) {
		require.NoError(t, os.WriteFile(filepath.Join(bin, name), []byte("#!/usr/bin/env bash\n"+body), 0o755))
	}
	stub("nvcc", `while [ $# -gt 0 ]; do if [ "$1" = -o ]; then : > "$2"; chmod +x "$2"; fi; shift; done`+"\n")
	stub("ncu", `cat "$BANKS_HW_FAKE_CSV"`+"\n")

	cmd := exec.Command("bash", "run.sh", casesPath)
	cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"), "OUT="+out, "BANKS_HW_FAKE_CSV="+csvPath)
	got, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", got)
	table, err := os.ReadFile(filepath.Join(out, "table.txt"))
	require.NoError(t, err)
	assert.NotContains(t, string(table), "DIFF")
	assert.NotContains(t, string(table), "ERROR")
	assert.Regexp(t, fmt.Sprintf(`\nall +%d of +%d exact`, len(picked), len(picked)), string(table))
	lanes, err := os.ReadFile(filepath.Join(out, "lanes.txt"))
	require.NoError(t, err)
	assert.Len(t, strings.Split(strings.TrimSpace(string(lanes)), "\n"), len(picked), "one lanes line per case")
	for i, c := range picked {
		assert.Contains(t, strings.Split(string(lanes), "\n")[i], fmt.Sprint(c.Lanes[1]), "case %d's lanes through cutec", i)
	}
}
