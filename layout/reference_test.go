package layout

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
)

// referenceCase is one line of testdata/reference/reference_cases.jsonl.
type referenceCase struct {
	Expr   string   `json:"expr"`
	Expect string   `json:"expect"`
	Accept []string `json:"accept"`
}

func loadReference(t *testing.T) []referenceCase {
	t.Helper()
	f, err := os.Open("../testdata/reference/reference_cases.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []referenceCase
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var c referenceCase
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatal(err)
		}
		cases = append(cases, c)
	}
	return cases
}

// TestReference evaluates every reference case with the algebra and
// compares the canonical result, or the failure, with the expectation.
func TestReference(t *testing.T) {
	for _, rc := range loadReference(t) {
		got, err := evalCall(rc.Expr)
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Errorf("%s: not a coded error: %v", rc.Expr, err)
			}
			got = "error"
		}
		got = strings.ReplaceAll(got, " ", "")
		want := strings.ReplaceAll(rc.Expect, " ", "")
		if got != want && !slices.Contains(rc.Accept, got) {
			msg := ""
			if err != nil {
				msg = " (" + err.Error() + ")"
			}
			t.Errorf("%s\n  got  %s%s\n  want %s %v", rc.Expr, got, msg, want, rc.Accept)
		}
	}
}

// evalCall evaluates one expression of the reference syntax and returns its
// canonical text.
func evalCall(expr string) (out string, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("reader: %v", p)
		}
	}()
	name, args := (&reader{s: expr}).call()
	op, ok := testOps[name]
	if !ok {
		return "", fmt.Errorf("unknown operation %s", name)
	}
	v, err := op(args)
	if err != nil {
		return "", err
	}
	return fmt.Sprint(v), nil
}

func lay(v any) Layout { return v.(Layout) }
func tup(v any) IntTuple {
	if l, ok := v.(Layout); ok {
		return l.shape
	}
	return v.(IntTuple)
}

func tiler(v any) Tiler {
	t, err := asTiler(v)
	if err != nil {
		panic(err)
	}
	return t
}

func layoutOp(f func(Layout) (Layout, error)) func([]any) (any, error) {
	return func(a []any) (any, error) { return f(lay(a[0])) }
}

func tilerOp(f func(Layout, Tiler) (Layout, error)) func([]any) (any, error) {
	return func(a []any) (any, error) { return f(lay(a[0]), tiler(a[1])) }
}

// testOps maps operation names to the algebra, as the evaluator does.
var testOps = map[string]func([]any) (any, error){
	"size":   func(a []any) (any, error) { return lay(a[0]).Size() },
	"cosize": func(a []any) (any, error) { return lay(a[0]).Cosize() },
	"rank":   func(a []any) (any, error) { return lay(a[0]).Rank(), nil },
	"depth":  func(a []any) (any, error) { return lay(a[0]).Depth(), nil },
	"eval":   func(a []any) (any, error) { return lay(a[0]).Eval(tup(a[1])) },
	"idx2crd": func(a []any) (any, error) {
		return Idx2Crd(tup(a[0]), tup(a[1]))
	},
	"crd2idx": func(a []any) (any, error) {
		if len(a) == 2 {
			return Crd2IdxCompact(tup(a[0]), tup(a[1]))
		}
		return Crd2Idx(tup(a[0]), tup(a[1]), tup(a[2]))
	},
	"slice_and_offset": func(a []any) (any, error) {
		l, off, err := SliceAndOffset(tup(a[0]), lay(a[1]))
		if err != nil {
			return nil, err
		}
		return "{" + off.String() + "} o " + l.String(), nil
	},
	"coalesce": func(a []any) (any, error) {
		if len(a) == 2 {
			return CoalesceProfile(lay(a[0]), tup(a[1]))
		}
		return Coalesce(lay(a[0])), nil
	},
	"filter": func(a []any) (any, error) {
		if len(a) == 2 {
			return FilterProfile(lay(a[0]), tup(a[1]))
		}
		return Filter(lay(a[0])), nil
	},
	"filter_zeros": func(a []any) (any, error) { return FilterZeros(lay(a[0])), nil },
	"composition": func(a []any) (any, error) {
		if l, ok := a[1].(Layout); ok {
			return Compose(lay(a[0]), l)
		}
		return ComposeTiler(lay(a[0]), tiler(a[1]))
	},
	"complement": func(a []any) (any, error) {
		if len(a) == 2 {
			return ComplementTo(lay(a[0]), tup(a[1]))
		}
		return Complement(lay(a[0]))
	},
	"right_inverse":   layoutOp(RightInverse),
	"left_inverse":    layoutOp(LeftInverse),
	"logical_divide":  tilerOp(LogicalDivide),
	"zipped_divide":   tilerOp(ZippedDivide),
	"tiled_divide":    tilerOp(TiledDivide),
	"flat_divide":     tilerOp(FlatDivide),
	"logical_product": tilerOp(LogicalProduct),
	"zipped_product":  tilerOp(ZippedProduct),
	"tiled_product":   tilerOp(TiledProduct),
	"flat_product":    tilerOp(FlatProduct),
	"blocked_product": func(a []any) (any, error) { return BlockedProduct(lay(a[0]), lay(a[1])) },
	"raked_product":   func(a []any) (any, error) { return RakedProduct(lay(a[0]), lay(a[1])) },
	"swizzle": func(a []any) (any, error) {
		s := a[0].(Swizzle)
		sw, err := NewSwizzle(s.B, s.M, s.S)
		if err != nil {
			return nil, err
		}
		return sw.Apply(tup(a[1]).val), nil
	},
	"composed_eval": func(a []any) (any, error) {
		c := a[0].(ComposedLayout)
		if s, ok := c.Outer.(Swizzle); ok {
			if _, err := NewSwizzle(s.B, s.M, s.S); err != nil {
				return nil, err
			}
		}
		return c.Eval(tup(a[1]))
	},
	"max_common_layout": func(a []any) (any, error) { return MaxCommonLayout(lay(a[0]), lay(a[1])) },
	"max_common_vector": func(a []any) (any, error) { return MaxCommonVector(lay(a[0]), lay(a[1])) },
}
