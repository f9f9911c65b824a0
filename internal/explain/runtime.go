package explain

import (
	"fmt"

	"github.com/cutec/cutec/layout"
)

// The walks over leaves known only at run time (?) or named (M, lda): the
// evaluator decides what it can and states the rest as conditions on the
// run-time values (obligations); each step's note says which conditions
// its own sub-computation adds, so a reader sees where each one comes from.

// coalesceRuntime walks the leaves of a flat layout f whose leaves are not
// all static integers: the prefixes coalesced one more leaf at a time.
func (d *deriver) coalesceRuntime(f string, l layout.Layout) (result, bool) {
	n := topRank(l)
	if n < 2 || n > maxWalk {
		return d.step("coalesce", call("coalesce", f), "leaves known only at run time or symbolic: merged where the evaluator can decide s·d = d'"), true
	}
	prev := 1
	var r result
	for k := 1; k < n; k++ {
		expr := call("coalesce", call("take", f, "0", itoa(int64(k+1))))
		if k == n-1 {
			expr = call("coalesce", f)
		}
		m, _ := d.eval(call("get", f, itoa(int64(k))))
		r = d.step("leaf", expr, "")
		if !r.ok {
			return r, true
		}
		cur := 1
		if rl, ok := layoutOf(r.v); ok {
			cur = topRank(rl)
		}
		note := fmt.Sprintf("leaf %d, %s: the modes before it end where it starts (s·d = d', decided with the run-time values named), so it merges", k, m.text)
		if cur > prev {
			note = fmt.Sprintf("leaf %d, %s, stays a mode of its own: s·d = d' does not hold, or is not known before run time", k, m.text)
		}
		last := &d.steps[len(d.steps)-1]
		if last.Note != "" {
			note += "; " + last.Note
		}
		last.Note = note
		prev = cur
	}
	return r, true
}

// composeRuntime is A o B where a leaf of A or B is known only at run time
// or named: B distributed over its modes (eq. 22), and each mode composed
// with A on its own, its divisibility conditions (eq. 20, 21) stated
// for the run-time values where they cannot be decided.
func (d *deriver) composeRuntime(a, b string, bl layout.Layout) (result, bool) {
	if !bl.Shape().IsTuple() || bl.Rank() < 2 || bl.Rank() > maxWalk {
		return result{}, false // one mode of B: the call itself is the walk
	}
	parts := make([]string, bl.Rank())
	for i := range parts {
		m := d.step("mode of B", call("get", b, itoa(int64(i))), fmt.Sprintf("mode %d of B, composed on its own (paper eq. 22)", i))
		if !m.ok {
			return result{}, false
		}
		r := d.step("base case", call("composition", a, m.text), fmt.Sprintf("mode %d of B walks the modes of A (read on its extended domain, its leaves known only at run time or named): the conditions noted here are this mode's (eq. 20, 21)", i))
		if !r.ok {
			return r, true
		}
		parts[i] = r.text
	}
	return d.stepOK("concatenate", call("make_layout", parts...), "the compositions of the modes of B, concatenated (eq. 22)")
}

// complementRuntime is the complement of a layout with leaves known only
// at run time or named: filtered, then complemented, the conditions stated
// where the strides' order or divisibility is not known.
func (d *deriver) complementRuntime(args []string) (result, bool) {
	f := d.step("filter", call("filter", args[0]), "stride-0 and extent-1 modes do not contribute (paper Table 7); what is left is coalesced")
	if !f.ok {
		return f, true
	}
	rest := append([]string{f.text}, args[1:]...)
	return d.step("complement", call("complement", rest...), "the gaps between the modes sorted by stride and the rest up to the cotarget: where a stride or an extent is known only at run time, the order and the divisibility the gaps need (each stride a multiple of the block below it) are the conditions noted"), true
}
