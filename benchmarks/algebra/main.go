// Command algebra times the layout algebra of cutec on the expressions of
// benchmarks/cases.txt, on the Static fast path and through the general
// functions, and prints a table (or JSON with -json, which
// benchmarks/compare_pycute.py reads to set pycute's figures beside
// cutec's). Times are CPU time per call, the best of several runs.
//
//	go run ./benchmarks/algebra [-cases benchmarks/cases.txt] [-time 2s] [-json]
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/cutec/cutec/layout"
)

// result is the figures of one case.
type result struct {
	benchCase
	Result  string  `json:"result"`
	Static  *timing `json:"static,omitempty"` // nil when the Static path declines
	General timing  `json:"general"`
}

func main() {
	casesPath := flag.String("cases", "benchmarks/cases.txt", "the file of cases")
	budget := flag.Duration("time", 2*time.Second, "the time to spend on each case and path")
	asJSON := flag.Bool("json", false, "print JSON instead of a table")
	flag.Parse()
	if err := run(os.Stdout, *casesPath, *budget, *asJSON); err != nil {
		fmt.Fprintln(os.Stderr, "algebra:", err)
		os.Exit(1)
	}
}

func run(w io.Writer, casesPath string, budget time.Duration, asJSON bool) error {
	f, err := os.Open(casesPath)
	if err != nil {
		return err
	}
	defer f.Close()
	cases, err := readCases(f)
	if err != nil {
		return fmt.Errorf("%s: %v", casesPath, err)
	}
	var results []result
	for _, c := range cases {
		r, err := time1(c, budget)
		if err != nil {
			return err
		}
		results = append(results, r)
	}
	if asJSON {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(results)
	}
	return printTable(w, results)
}

// time1 times one case on both paths, after checking that they agree.
func time1(c benchCase, budget time.Duration) (result, error) {
	o := ops[c.Op]
	want, err := o.general(c.a, c.b, c.n)
	if err != nil {
		return result{}, fmt.Errorf("%s %s %s: %v", c.Op, c.A, c.B, err)
	}
	res := result{benchCase: c, Result: want.String()}
	if o.static != nil {
		res.Static, err = timeStatic(c, o, want, budget)
		if err != nil {
			return result{}, err
		}
	}
	res.General = measure(func(n int) {
		for range n {
			sink, _ = o.general(c.a, c.b, c.n)
		}
	}, budget/2, 5)
	return res, nil
}

// timeStatic times the Static path of one case; nil when it declines.
func timeStatic(c benchCase, o op, want layout.Layout, budget time.Duration) (*timing, error) {
	sa, okA := layout.StaticOf(c.a)
	sb, okB := layout.StaticOf(c.b)
	var r layout.Static
	if okA && okB && o.static(&r, &sa, &sb, c.n) {
		if got := r.Layout(); !got.Equal(want) {
			return nil, fmt.Errorf("%s %s %s: the Static path gives %s, the general path %s", c.Op, c.A, c.B, got, want)
		}
		t := measure(func(n int) {
			for range n {
				o.static(&r, &sa, &sb, c.n)
			}
		}, budget/2, 5)
		return &t, nil
	}
	return nil, nil
}

var sink layout.Layout

func printTable(w io.Writer, rs []result) error {
	unit := "CPU ns/op"
	if len(rs) > 0 && !rs[0].General.CPU {
		unit = "ns/op (elapsed)"
	}
	fmt.Fprintf(w, "%-16s %14s %8s %14s %8s\n", "operation", "Static "+unit, "allocs", "general "+unit, "allocs")
	for _, r := range rs {
		st, sa := "declines", ""
		if r.Static != nil {
			st, sa = fmt.Sprintf("%.1f", r.Static.NsPerOp), fmt.Sprintf("%.1f", r.Static.AllocsPerOp)
		}
		if _, err := fmt.Fprintf(w, "%-16s %14s %8s %14.1f %8.1f\n", r.Op, st, sa, r.General.NsPerOp, r.General.AllocsPerOp); err != nil {
			return err
		}
	}
	return nil
}
