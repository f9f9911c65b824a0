//go:build !js

package main

import (
	"flag"
	"fmt"
	"strings"

	"github.com/cutec/cutec/diag"

	"github.com/rogpeppe/go-internal/diff"

	"github.com/cutec/cutec/golden"
)

// goldenCommand is "cutec golden [-update] DIR...".
var goldenCommand = &command{
	name:  "golden",
	args:  "[-update] DIR... | -matrix ROOT",
	short: "check or update golden files",
	long: `Golden checks every golden file (*.txtar) under each DIR: it recomputes
every section of the pipeline from the archive's input and compares it with
the archive. A golden file is a txtar archive whose comment says its mode on
a line "mode: expr" (one value or expression), "mode: cute" (a .cute file)
or "mode: mlir" (text with the dialect's wrappers), with the sections

	input        the text
	ast          the parse
	normalized   the value of each expression, kind and canonical text
	diagnostics  what the verifier reports
	printed      the canonical text, as "cutec fmt" writes it

A section that differs is reported with a unified diff from the archive's
text to the recomputed one. -update rewrites the archives that differ
(atomically), so the diff of a version-control commit shows what changed;
review it before committing. A new archive needs only its comment and its
input section: "cutec golden -update" fills in the rest. Other sections (a
hand-written "notes") are kept as they are, where they are. An archive with
a section twice, or with an unknown section whose name is within two edits
of a known one (a misspelling such as "printd"), fails and is never
rewritten.

With -matrix, ROOT is a checkout of cutec's repository, and golden runs
the test matrix instead: every golden file's input, every expression of
the reference and dialect sets under testdata/ and the MLIR corpus
(testdata/mlir) go through every implementation the binary holds (eval
and lint, the eval fast path in text and JSON, the web page's entry, the
C ABI's eval, lint and verify, which the Python package wraps, and the
language server), which must answer the same; each disagreement is
printed, then a count of what was compared (docs/testing.md).

Exit status: 0 when every archive matches (or was updated) or every
implementation agrees, 1 when one differs, 2 on a usage error or when an
archive or the corpus cannot be read.`,
	setup: func(fs *flag.FlagSet) runFunc {
		o := &goldener{}
		fs.BoolVar(&o.update, "update", false, "rewrite the archives whose sections differ")
		fs.BoolVar(&o.matrix, "matrix", false, "run the test matrix on the repository ROOT")
		return o.run
	},
}

// goldener holds the flags of golden.
type goldener struct {
	update, matrix bool
}

// run checks or updates the archives under each directory of args.
func (o *goldener) run(e *env, args []string) int {
	if o.matrix {
		return o.runMatrix(e, args)
	}
	if len(args) == 0 {
		return usageError(e, "golden", "golden needs a directory of golden files")
	}
	archives, differ, malformed := 0, 0, 0
	// One run over every directory: an update writes nothing when any
	// archive of any directory cannot be read or is malformed.
	results, err := golden.RunAll(args, o.update)
	if err != nil {
		fmt.Fprintf(e.stderr, "cutec golden: %s\n", diag.Escape(err.Error()))
		if o.update {
			fmt.Fprintf(e.stderr, "cutec golden: no golden file was updated\n")
		}
		return exitUsage
	}
	{
		for _, r := range results {
			if r.Skipped != "" {
				e.errorf("golden: skipping %s: %s", r.Path, r.Skipped)
				continue
			}
			archives++
			for _, p := range r.Problems {
				fmt.Fprintf(e.stdout, "%s: %s\n", diag.Escape(r.Path), diag.Escape(p))
			}
			for _, f := range r.FactFailures {
				fmt.Fprintf(e.stdout, "%s: %s\n", diag.Escape(r.Path), diag.Escape(f))
			}
			if len(r.Problems) > 0 || len(r.FactFailures) > 0 || (!r.Updated && len(r.Mismatches) > 0) {
				differ++
			}
			switch {
			case len(r.Problems) > 0:
				malformed++
			case r.Updated:
				fmt.Fprintf(e.stdout, "updated %s\n", diag.Escape(r.Path))
			case o.update && len(r.Mismatches) > 0:
				fmt.Fprintf(e.stdout, "%s: differs; not updated, since a golden file of the run is malformed\n", diag.Escape(r.Path))
			case len(r.Mismatches) > 0:
				for _, m := range r.Mismatches {
					path := diag.Escape(r.Path)
					fmt.Fprintf(e.stdout, "%s: section %s differs:\n", path, diag.Escape(m.Section))
					e.stdout.Write(diff.Diff(path+"#"+diag.Escape(m.Section), []byte(m.Want), "recomputed", []byte(m.Got)))
				}
			}
		}
	}
	if archives == 0 {
		fmt.Fprintf(e.stderr, "cutec golden: no golden files (*.txtar) under %s\n", diag.Escape(fmt.Sprint(args)))
		return exitUsage
	}
	if differ > 0 {
		if malformed > 0 {
			fmt.Fprintf(e.stderr, "cutec golden: %d of %d golden files are malformed (a section twice, or a misspelt one); fix them by hand\n", malformed, archives)
		}
		if differ > malformed {
			fmt.Fprintf(e.stderr, "cutec golden: %d of %d golden files differ; run \"cutec golden -update\" to accept the new output\n", differ-malformed, archives)
		}
		return exitFindings
	}
	return exitOK
}

// runMatrix runs the test matrix on the repository named by args.
func (o *goldener) runMatrix(e *env, args []string) int {
	if len(args) != 1 || o.update {
		return usageError(e, "golden", "golden -matrix takes one repository root, and no -update")
	}
	m, err := runMatrix(args[0], 1)
	if err != nil {
		fmt.Fprintf(e.stderr, "cutec golden: %s\n", diag.Escape(err.Error()))
		return exitUsage
	}
	for _, p := range m.problems {
		for _, line := range strings.Split(p, "\n") { // each line escaped, the report's lines kept
			fmt.Fprintf(e.stdout, "%s\n", diag.Escape(line))
		}
	}
	fmt.Fprintf(e.stdout, "matrix: %d expressions (the eval fast path took %d), %d documents, %d sets through the language server: %d disagreements\n",
		m.Exprs, m.FastTook, m.Docs, m.Sets, len(m.problems))
	if len(m.problems) > 0 {
		return exitFindings
	}
	return exitOK
}
