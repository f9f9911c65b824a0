package main

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// The Nsight Compute metrics run.sh collects (banks/testdata/h200/README.md
// says why these): the shared-memory wavefronts of the kernel, the one
// op_misc wavefront every kernel shows of its own, the wavefronts of
// cp.async's shared-memory writes (LDGSTS), and the bank-conflict counters.
const (
	metricWavefronts   = "l1tex__data_pipe_lsu_wavefronts_mem_shared.sum"
	metricMisc         = "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_misc.sum"
	metricLDGSTS       = "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldgsts.sum"
	metricConflicts    = "l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum"
	metricLDGSTSConfls = "smsp__sass_l1tex_data_bank_conflicts_pipe_lsu_mem_shared_op_ldgsts.sum"
)

// Metrics is the list run.sh passes to ncu --metrics.
var Metrics = []string{metricWavefronts, metricMisc, metricLDGSTS, metricConflicts, metricLDGSTSConfls}

// launch is the counters of one kernel launch.
type launch struct {
	ID     string
	Device string
	Values map[string]float64
}

// wavefronts returns the wavefronts of the case's one instruction: the
// LDGSTS counter for cp.async, else the kernel's less its op_misc one.
func (l launch) wavefronts(kind string) int {
	if strings.HasPrefix(kind, "cp") {
		return int(l.Values[metricLDGSTS])
	}
	return int(l.Values[metricWavefronts] - l.Values[metricMisc])
}

// conflicts returns the bank-conflict counter of the case's kind.
func (l launch) conflicts(kind string) int {
	if strings.HasPrefix(kind, "cp") {
		return int(l.Values[metricLDGSTSConfls])
	}
	return int(l.Values[metricConflicts])
}

// parseNCU reads the CSV `ncu --csv --metrics ...` prints (one row per
// kernel launch and metric, columns found by their names: "ID", "Device",
// "Metric Name", "Metric Value"), skipping the ==PROF== lines before it,
// and returns the launches in order.
func parseNCU(r io.Reader) ([]launch, error) {
	all, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	text := string(all)
	start := strings.Index(text, "\"ID\"")
	if start < 0 {
		return nil, fmt.Errorf("no CSV header (a line starting with \"ID\")")
	}
	cr := csv.NewReader(strings.NewReader(text[start:]))
	cr.FieldsPerRecord = -1
	rows, err := cr.ReadAll()
	if err != nil {
		return nil, err
	}
	col := map[string]int{}
	for i, h := range rows[0] {
		col[h] = i
	}
	for _, need := range []string{"ID", "Metric Name", "Metric Value"} {
		if _, ok := col[need]; !ok {
			return nil, fmt.Errorf("the CSV has no column %q", need)
		}
	}
	var out []launch
	index := map[string]int{}
	for n, row := range rows[1:] {
		if len(row) < len(rows[0]) {
			continue
		}
		id := row[col["ID"]]
		i, ok := index[id]
		if !ok {
			i = len(out)
			index[id] = i
			l := launch{ID: id, Values: map[string]float64{}}
			if d, ok := col["Device"]; ok {
				l.Device = row[d]
			}
			out = append(out, l)
		}
		v, err := strconv.ParseFloat(strings.ReplaceAll(row[col["Metric Value"]], ",", ""), 64)
		if err != nil {
			return nil, fmt.Errorf("row %d: the value %q of %s: %v", n+2, row[col["Metric Value"]], row[col["Metric Name"]], err)
		}
		out[i].Values[row[col["Metric Name"]]] = v
	}
	return out, nil
}
