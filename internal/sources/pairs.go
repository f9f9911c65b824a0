package sources

import (
	"bytes"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/normalize"
	"github.com/cutec/cutec/parser"
	"github.com/cutec/cutec/verify"
)

// This file pairs a tiled copy with the shared-memory layout it moves, so
// that lint reports the bank conflicts of that copy over that layout. The
// pairing rule (docs/sources.md): a call `X.partition_S(Y)` (or
// `partition_D`) where
//
//   - X is a tiled copy declared in scope, or a thread slice of one
//     (`auto X = T.get_slice(t)` or `T.get_thread_slice(t)`, or the call
//     `T.get_slice(t).partition_S(Y)` itself);
//   - Y is a shared-memory tensor of a layout declared in scope
//     (`Tensor Y = make_tensor(make_smem_ptr(P), L)`, L a layout or a
//     swizzled layout of rank 2, or 3 with a stage mode, read statically);
//   - the side is the one in shared memory for the copy's atom: the source
//     of ldmatrix (LDSM), the destination of stmatrix (STSM) and cp.async.
//
// The check is the language's bank_check(L, T, TILED_COPY), T the copy
// atom's value type (the tensor's elements are taken to be of that
// width): warp 0's access to every tile of the layout, which the kernel
// performs, so a conflict reported is one the kernel has.

var (
	cppPartition = regexp.MustCompile(`\b([A-Za-z_]\w*)\s*\.\s*partition_([SD])\s*\(\s*([A-Za-z_]\w*)\s*\)`)
	cppChained   = regexp.MustCompile(`\b([A-Za-z_]\w*)\s*\.\s*get_(?:thread_)?slice\s*\([^();]*\)\s*\.\s*partition_([SD])\s*\(\s*([A-Za-z_]\w*)\s*\)`)
	cppSlice     = regexp.MustCompile(`\b([A-Za-z_]\w*)\s*=\s*([A-Za-z_]\w*)\s*\.\s*get_(?:thread_)?slice\s*\(`)
	cppSmem      = regexp.MustCompile(`\b([A-Za-z_]\w*)\s*=\s*(?:cute::)?make_tensor\s*\(\s*(?:cute::)?make_smem_ptr\s*\(`)
	atomType     = regexp.MustCompile(`^make_tiled_copy_tv\(copy_atom\(([A-Za-z0-9_]+), ([A-Za-z0-9_:]+)`)
)

// smemSide is the side of a copy in shared memory by its atom's name: 'S'
// for ldmatrix, 'D' for stmatrix and cp.async, 0 for any other.
func smemSide(op string) byte {
	switch {
	case strings.Contains(op, "_LDSM_"):
		return 'S'
	case strings.Contains(op, "_STSM_"), strings.Contains(op, "CP_ASYNC"):
		return 'D'
	}
	return 0
}

// pairBanks checks the bank conflicts of each tiled copy paired with a
// shared-memory layout, and returns the findings at the partition calls.
func (r *reader) pairBanks(name string, file *diag.File, p *verify.Pass, env *normalize.Env) diag.List {
	if r.py || !r.copies || !bytes.Contains(r.clean, []byte("make_smem_ptr")) {
		return nil // no tiled copy read, or no shared-memory tensor
	}
	// Thread slices and shared-memory tensors, by name, with their scope.
	thr := map[string][]constDef{}
	for _, m := range findNear(r.clean, cppSlice, "slice") {
		thr[string(r.clean[m[2]:m[3]])] = append(thr[string(r.clean[m[2]:m[3]])],
			constDef{at: m[1], scope: r.sc.at(m[0]), text: string(r.clean[m[4]:m[5]])})
	}
	tensors := map[string][]constDef{}
	budget := scanBudget(r.clean)
	for _, m := range findNear(r.clean, cppSmem, "make_smem_ptr") {
		// the parenthesis of the make_tensor call
		call := strings.LastIndex(string(r.clean[m[0]:m[1]]), "make_tensor")
		lp := strings.IndexByte(string(r.clean[m[0]+call:m[1]]), '(') + m[0] + call
		end := balanced(r.clean, lp, false, &budget)
		if end < 0 {
			continue
		}
		args := topLevelArgs(r.clean, lp+1, end-1)
		if len(args) != 2 {
			continue
		}
		v := r.eval(name, args[1][0], args[1][1], p, env)
		if v == nil {
			continue
		}
		tensors[string(r.clean[m[2]:m[3]])] = append(tensors[string(r.clean[m[2]:m[3]])],
			constDef{at: m[0], scope: r.sc.at(m[0]), val: v})
	}
	var out diag.List
	calls := append(findNear(r.clean, cppPartition, "partition_"), findNear(r.clean, cppChained, "partition_")...)
	slices.SortFunc(calls, func(a, b []int) int { return a[0] - b[0] })
	for _, m := range calls {
		at, use := m[0], r.sc.at(m[0])
		x, side, y := string(r.clean[m[2]:m[3]]), r.clean[m[4]], string(r.clean[m[6]:m[7]])
		if s, ok := find(r.sc, thr[x], at, use); ok {
			x, at = s.text, s.at
			use = s.scope
		}
		tc, ok := r.lookupDef(x, at, use)
		if !ok || tc.val == nil {
			continue
		}
		sm := atomType.FindStringSubmatch(tc.val.String())
		if sm == nil || smemSide(sm[1]) != side {
			continue
		}
		t, ok := find(r.sc, tensors[y], m[0], r.sc.at(m[0]))
		if !ok || rank(t.val) < 2 || rank(t.val) > 3 {
			continue
		}
		text := []byte("bank_check(" + t.val.String() + ", " + sm[2] + ", " + tc.val.String() + ")")
		w := diag.NewWindow(name, text, 0, 1, 1)
		e, pd := parser.ParseExpr(w)
		if len(pd) > 0 || e == nil {
			continue
		}
		_, vd := p.Node(w, e, env)
		if hasError(vd) {
			continue // no finding on a pair the analysis cannot read
		}
		sp := diag.Span{Start: m[0], End: m[1]}
		for _, d := range vd {
			c := *d
			c.File, c.Span, c.Fix = file, sp, nil
			c.Notes = nil
			c.Message = "the tiled copy " + x + " over " + y + ": " + c.Message
			out = append(out, &c)
		}
	}
	return out
}

// findNear returns the matches of re that hold the word kw, each found
// in a window of text around an occurrence of kw (running re over the
// whole file is many times slower), in order and once each.
func findNear(b []byte, re *regexp.Regexp, kw string) [][]int {
	var out [][]int
	last := -1
	for i := 0; ; {
		k := bytes.Index(b[i:], []byte(kw))
		if k < 0 {
			return out
		}
		at := i + k
		i = at + len(kw)
		lo, hi := max(0, at-nearBack), min(len(b), at+nearAhead)
		for _, m := range re.FindAllSubmatchIndex(b[lo:hi], -1) {
			if m[0]+lo <= at && at < m[1]+lo && m[0]+lo > last {
				for j := range m {
					if m[j] >= 0 {
						m[j] += lo
					}
				}
				out = append(out, m)
				last = m[0]
			}
		}
	}
}

// nearBack and nearAhead bound the window of findNear around its word: a
// partition call, a thread slice's declaration or a tensor's make_tensor
// head is shorter.
const nearBack, nearAhead = 256, 128

// find returns the definition of defs (in order of at) before at that is
// visible from scope use, the innermost: walking back from at, the first
// visible one (a definition of a scope around use made after that scope
// opened would lie inside it). The walk is bounded (maxWalk): past it, the
// name is not found, and the declaration is skipped.
func find(sc scopes, defs []constDef, at, use int) (constDef, bool) {
	k := sort.Search(len(defs), func(k int) bool { return defs[k].at >= at }) - 1
	for n := 0; k >= 0 && n < maxWalk; k, n = k-1, n+1 {
		if sc.visible(defs[k].scope, use) {
			return defs[k], true
		}
	}
	return constDef{}, false
}

// maxWalk bounds the definitions of one name that a lookup passes over.
const maxWalk = 1024

// addDef adds a definition to defs, kept in order of at.
func addDef(defs []constDef, d constDef) []constDef {
	k := len(defs)
	for k > 0 && defs[k-1].at > d.at {
		k--
	}
	return slices.Insert(defs, k, d)
}

// eval evaluates the text [off, end) of the file as a declaration is
// evaluated: a layout or a swizzled layout, or nil.
func (r *reader) eval(name string, off, end int, p *verify.Pass, env *normalize.Env) normalize.Value {
	if end-off > maxDeclLen || end <= off {
		return nil
	}
	text, _ := r.substitute(r.clean[off:end], off)
	w := diag.NewWindow(name, text, 0, 1, 1)
	e, pd := parser.ParseExpr(w)
	if len(pd) > 0 || e == nil {
		return nil
	}
	v, vd := p.Node(w, e, env)
	if v == nil || hasError(vd) || symbols(v.String()) != "" {
		return nil
	}
	switch v.Kind() {
	case normalize.KindLayout, normalize.KindComposed:
		return v
	}
	return nil
}

// rank is the number of top modes of a layout's or swizzled layout's
// printed value (its last `:(...)`, `o`-separated part), or 0.
func rank(v normalize.Value) int {
	s := v.String()
	if i := strings.LastIndex(s, " o "); i >= 0 {
		s = s[i+3:]
	}
	if !strings.HasPrefix(s, "(") {
		return 1
	}
	n, depth := 1, 0
	for _, c := range s {
		switch c {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return n
			}
		case ',':
			if depth == 1 {
				n++
			}
		}
	}
	return 0
}

// topLevelArgs returns the spans of the arguments in b[start:end] split at
// the commas outside brackets and angle brackets.
func topLevelArgs(b []byte, start, end int) [][2]int {
	var out [][2]int
	depth, from := 0, start
	for k := start; k < end; k++ {
		switch b[k] {
		case '(', '[', '{', '<':
			depth++
		case ')', ']', '}', '>':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, [2]int{from, k})
				from = k + 1
			}
		}
	}
	return append(out, [2]int{from, end})
}
