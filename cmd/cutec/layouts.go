//go:build !js

package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"strconv"

	"github.com/cutec/cutec/internal/driver"
	"github.com/cutec/cutec/internal/sources"
)

// layoutsCommand is "cutec layouts [-format text|json] [-v] FILE...".
var layoutsCommand = &command{
	name:  "layouts",
	args:  "[-format text|json] [-v] PATH...",
	short: "list the CuTe layouts a C++ or CuTe DSL Python file declares",
	long: `Layouts reads the CuTe declarations of C++ sources (.cu, .cuh, .hpp, .h,
.cpp, .cc, .cxx) and CuTe DSL Python kernels (.py), as docs/sources.md says,
and prints each one it evaluates: its place, its name, its kind and its
value, one a line (FILE:LINE:COL: NAME: KIND: VALUE), or with -format json an
array of objects with file, line, column, name, kind and value, so that a
build can diff the layouts of a kernel between two versions. A declaration
that cannot be evaluated statically (a run-time value, a name the reader
does not know) is never an error: -v says on standard error which ones were
skipped and why. A directory is walked as lint walks it: its C++ and Python
files that use CuTe, in lexical order.

Exit status: 0 when every file was read, 2 on a usage or I/O error.`,
	setup: func(fs *flag.FlagSet) runFunc {
		o := &layoutsLister{}
		fs.StringVar(&o.format, "format", "text", "output format: text or json")
		fs.BoolVar(&o.verbose, "v", false, "list on standard error the declarations skipped, and why")
		return o.run
	},
}

type layoutsLister struct {
	format  string
	verbose bool
}

func (o *layoutsLister) run(e *env, args []string) int {
	if o.format != "text" && o.format != "json" {
		return usageError(e, "layouts", "unknown format %q (want text or json)", o.format)
	}
	if len(args) == 0 {
		return usageError(e, "layouts", "no file given")
	}
	w := bufio.NewWriter(e.stdout)
	status, first := exitOK, true
	pass := driver.Default().Cute
	if o.format == "json" {
		w.WriteString("[")
	}
	for _, p := range o.files(e, args, &status) {
		src, err := readSourceFile(p.path)
		if err != nil {
			e.errorf("layouts: %v", err)
			status = exitUsage
			continue
		}
		if p.walked && !sources.HasMarker(src) {
			continue
		}
		res := sources.Read(p.name, src, pass)
		for _, d := range res.Decls {
			if d.Value == nil {
				if o.verbose {
					e.errorf("layouts: %s:%d:%d: skipped %s: %s", p.name, d.Line, d.Column, d.Name, d.Skipped)
				}
				continue
			}
			if o.format == "text" {
				fmt.Fprintf(w, "%s:%d:%d: %s: %s: %s\n", p.name, d.Line, d.Column, d.Name, d.Kind(), d.Value.String())
				continue
			}
			if !first {
				w.WriteString(",")
			}
			first = false
			b := []byte("\n  {\"file\": ")
			b = driver.AppendJSONString(b, p.name)
			b = append(b, ", \"line\": "...)
			b = strconv.AppendInt(b, int64(d.Line), 10)
			b = append(b, ", \"column\": "...)
			b = strconv.AppendInt(b, int64(d.Column), 10)
			b = append(b, ", \"name\": "...)
			b = driver.AppendJSONString(b, d.Name)
			b = append(b, ", \"kind\": "...)
			b = driver.AppendJSONString(b, d.Kind())
			b = append(b, ", \"value\": "...)
			b = driver.AppendJSONString(b, d.Value.String())
			b = append(b, '}')
			w.Write(b)
		}
	}
	if o.format == "json" {
		if !first {
			w.WriteString("\n")
		}
		w.WriteString("]\n")
	}
	if err := w.Flush(); err != nil {
		e.errorf("layouts: writing output: %v", err)
		return exitUsage
	}
	return status
}

// files returns the files named, in their order, a directory replaced by
// the C++ and Python sources under it (lint's walk, in lexical order),
// which are read only where they use CuTe (sources.HasMarker).
func (o *layoutsLister) files(e *env, args []string, status *int) []source {
	var out []source
	ioError := func(err error) {
		e.errorf("layouts: %v", err)
		*status = exitUsage
	}
	for _, p := range args {
		if fi, err := os.Stat(p); err == nil && fi.IsDir() {
			for _, s := range walk(p, ioError, func(string) {}) {
				if sources.Is(s.path) {
					out = append(out, s)
				}
			}
			continue
		}
		out = append(out, source{path: p, name: p})
	}
	return out
}

// maxSourceBytes bounds what is read of one C++ or Python source.
const maxSourceBytes = 64 << 20

// readSourceFile reads a whole C++ or Python source, bounded, opened as
// lint opens a file named on the command line.
func readSourceFile(p string) ([]byte, error) {
	f, err := openSource(source{path: p, name: p})
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := readSource(f)
	if err != nil {
		return nil, err
	}
	if len(b) > maxSourceBytes {
		return nil, fmt.Errorf("%s: more than %d bytes", p, maxSourceBytes)
	}
	return b, nil
}
