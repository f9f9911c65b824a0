package layout

import (
	"fmt"
	"slices"
	"strings"
)

// Codes of the symbolic algebra.
const (
	CodeSymbolUndecided Code = "E0715" // the algebra cannot decide a step symbolically
	CodeObligationFalse Code = "E0716" // an obligation fails for every value the facts allow
	CodeSymbolTerm      Code = "E0717" // a symbolic term that is not well formed
	CodeObligationOpen  Code = "W0914" // an obligation the facts do not prove
)

// Obligation is a condition under which a symbolic result is right: D
// divides T. Operations on symbolic layouts compute their result assuming
// their obligations and return them with it (symResult).
type Obligation struct {
	Op   string // the operation that needs it
	D, T Term
	// Rel is the relation stated: D | T (the zero value), T != D or T >= D.
	Rel Rel
	// Assumed marks a condition that the dialect (CuTe's type inference)
	// assumes of a dynamic value without stating it (CuTe's recast:
	// "dynamic strides are larger than N and divisible"): cutec states it
	// with its own code (W0916), so that what the compiler assumes is
	// told from what is proved.
	Assumed bool
	// Residue marks the condition that a tile divides an extent where
	// CuTe does not require it: the rest mode is ceil_div(M, T), read
	// M/T, and where T does not divide M the last tile is partial and
	// reads past the end (its residue handled by predication, as CUTLASS
	// kernels do). verify reports it with W0500, not as an obligation.
	Residue bool
}

// Rel is the relation an obligation states between its terms.
type Rel uint8

const (
	RelDivides  Rel = iota // D divides T
	RelNotEqual            // T differs from D (an extent that may be 1, a stride that may be 0)
	RelAtLeast             // T is at least D
	RelEither              // D divides T or T divides D (shape_div: one divides the other)
)

// String is the condition, "128 | M", "?1 != 1", "?2 >= 1".
func (o Obligation) String() string { return string(o.AppendText(nil)) }

// AppendText appends the condition (String) to b.
func (o Obligation) AppendText(b []byte) []byte {
	switch o.Rel {
	case RelNotEqual:
		return o.D.appendText(append(o.T.appendText(b, false), " != "...), false)
	case RelAtLeast:
		return o.D.appendText(append(o.T.appendText(b, false), " >= "...), false)
	case RelEither:
		b = o.T.appendText(append(o.D.appendText(b, false), " | "...), false)
		return o.D.appendText(append(o.T.appendText(append(b, " or "...), false), " | "...), false)
	}
	return o.T.appendText(append(o.D.appendText(b, false), " | "...), false)
}

// sameCondition reports whether o and p state the same condition: the same
// String, compared without building it.
func (o Obligation) sameCondition(p Obligation) bool {
	return o.Rel == p.Rel && o.D.samePlain(p.D) && o.T.samePlain(p.T)
}

// samePlain reports whether t and u have the same Plain spelling.
func (t Term) samePlain(u Term) bool {
	return t.Coef == u.Coef && max(t.Div, 1) == max(u.Div, 1) && slices.Equal(t.Names, u.Names)
}

// Holds evaluates the condition for values of its symbols; ok is false
// when a symbol has no value.
func (o Obligation) Holds(values map[string]int64) (holds, ok bool) {
	d, ok1 := o.D.Eval(values)
	t, ok2 := o.T.Eval(values)
	if !ok1 || !ok2 {
		return false, false
	}
	switch o.Rel {
	case RelNotEqual:
		return t != d, true
	case RelAtLeast:
		return t >= d, true
	case RelEither:
		return d != 0 && t%d == 0 || t != 0 && d%t == 0 || d == 0 && t == 0, true
	}
	return d != 0 && t%d == 0 || d == 0 && t == 0, true
}

// Verdict is what the facts say of an obligation.
type Verdict uint8

const (
	Proved  Verdict = iota // the facts imply it
	Open                   // some values the facts allow satisfy it and some may not
	Refuted                // no value the facts allow satisfies it
)

// Discharge decides an obligation from the facts its terms carry. For an
// open or refuted obligation, counter is an assignment the facts allow for
// which the condition fails (empty when none is found), and fix is the
// fact that would prove it (empty when no fact on a symbol can).
func (o Obligation) Discharge() (v Verdict, counter map[string]int64, fix string) {
	return o.discharge(true)
}

// Verdict is the verdict of Discharge, without the counterexample and the
// fix that only the text of a diagnostic needs (eval prints the condition).
func (o Obligation) Verdict() Verdict {
	v, _, _ := o.discharge(false)
	return v
}

// discharge is Discharge; why says whether to find the counterexample and
// the fix, which never change the verdict.
func (o Obligation) discharge(why bool) (v Verdict, counter map[string]int64, fix string) {
	d, t := o.D, o.T
	if o.Rel == RelEither {
		// Either direction proves it; it is refuted where both are.
		v1, counter, fix := Obligation{D: d, T: t}.discharge(why)
		v2, _, _ := Obligation{D: t, T: d}.discharge(why)
		switch {
		case v1 == Proved || v2 == Proved:
			return Proved, nil, ""
		case v1 == Refuted && v2 == Refuted:
			return Refuted, nil, ""
		}
		if counter != nil {
			if holds, ok := o.Holds(counter); !ok || holds {
				counter = nil
			}
		}
		return Open, counter, fix
	}
	if o.Rel != RelDivides {
		return o.dischargeOrder(why)
	}
	if d.IsInt() && t.IsInt() {
		if d.Coef != 0 && t.Coef%d.Coef == 0 {
			return Proved, nil, ""
		}
		return Refuted, nil, ""
	}
	if q, ok := t.Quo(d); ok && q.Div == 1 {
		return Proved, nil, "" // T is D times a product of symbols
	}
	if why {
		counter = smallest(d, t)
		fails := true
		if dv, ok := d.Eval(counter); ok {
			if tv, ok := t.Eval(counter); ok && dv != 0 && tv%dv == 0 {
				fails = false
			}
		}
		if !fails {
			counter = nil
		}
	}
	if d.IsInt() {
		// A multiple of a term is provable by a fact on one of its symbols.
		if k := abs(d.Coef); t.KnownDivisor()%k == 0 {
			return Proved, nil, ""
		}
		if !why {
			return Open, nil, ""
		}
		return Open, counter, factFix(d.Coef, t)
	}
	// D is symbolic: its smallest value under the facts is the product of
	// their divisors; if that does not divide a static T, nothing does.
	if t.IsInt() {
		if k := d.KnownDivisor(); k != 0 && t.Coef%k != 0 {
			if !why {
				return Refuted, nil, ""
			}
			return Refuted, smallest(d, t), ""
		}
	}
	return Open, counter, ""
}

// dischargeOrder decides T != D and T >= D for a static D. A symbol
// standing for a dynamic stride may be 0 or negative, so only the divisor
// facts speak: T != c is proved when T's known divisor does not divide c
// (?{div=2} is never 1); T >= c is never proved of a symbolic T.
func (o Obligation) dischargeOrder(why bool) (Verdict, map[string]int64, string) {
	c, t := o.D.Coef, o.T
	if !o.D.IsInt() {
		return Open, nil, "" // two symbolic terms: the facts order nothing
	}
	if t.IsInt() {
		if holds, _ := o.Holds(nil); holds {
			return Proved, nil, ""
		}
		return Refuted, nil, ""
	}
	k := t.KnownDivisor()
	if named(t) && t.Coef > 0 {
		// Named symbols are positive integers (docs/symbols.md): T is at
		// least its value at the smallest facts.
		if low, ok := t.atSmallest(); ok && (o.Rel == RelAtLeast && low >= c || o.Rel == RelNotEqual && low > c) {
			return Proved, nil, ""
		}
	}
	var counter map[string]int64
	if why && len(t.Names) == 1 && t.Div <= 1 && t.Coef != 0 {
		v := c / t.Coef
		if o.Rel == RelAtLeast {
			v = 0
		}
		counter = map[string]int64{t.Names[0]: v}
		if holds, ok := o.Holds(counter); !ok || holds {
			counter = nil
		}
	}
	if o.Rel == RelNotEqual {
		if k != 0 && c%k != 0 {
			return Proved, nil, ""
		}
		if (c == 1 || c == -1) && why {
			if len(t.Names) > 0 {
				f := lcmCapped(t.Facts[0], 2)
				if strings.HasPrefix(t.Names[0], "?") {
					return Open, counter, fmt.Sprintf("?{div=%d} for %s", f, t.Names[0])
				}
				return Open, counter, fmt.Sprintf("%s{div=%d}", t.Names[0], f)
			}
		}
	}
	return Open, counter, ""
}

// smallest is the assignment of every symbol of d and t to its fact, the
// smallest positive value the fact allows.
func smallest(d, t Term) map[string]int64 {
	m := map[string]int64{}
	for _, s := range []Term{d, t} {
		for i, n := range s.Names {
			m[n] = s.Facts[i]
		}
	}
	return m
}

// atSmallest is t.Eval(smallest(t, t)) without the map: t with each
// symbol at its fact (the last occurrence's, for a repeated name).
func (t Term) atSmallest() (int64, bool) {
	var c calc
	n := t.Coef
	for i := 0; i < len(t.Names); {
		j := i + 1
		for j < len(t.Names) && t.Names[j] == t.Names[i] {
			j++
		}
		for range j - i {
			n = c.mul(n, t.Facts[j-1])
		}
		i = j
	}
	d := max(t.Div, 1)
	if c.err != nil || n%d != 0 {
		return 0, false
	}
	return n / d, true
}

// factFix names the fact that proves k | t: on t's first symbol, the
// divisor that makes Coef·fact a multiple of k·Div.
func factFix(k int64, t Term) string {
	if len(t.Names) == 0 || k == 0 {
		return ""
	}
	var c calc
	need := c.mul(abs(k), max(t.Div, 1))
	need /= gcd(need, t.Coef)
	// Other symbols' facts already contribute.
	for i := 1; i < len(t.Names); i++ {
		need /= gcd(need, t.Facts[i])
	}
	if c.err != nil || need <= 1 {
		return ""
	}
	f := lcmCapped(t.Facts[0], need)
	if strings.HasPrefix(t.Names[0], "?") {
		return fmt.Sprintf("?{div=%d} for %s", f, t.Names[0]) // a ? of the input, named for the message
	}
	return fmt.Sprintf("%s{div=%d}", t.Names[0], f)
}

// Describe is the text of a verdict: the condition, the values that break
// it, and the fact that would prove it.
func (o Obligation) Describe(v Verdict, counter map[string]int64, fix string) string {
	var b strings.Builder
	switch {
	case o.Residue:
		fmt.Fprintf(&b, "%s: the last tile reads past the end unless %s: the rest mode is ceil_div(%s, %s), and CuTe handles the residue by predication", o.Op, o, o.T.Plain(), o.D.Plain())
	case o.Assumed && v == Refuted:
		fmt.Fprintf(&b, "%s: the dialect assumes %s of a dynamic value, which no value allowed by the facts satisfies", o.Op, o)
	case o.Assumed:
		fmt.Fprintf(&b, "%s: the dialect assumes %s of a dynamic value (CuTe's rule, not a fact), so the result is right only if it holds", o.Op, o)
	case v == Refuted:
		fmt.Fprintf(&b, "%s: the result needs %s, which no value allowed by the facts satisfies", o.Op, o)
	default:
		fmt.Fprintf(&b, "%s: the result is right only if %s, which the facts do not prove", o.Op, o)
	}
	if len(counter) > 0 && !o.Residue {
		names := make([]string, 0, len(counter))
		for n := range counter {
			names = append(names, n)
		}
		slices.Sort(names)
		parts := make([]string, len(names))
		for i, n := range names {
			parts[i] = fmt.Sprintf("%s = %d", n, counter[n])
		}
		fmt.Fprintf(&b, "; it fails for %s", strings.Join(parts, ", "))
	}
	if fix != "" {
		fmt.Fprintf(&b, "; declare %s", fix)
	}
	return b.String()
}

// named reports whether every symbol of t is a named one (not a ? of the
// arguments, which may stand for 0 or a negative stride).
func named(t Term) bool {
	for _, n := range t.Names {
		if strings.HasPrefix(n, "?") {
			return false
		}
	}
	return len(t.Names) > 0
}
