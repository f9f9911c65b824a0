// Package gen generates large, realistic inputs for cutec's benchmarks, its
// scale tests and the cutecgen command: MLIR in the style CuTe DSL prints
// with CUTE_DSL_PRINT_IR=1, .cute regression suites, and files of one
// expression a line for "cutec eval".
//
// Output is deterministic: the same Kind and Options give the same bytes,
// whatever the machine. Every generator writes exactly Options.Size bytes
// of whole lines; when the next line would not fit, the rest is filled with
// comment lines (so the last kernel or suite may be cut short).
//
// Real IR repeats a few layouts many times among some that occur once, so
// most values come from a fixed pool of layouts CuTe kernels use, and a
// fraction (Options.Unique) is made fresh. A fraction of the values
// (Options.Errors) carries a deliberate error; each gives exactly one
// diagnostic error, on a line of its own, and every other line is clean.
//
// gen knows nothing of cutec's packages: the layouts it writes are right by
// construction (compact layouts, known facts of the algebra), and its tests
// check them with the real verifier.
package gen

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
)

// Kind names what to generate.
type Kind string

const (
	KindMLIR Kind = "mlir" // MLIR in CuTe DSL's style, for "cutec lint"
	KindCute Kind = "cute" // a .cute regression suite, for "cutec lint"
	KindExpr Kind = "expr" // one unique expression a line, for "cutec eval"
)

// Kinds lists the kinds Write accepts.
var Kinds = []Kind{KindMLIR, KindCute, KindExpr}

// Options configure a generated input.
type Options struct {
	Seed   uint64  // the seed of the pseudo-random choices
	Size   int64   // the exact number of bytes to write
	Unique float64 // the fraction of values made fresh rather than taken from the pool, in [0, 1]
	Errors float64 // the fraction of values with a deliberate error, in [0, 1]
}

// Stats count what a generator wrote.
type Stats struct {
	Bytes  int64 // bytes written: Options.Size unless writing failed
	Lines  int   // lines written
	Values int   // layouts and other CuTe values written (MLIR payloads, statements, expressions)
	Unique int   // values made fresh
	Errors int   // deliberate errors, each giving exactly one diagnostic error
}

// Write writes an input of the given kind to w.
func Write(w io.Writer, kind Kind, o Options) (Stats, error) {
	switch kind {
	case KindMLIR:
		return MLIR(w, o)
	case KindCute:
		return Cute(w, o)
	case KindExpr:
		return Exprs(w, o)
	}
	return Stats{}, fmt.Errorf("gen: unknown kind %q (want mlir, cute or expr)", kind)
}

// out writes whole lines up to an exact size and counts them.
type out struct {
	w       *bufio.Writer
	limit   int64
	comment string // the comment marker of the padding lines
	stats   Stats
	err     error
	rnd     *rand.Rand
	opts    Options
	line    []byte // the line being built
}

func newOut(w io.Writer, o Options, comment string) *out {
	return &out{
		w: bufio.NewWriterSize(w, 256<<10), limit: o.Size, comment: comment, opts: o,
		rnd: rand.New(rand.NewPCG(o.Seed, o.Seed^0x9e3779b97f4a7c15)),
	}
}

// emit writes the line being built (without its newline) and reports
// whether it fitted; once a line does not fit, nothing more is written but
// the padding.
func (o *out) emit() bool {
	o.line = append(o.line, '\n')
	if o.err != nil || o.stats.Bytes+int64(len(o.line)) > o.limit {
		o.line = o.line[:0]
		return false
	}
	_, o.err = o.w.Write(o.line)
	o.stats.Bytes += int64(len(o.line))
	o.stats.Lines++
	o.line = o.line[:0]
	return o.err == nil
}

// full reports whether the output can take no more lines.
func (o *out) full() bool { return o.err != nil || o.stats.Bytes >= o.limit }

// finish pads the output to its exact size with comment lines and flushes.
func (o *out) finish() (Stats, error) {
	for o.err == nil && o.stats.Bytes < o.limit {
		n := int(min(o.limit-o.stats.Bytes, 80))
		switch {
		case n <= len(o.comment)+1:
			o.line = append(o.line, "         "[:n-1]...)
		default:
			o.line = append(o.line, o.comment...)
			for len(o.line) < n-1 {
				o.line = append(o.line, '.')
			}
		}
		o.emit()
	}
	if err := o.w.Flush(); o.err == nil {
		o.err = err
	}
	return o.stats, o.err
}

// chance reports true with probability p.
func (o *out) chance(p float64) bool { return p > 0 && o.rnd.Float64() < p }

// str appends strings to the line being built.
func (o *out) str(ss ...string) {
	for _, s := range ss {
		o.line = append(o.line, s...)
	}
}

// value counts a value written, fresh or from the pool.
func (o *out) value(fresh bool) {
	o.stats.Values++
	if fresh {
		o.stats.Unique++
	}
}
