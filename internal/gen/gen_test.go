package gen

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/internal/heavytest"
	"github.com/cutec/cutec/normalize"
	"github.com/cutec/cutec/parser"
	"github.com/cutec/cutec/verify"
)

func generate(t testing.TB, kind Kind, o Options) ([]byte, Stats) {
	t.Helper()
	var b bytes.Buffer
	st, err := Write(&b, kind, o)
	if err != nil {
		t.Fatal(err)
	}
	return b.Bytes(), st
}

// TestExactSize checks that every kind writes exactly the size asked for,
// in whole lines, even when the size leaves room for no value at all.
func TestExactSize(t *testing.T) {
	for _, kind := range Kinds {
		for _, size := range []int64{0, 1, 2, 3, 79, 80, 81, 500, 10000, 1 << 20} {
			out, st := generate(t, kind, Options{Seed: 3, Size: size, Unique: 0.1})
			if int64(len(out)) != size || st.Bytes != size {
				t.Errorf("%s, size %d: wrote %d bytes, stats say %d", kind, size, len(out), st.Bytes)
			}
			if size > 0 && out[len(out)-1] != '\n' {
				t.Errorf("%s, size %d: the output does not end in a newline", kind, size)
			}
			if n := bytes.Count(out, []byte("\n")); n != st.Lines {
				t.Errorf("%s, size %d: %d lines, stats say %d", kind, size, n, st.Lines)
			}
		}
	}
}

// TestDeterministic checks that the seed alone decides the output.
func TestDeterministic(t *testing.T) {
	for _, kind := range Kinds {
		o := Options{Seed: 7, Size: 200 << 10, Unique: 0.05, Errors: 0.01}
		a, _ := generate(t, kind, o)
		b, _ := generate(t, kind, o)
		if !bytes.Equal(a, b) {
			t.Errorf("%s: two runs with the same options differ", kind)
		}
		o.Seed++
		if c, _ := generate(t, kind, o); bytes.Equal(a, c) {
			t.Errorf("%s: seeds 7 and 8 give the same output", kind)
		}
	}
}

// TestUniqueFraction checks that about the fraction of fresh values asked
// for is written: the pool repeats, the rest is new.
func TestUniqueFraction(t *testing.T) {
	for _, kind := range []Kind{KindMLIR, KindCute} {
		_, st := generate(t, kind, Options{Seed: 1, Size: 2 << 20, Unique: 0.1})
		if got := float64(st.Unique) / float64(st.Values); got < 0.05 || got > 0.2 {
			t.Errorf("%s: %d of %d values fresh (%.3f), want about 0.1", kind, st.Unique, st.Values, got)
		}
	}
}

// TestCleanButDeliberateErrors checks the generated inputs with the real
// verifier: every deliberate error gives exactly one diagnostic, on a line
// of its own, and nothing else is reported (not even a warning).
func TestCleanButDeliberateErrors(t *testing.T) {
	lowerable, err := verify.NewPass(verify.Options{Lowerable: true})
	if err != nil {
		t.Fatal(err)
	}
	check := map[Kind]func(f *diag.File) diag.List{
		KindMLIR: lowerable.MLIR,
		KindCute: verify.Default().CuteFile,
		KindExpr: evalLines,
	}
	size := int64(1 << 18) // 1 MiB with CUTEC_HEAVY=1
	if heavytest.Enabled() {
		size = 1 << 20
	}
	for _, kind := range Kinds {
		for _, rate := range []float64{0, 0.002} {
			src, st := generate(t, kind, Options{Seed: 11, Size: size, Unique: 0.05, Errors: rate})
			l := check[kind](diag.NewFile(string(kind), src))
			lines := map[int]bool{}
			for _, d := range l {
				lines[d.Start().Line] = true
			}
			if len(l) != st.Errors || len(lines) != st.Errors || !onlyErrors(l) {
				t.Errorf("%s, error rate %v: %d deliberate errors, %d diagnostics on %d lines:\n%s",
					kind, rate, st.Errors, len(l), len(lines), head(l, 10))
			}
			if rate > 0 && st.Errors == 0 {
				t.Errorf("%s: no deliberate error in %d bytes at rate %v", kind, size, rate)
			}
		}
	}
}

// evalLines evaluates each line of f as "cutec eval" does.
func evalLines(f *diag.File) diag.List {
	var all diag.List
	start, line := 0, 1
	for i, c := range f.Src {
		if c != '\n' {
			continue
		}
		text := f.Src[start:i]
		if len(text) > 0 && text[0] != '#' {
			w := diag.NewWindow(f.Name, text, start, line, 1)
			e, l := parser.ParseExpr(w)
			if !l.HasErrors() {
				ev := normalize.Evaluator{File: w}
				_, more := ev.Eval(e)
				l = append(l, more...)
			}
			all = append(all, l...)
		}
		start, line = i+1, line+1
	}
	return all
}

func onlyErrors(l diag.List) bool {
	for _, d := range l {
		if d.Severity != diag.Error {
			return false
		}
	}
	return true
}

func head(l diag.List, n int) string {
	var b bytes.Buffer
	for i, d := range l {
		if i == n {
			fmt.Fprintf(&b, "... and %d more\n", len(l)-n)
			break
		}
		fmt.Fprintln(&b, d.Error())
	}
	return b.String()
}

// BenchmarkGenerate measures the generators, which must be much faster than
// what they feed.
func BenchmarkGenerate(b *testing.B) {
	for _, kind := range Kinds {
		b.Run(string(kind), func(b *testing.B) {
			o := Options{Seed: 1, Size: 16 << 20, Unique: 0.02}
			b.SetBytes(o.Size)
			for b.Loop() {
				if _, err := Write(discard{}, kind, o); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }
