// Cutecgen writes large generated inputs for measuring cutec (see
// docs/performance.md):
//
//	go run ./internal/gen/cmd/cutecgen -kind mlir -size 100M -o /tmp/big.mlir
//
// -kind is mlir (CuTe DSL style IR), cute (a .cute regression suite) or
// expr (one unique expression a line, for "cutec eval"). -size is the exact
// size in bytes, with an optional suffix K, M or G (powers of 1024). -seed,
// -unique and -errors are the options of package gen: the same flags give
// the same bytes. The counts of what was written go to standard error.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/cutec/cutec/internal/gen"
)

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "cutecgen:", err)
		os.Exit(2)
	}
}

// run parses the flags and writes the input to -o, or to stdout.
func run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("cutecgen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	kind := fs.String("kind", "mlir", "what to generate: mlir, cute or expr")
	size := fs.String("size", "1M", "exact size in bytes, with an optional suffix K, M or G")
	out := fs.String("o", "", "output file (default: standard output)")
	var o gen.Options
	fs.Uint64Var(&o.Seed, "seed", 1, "seed of the pseudo-random choices")
	fs.Float64Var(&o.Unique, "unique", 0.02, "fraction of values made fresh rather than repeated")
	fs.Float64Var(&o.Errors, "errors", 0, "fraction of values with a deliberate error")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	var err error
	if o.Size, err = parseSize(*size); err != nil {
		return err
	}
	if *out == "" {
		return generate(stdout, stderr, gen.Kind(*kind), o)
	}
	f, err := os.Create(*out)
	if err != nil {
		return err
	}
	if err := generate(f, stderr, gen.Kind(*kind), o); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// generate writes the input to w and its counts to stderr.
func generate(w, stderr io.Writer, kind gen.Kind, o gen.Options) error {
	st, err := gen.Write(w, kind, o)
	if err != nil {
		return err
	}
	fmt.Fprintf(stderr, "cutecgen: %d bytes, %d lines, %d values (%d fresh), %d deliberate errors\n",
		st.Bytes, st.Lines, st.Values, st.Unique, st.Errors)
	return nil
}

// parseSize parses a byte count such as 100M.
func parseSize(s string) (int64, error) {
	mult, digits := int64(1), s
	for i, suffix := range []string{"K", "M", "G"} {
		if strings.HasSuffix(s, suffix) {
			mult, digits = 1<<(10*(i+1)), strings.TrimSuffix(s, suffix)
		}
	}
	n, err := strconv.ParseInt(digits, 10, 64)
	if err != nil || n < 0 || n > (1<<62)/mult {
		return 0, errors.New("bad -size " + strconv.Quote(s) + ": want a byte count such as 100M")
	}
	return n * mult, nil
}
