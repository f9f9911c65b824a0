package main

import (
	"fmt"
	"io"
	"runtime"
	"sort"
	"strings"
	"sync"
)

// row is one line of the table: a case, what cutec predicts, what the GPU
// took.
type row struct {
	c    Case
	pred int
	err  string // why cutec gave no prediction
	skip string // why the case is not compared
}

// compare runs cutec on a measured case. A case without arguments (lanes
// given directly) has no cutec analysis: banks/measured_test.go runs the
// model on its lanes.
func (p predictor) compare(c Case) row {
	if c.Args == nil {
		return row{c: c, skip: "lanes given directly, no cutec arguments"}
	}
	if strings.HasPrefix(c.Kind, "cp") && c.Metric != metricLDGSTS {
		return row{c: c, skip: "cp.async measured with a counter that does not see its writes"}
	}
	if err := p.predict(&c); err != nil {
		return row{c: c, err: err.Error()}
	}
	return row{c: c, pred: *c.Pred}
}

// compareAll compares the cases, a few at a time (each runs cutec).
func (p predictor) compareAll(cases []Case) []row {
	rows := make([]row, len(cases))
	var wg sync.WaitGroup
	next := make(chan int)
	for range max(1, runtime.NumCPU()) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				rows[i] = p.compare(cases[i])
			}
		}()
	}
	for i := range cases {
		next <- i
	}
	close(next)
	wg.Wait()
	return rows
}

// writeTable prints the rows and, per kind, how many cutec predicts
// exactly.
func writeTable(w io.Writer, rows []row) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%-28s %-14s %5s %5s\n", "case", "kind", "cutec", "gpu")
	type tally struct{ exact, total, skipped, errors int }
	byKind := map[string]*tally{}
	device := ""
	for _, r := range rows {
		t := byKind[r.c.Kind]
		if t == nil {
			t = &tally{}
			byKind[r.c.Kind] = t
		}
		if r.c.Device != "" {
			device = r.c.Device
		}
		name := fmt.Sprintf("%s:%d", shortName(r.c.File), r.c.Line)
		if r.skip != "" {
			t.skipped++
			continue
		}
		if r.err != "" {
			t.errors++
			fmt.Fprintf(&b, "%-28s %-14s %5s %5d  ERROR %s\n", name, r.c.Kind, "-", r.c.GPU, r.err)
			continue
		}
		t.total++
		mark := "DIFF " + strings.Join(r.c.Args, " ")
		if r.pred == r.c.GPU {
			t.exact++
			mark = ""
		}
		fmt.Fprintln(&b, strings.TrimRight(fmt.Sprintf("%-28s %-14s %5d %5d  %s", name, r.c.Kind, r.pred, r.c.GPU, mark), " "))
	}
	kindsSeen := make([]string, 0, len(byKind))
	for k := range byKind {
		kindsSeen = append(kindsSeen, k)
	}
	sort.Strings(kindsSeen)
	fmt.Fprintf(&b, "\ndevice: %s\n", device)
	exact, total, skipped := 0, 0, 0
	for _, k := range kindsSeen {
		t := byKind[k]
		fmt.Fprintf(&b, "%-14s %3d of %3d exact", k, t.exact, t.total)
		if t.errors > 0 {
			fmt.Fprintf(&b, ", %d errors", t.errors)
		}
		if t.skipped > 0 {
			fmt.Fprintf(&b, " (%d not compared: lanes only, or a counter blind to the instruction)", t.skipped)
		}
		b.WriteByte('\n')
		exact, total, skipped = exact+t.exact, total+t.total+t.errors, skipped+t.skipped
	}
	fmt.Fprintf(&b, "all            %3d of %3d exact (%d not compared)\n", exact, total, skipped)
	_, err := io.WriteString(w, b.String())
	return err
}

// shortName returns the base name of a file.
func shortName(path string) string {
	if i := strings.LastIndexByte(path, '/'); i >= 0 {
		return path[i+1:]
	}
	return path
}
