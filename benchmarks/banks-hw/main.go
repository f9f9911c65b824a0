// Command banks-hw checks the bank model of cutec against the hardware: it
// turns a list of cases (each a `cutec banks` analysis and one of its
// instructions) into the lane addresses of one warp, which banks.cu
// executes, one instruction per kernel launch, under Nsight Compute; then
// it reads the counters and prints, for every case, the wavefronts cutec
// predicts (`cutec banks -format json`) beside those the GPU took.
// run.sh does all of it on a machine with a GPU, nvcc and ncu; README.md
// says how.
//
//	banks-hw lanes   -cutec CUTEC CASES.jsonl > lanes.txt       (for banks.cu)
//	banks-hw collect -cutec CUTEC -ncu ncu.csv CASES.jsonl > measured.jsonl
//	banks-hw compare -cutec CUTEC MEASURED.jsonl...             (the table)
//	banks-hw metrics                                            (for ncu --metrics)
//
// A case is a line of JSON: {"args": [...], "instruction": k} with the
// arguments of `cutec banks` (the ATOM, or -tv with an ATOM, naming the
// instruction), or {"kind": K, "lanes": [...]} with the 32 byte addresses
// given directly. The measured files of banks/testdata/h200 are cases too,
// with their measurements (compare reads them as recorded output).
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "banks-hw:", err)
		os.Exit(2)
	}
}

func run(args []string, w io.Writer) error {
	if len(args) == 0 {
		return fmt.Errorf("usage: banks-hw lanes|collect|compare|metrics -cutec CUTEC [-ncu ncu.csv] FILE...")
	}
	if args[0] == "metrics" {
		_, err := fmt.Fprintln(w, strings.Join(Metrics, ","))
		return err
	}
	fs := flag.NewFlagSet(args[0], flag.ContinueOnError)
	cutec := fs.String("cutec", "cutec", "the cutec binary")
	ncu := fs.String("ncu", "", "collect: the CSV Nsight Compute printed for banks.cu's launches")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	var cases []Case
	for _, path := range fs.Args() {
		cs, err := readCases(path)
		if err != nil {
			return err
		}
		cases = append(cases, cs...)
	}
	p := predictor{cutec: *cutec}
	switch args[0] {
	case "lanes":
		for i := range cases {
			if err := p.predict(&cases[i]); err != nil {
				return err
			}
			if err := writeLanes(w, cases[i]); err != nil {
				return err
			}
		}
		return nil
	case "collect":
		f, err := os.Open(*ncu)
		if err != nil {
			return err
		}
		defer f.Close()
		counts, err := parseNCU(f)
		if err != nil {
			return fmt.Errorf("%s: %v", *ncu, err)
		}
		if len(counts) != len(cases) {
			return fmt.Errorf("%s holds %d kernel launches, the cases are %d", *ncu, len(counts), len(cases))
		}
		for i := range cases {
			if err := p.predict(&cases[i]); err != nil {
				return err
			}
			cases[i].GPU = counts[i].wavefronts(cases[i].Kind)
			cases[i].GPUConflicts = counts[i].conflicts(cases[i].Kind)
			cases[i].Device = counts[i].Device + ", Nsight Compute"
			if strings.HasPrefix(cases[i].Kind, "cp") {
				cases[i].Metric = metricLDGSTS
			}
		}
		return writeCases(w, cases)
	case "compare":
		return writeTable(w, p.compareAll(cases))
	}
	return fmt.Errorf("unknown command %q: lanes, collect or compare", args[0])
}
