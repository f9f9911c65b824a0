package normalize

import (
	"flag"
	"fmt"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"pgregory.net/rapid"

	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/internal/heavytest"
	"github.com/cutec/cutec/layout"
	"github.com/cutec/cutec/parser"
)

// The substitution property of the dynamic algebra (docs/dialect.md, "The
// rule for dynamic values"): a call of any operation of the table with ?
// and ?{div=k} leaves in its arguments is evaluated once as written, then
// once for each of several assignments of integers to its ? that respect
// their facts and roles (an extent is any positive multiple of its
// divisor, 1 included; a stride any multiple, 0 and negative included).
// The static instance judges: every static part of the dynamic result
// must be in it, every ?{div=k} of the result must divide what stands
// there, and a static instance that is an error must be announced by a
// stated condition that the assignment violates. A dynamic result that
// differs from an instance is allowed only where a stated condition fails
// for that assignment. A dynamic evaluation that is an error claims
// nothing and is not judged.

// knownUnsound are the operations whose dynamic results the property
// still finds wrong for some assignment, without a stated condition. The
// property reports them and does not fail on them; an operation not
// listed fails it. Empty when every operation is sound.
var knownUnsound = map[string]bool{}

// dynSlot is one ? of a generated call: its divisor and whether it stands
// for an extent (positive) or a stride (any integer).
type dynSlot struct {
	div    int64
	extent bool
	name   string // a named symbol (positive, 1 included), or "" for ?
}

// callGen builds the text of a call with ? leaves as placeholders.
type callGen struct {
	t       *rapid.T
	b       strings.Builder
	slots   []dynSlot
	symbols bool // draw named symbols too
	static  bool // draw static leaves only (a product's block, mostly)
	second  int  // where the second argument starts in b, once written
}

// staticBlock are the operations whose first operand the dialect asks to
// be static (E0700): the property draws it static three times in four,
// so that their dynamic tilers are exercised.
var staticBlock = map[string]bool{"logical_product": true, "zipped_product": true, "tiled_product": true,
	"flat_product": true, "blocked_product": true, "raked_product": true}

const hole = "\x00"

func (g *callGen) leaf(extent bool) {
	if g.static {
		g.staticLeaf(extent)
		return
	}
	if g.symbols && rapid.IntRange(0, 9).Draw(g.t, "symbol") < 2 {
		g.slots = append(g.slots, dynSlot{div: 1, extent: extent, name: rapid.SampledFrom([]string{"M", "N"}).Draw(g.t, "name")})
		g.b.WriteString(hole)
		return
	}
	if rapid.IntRange(0, 9).Draw(g.t, "dynamic") < 4 {
		div := rapid.SampledFrom([]int64{1, 1, 1, 2, 4, 8, 16, 64}).Draw(g.t, "div")
		g.slots = append(g.slots, dynSlot{div: div, extent: extent})
		g.b.WriteString(hole)
		return
	}
	g.staticLeaf(extent)
}

func (g *callGen) staticLeaf(extent bool) {
	if extent {
		g.b.WriteString(strconv.Itoa(rapid.SampledFrom([]int{1, 2, 3, 4, 8, 16}).Draw(g.t, "extent")))
		return
	}
	g.b.WriteString(strconv.Itoa(rapid.SampledFrom([]int{0, 1, 2, 3, 4, 8, 12, 16, 32, -1, -4}).Draw(g.t, "stride")))
}

// tuple writes a tuple congruent with the profile p (a leaf: nil), its
// leaves written by leafFn.
type profile []profile

func (g *callGen) profile(depth int) profile {
	if depth > 1 || rapid.IntRange(0, 2).Draw(g.t, "isLeaf") == 0 && depth > 0 {
		return nil
	}
	n := rapid.IntRange(1, 3).Draw(g.t, "rank")
	p := make(profile, n)
	for i := range p {
		p[i] = g.profile(depth + 1)
	}
	return p
}

func (g *callGen) tuple(p profile, extent bool) {
	if p == nil {
		g.leaf(extent)
		return
	}
	g.b.WriteByte('(')
	for i, q := range p {
		if i > 0 {
			g.b.WriteByte(',')
		}
		g.tuple(q, extent)
	}
	g.b.WriteByte(')')
}

func (g *callGen) layout() {
	p := g.profile(0)
	g.tuple(p, true)
	g.b.WriteByte(':')
	g.tuple(p, false)
}

func (g *callGen) tiler() {
	switch rapid.IntRange(0, 3).Draw(g.t, "tilerKind") {
	case 0:
		g.layout()
	case 1:
		g.leaf(true)
	case 2:
		g.tuple(g.profile(1), true)
	default:
		g.b.WriteByte('[')
		g.layout()
		g.b.WriteByte(';')
		g.layout()
		g.b.WriteByte(']')
	}
}

func (g *callGen) arg(k paramKind) {
	switch k {
	case pInt:
		g.b.WriteString(strconv.Itoa(rapid.SampledFrom([]int{0, 1, 2, 3, 4, 8, 16, 32}).Draw(g.t, "int")))
	case pTuple, pTupleOrTile:
		g.tuple(g.profile(0), true)
	case pSwizzle:
		g.b.WriteString(rapid.SampledFrom([]string{"S<1,1,1>", "S<2,1,2>", "S<3,4,3>"}).Draw(g.t, "swizzle"))
	case pComposed:
		g.b.WriteString(rapid.SampledFrom([]string{"S<1,1,1> o 0 o ", "S<2,0,3> o "}).Draw(g.t, "outer"))
		if g.b.String()[g.b.Len()-2] == 'o' {
			g.leaf(false)
			g.b.WriteString(" o ")
		}
		g.layout()
	case pTile:
		g.b.WriteByte('[')
		g.layout()
		g.b.WriteByte(';')
		g.layout()
		g.b.WriteByte(']')
	case pTiler, pTilerOrComposed, pDivisor:
		g.tiler()
	case pSized, pIndexable, pFlattenable, pDiceable, pSliceable:
		if rapid.IntRange(0, 3).Draw(g.t, "tupleArg") == 0 {
			g.tuple(g.profile(0), true)
			return
		}
		g.layout()
	default:
		g.layout()
	}
}

// dataLayout writes a data layout whose every mode i is a multiple of
// tile[i] (statically, by a divisor fact, or a plain ?, nested or not),
// sometimes with one more mode the tiles leave whole (extra). With basis
// its strides are the unit basis elements, mode i (or rank-1-i where
// transposed) the direction, as a coordinate tensor of the dialect has
// them ((?,?):(1@1,1@0)).
func (g *callGen) dataLayout(thr []int64, basis, transposed bool) (extra bool) {
	rank := len(thr)
	mode := func(i int) {
		t := thr[i]
		switch rapid.IntRange(0, 4).Draw(g.t, "lpExtent") {
		case 0: // a static multiple
			fmt.Fprintf(&g.b, "%d", t*rapid.SampledFrom([]int64{1, 2, 3, 4}).Draw(g.t, "lpMultiple"))
		case 1: // a ? whose fact says the threads divide it
			g.slots = append(g.slots, dynSlot{div: t * rapid.SampledFrom([]int64{1, 2}).Draw(g.t, "lpDiv"), extent: true})
			g.b.WriteString(hole)
		case 2: // a plain ? (the divisibility is then a stated condition)
			g.slots = append(g.slots, dynSlot{div: 1, extent: true})
			g.b.WriteString(hole)
		case 3: // nested: the threads' part static, the rest dynamic
			fmt.Fprintf(&g.b, "(%d,", t)
			g.leaf(true)
			g.b.WriteByte(')')
		default: // a named symbol, or a ? of any extent
			if g.symbols {
				g.slots = append(g.slots, dynSlot{div: 1, extent: true, name: rapid.SampledFrom([]string{"M", "N"}).Draw(g.t, "name")})
			} else {
				g.slots = append(g.slots, dynSlot{div: 1, extent: true})
			}
			g.b.WriteString(hole)
		}
	}
	// The data layout: its modes, then their strides.
	g.b.WriteByte('(')
	nested := make([]bool, rank)
	for i := range thr {
		if i > 0 {
			g.b.WriteByte(',')
		}
		before := g.b.Len()
		mode(i)
		nested[i] = strings.HasPrefix(g.b.String()[before:], "(")
	}
	extra = rapid.IntRange(0, 3).Draw(g.t, "lpExtraMode") == 0 // a mode the threads leave whole
	if extra {
		g.b.WriteByte(',')
		g.leaf(true)
	}
	g.b.WriteString("):(")
	for i := range thr {
		if i > 0 {
			g.b.WriteByte(',')
		}
		dir := i
		if transposed {
			dir = len(thr) - 1 - i
		}
		switch {
		case basis && nested[i]:
			fmt.Fprintf(&g.b, "(1@%d,%d@%d)", dir, thr[i], dir)
		case basis:
			fmt.Fprintf(&g.b, "1@%d", dir)
		case nested[i]:
			g.b.WriteByte('(')
			g.leaf(false)
			g.b.WriteByte(',')
			g.leaf(false)
			g.b.WriteByte(')')
		default:
			g.leaf(false)
		}
	}
	if extra {
		g.b.WriteByte(',')
		if basis {
			fmt.Fprintf(&g.b, "1@%d", len(thr))
		} else {
			g.leaf(false)
		}
	}
	g.b.WriteString(")")
	return extra
}

// join writes n items, f(i), between open and close, separated by sep.
func (g *callGen) join(open, sep, close string, n int, f func(i int)) {
	g.b.WriteString(open)
	for i := range n {
		if i > 0 {
			g.b.WriteString(sep)
		}
		f(i)
	}
	g.b.WriteString(close)
}

// tiledArgs writes a data layout and a tiler as a divide or local_tile
// takes them (localTile says how they are drawn); rank is the tiler's, and
// extra says whether the data layout has one more mode.
func (g *callGen) tiledArgs() (rank int, extra bool) {
	rank = rapid.IntRange(1, 2).Draw(g.t, "ltRank")
	tile := make([]int64, rank)
	for i := range tile {
		tile[i] = rapid.SampledFrom([]int64{1, 2, 4, 4, 8}).Draw(g.t, "ltTile")
	}
	basis := rapid.IntRange(0, 3).Draw(g.t, "ltBasis") == 0
	extra = g.dataLayout(tile, basis, basis && rapid.Bool().Draw(g.t, "ltTransposed"))
	g.b.WriteString(", ")
	g.second = g.b.Len()
	switch k := rapid.IntRange(0, 3).Draw(g.t, "ltTiler"); {
	case rank == 1 && k == 0:
		fmt.Fprintf(&g.b, "%d", tile[0])
	case rank == 1 && k == 1:
		fmt.Fprintf(&g.b, "%d:1", tile[0])
	case k == 2:
		g.join("[", ";", "]", rank, func(i int) { fmt.Fprintf(&g.b, "%d:1", tile[i]) })
	default:
		g.join("(", ",", ")", rank, func(i int) { fmt.Fprintf(&g.b, "%d", tile[i]) })
	}
	return rank, extra
}

// localTile writes the arguments of a local_tile that CuTe accepts: a
// data layout whose modes are multiples of the tile's (dataLayout), with
// integer strides or, as a coordinate tensor, basis strides; a
// tiler by mode, (BM,BN) or [BM:1;BN:1], or for a layout of one mode
// sometimes one integer or one layout; a coordinate, one integer or a
// tuple of one per mode, each a small integer (not always below the
// number of tiles) or a ? (the run-time block index); sometimes a
// projection of a tiler of rank 2.
func (g *callGen) localTile() {
	rank, extra := g.tiledArgs()
	g.b.WriteString(", ")
	component := func(int) {
		if rapid.IntRange(0, 2).Draw(g.t, "ltDynCoord") == 0 {
			g.slots = append(g.slots, dynSlot{div: 1, extent: true})
			g.b.WriteString(hole)
			return
		}
		fmt.Fprintf(&g.b, "%d", rapid.IntRange(0, 3).Draw(g.t, "ltCoord"))
	}
	proj := rank == 2 && rapid.IntRange(0, 3).Draw(g.t, "ltProj") == 0
	n := rank
	if extra && !proj && rapid.Bool().Draw(g.t, "ltExtraCoord") {
		n++
	}
	if !proj && rapid.IntRange(0, 3).Draw(g.t, "ltIntCoord") == 0 {
		component(0)
	} else {
		g.join("(", ",", ")", n, component)
	}
	if proj {
		g.b.WriteString(rapid.SampledFrom([]string{", (1,_)", ", (_,1)"}).Draw(g.t, "proj"))
	}
}

// localPartition writes the arguments of a local_partition that CuTe
// accepts (random layouts almost never are): a thread layout of static
// extents, compact in some order of its modes or with a drawn stride; a
// data layout whose every mode a multiple of the thread mode's extent
// (statically, by a divisor fact, or a plain ?, nested or not); an
// integer thread index below the number of threads, or a ? (the run-time
// thread index); sometimes a projection of a thread layout of rank 2.
func (g *callGen) localPartition() {
	rank := rapid.IntRange(1, 2).Draw(g.t, "lpRank")
	thr := make([]int64, rank)
	for i := range thr {
		thr[i] = rapid.SampledFrom([]int64{1, 2, 2, 4, 4, 8}).Draw(g.t, "lpThreads")
	}
	g.dataLayout(thr, false, false)
	g.b.WriteString(", ")
	// The thread layout: static extents, compact in an order, or a drawn stride.
	var n int64 = 1
	for _, t := range thr {
		n *= t
	}
	st := make([]int64, rank)
	p := int64(1)
	order := []int{0, 1}
	if rapid.Bool().Draw(g.t, "lpRowMajor") {
		order = []int{1, 0}
	}
	for _, i := range order {
		if i < rank {
			st[i] = p
			p *= thr[i]
		}
	}
	g.b.WriteByte('(')
	for i, t := range thr {
		if i > 0 {
			g.b.WriteByte(',')
		}
		fmt.Fprintf(&g.b, "%d", t)
	}
	g.b.WriteString("):(")
	for i, d := range st {
		if i > 0 {
			g.b.WriteByte(',')
		}
		if rapid.IntRange(0, 5).Draw(g.t, "lpDrawnStride") == 0 {
			g.leaf(false)
			continue
		}
		fmt.Fprintf(&g.b, "%d", d)
	}
	g.b.WriteString("), ")
	if rapid.IntRange(0, 3).Draw(g.t, "lpDynIndex") == 0 {
		g.slots = append(g.slots, dynSlot{div: 1, extent: true})
		g.b.WriteString(hole)
	} else {
		fmt.Fprintf(&g.b, "%d", rapid.Int64Range(0, n-1).Draw(g.t, "lpIndex"))
	}
	if rank == 2 && rapid.IntRange(0, 3).Draw(g.t, "lpProj") == 0 {
		g.b.WriteString(rapid.SampledFrom([]string{", (1,_)", ", (_,1)"}).Draw(g.t, "proj"))
	}
}

// soundOps are the operations of the table the property draws from:
// every one but those that take names (the bank operations).
// CUTEC_SOUND_OPS=coalesce,filter draws from those operations only.
var soundOps = sync.OnceValue(func() []string {
	only := map[string]bool{}
	for _, n := range strings.Split(os.Getenv("CUTEC_SOUND_OPS"), ",") {
		if n != "" {
			only[n] = true
		}
	}
	var names []string
	for _, n := range sortedOperationNames() {
		if operations[n].special == nil && (len(only) == 0 || only[n]) {
			names = append(names, n)
		}
	}
	return names
})

// soundStats counts what the property saw, by operation.
type soundStats struct {
	mu                                   sync.Mutex
	calls, refused, assignments, unsound map[string]int
	silentErr, covered                   map[string]int
	example                              map[string]string
	all                                  []string // every failure, with CUTEC_SOUND_VERBOSE=1
}

// soundVerbose logs every failure the property finds, not one an
// operation.
var soundVerbose = os.Getenv("CUTEC_SOUND_VERBOSE") != ""

func newSoundStats() *soundStats {
	return &soundStats{calls: map[string]int{}, refused: map[string]int{}, assignments: map[string]int{},
		unsound: map[string]int{}, silentErr: map[string]int{}, covered: map[string]int{}, example: map[string]string{}}
}

// evalText evaluates one expression and collects the conditions stated on
// its result.
func evalText(src string) (Value, []layout.Obligation, diag.List) {
	f := diag.NewFile("<expr>", []byte(src))
	e, diags := parser.ParseExpr(f)
	if diags.HasErrors() {
		return nil, nil, diags
	}
	var obl []layout.Obligation
	ev := Evaluator{File: f, OnObligation: func(_ *ast.Call, o layout.Obligation, _ layout.Verdict, _ string) {
		obl = append(obl, o)
	}}
	v, diags := ev.Eval(e)
	if diags.HasErrors() {
		return nil, obl, diags
	}
	return v, obl, nil
}

// drawValue draws a value for a ? that respects its facts and its role,
// boundary values first in likelihood.
func drawValue(t *rapid.T, s dynSlot) int64 {
	k := s.div
	if s.extent {
		m := rapid.SampledFrom([]int64{1, 1, 2, 3, 4, 5, 8}).Draw(t, "multiple")
		return k * m
	}
	m := rapid.SampledFrom([]int64{0, 1, 1, 2, 3, 4, 8, -1, -2}).Draw(t, "multiple")
	return k * m
}

// matches reports whether the printed dynamic result d holds for the
// printed static instance s: the same tokens, each ? (with its divisor)
// standing for an integer it divides.
func matches(d, s string) bool {
	dt, st := tokens(d), tokens(s)
	if len(dt) != len(st) {
		return false
	}
	for i, x := range dt {
		y := st[i]
		if x == y {
			continue
		}
		if strings.ContainsAny(x, "MN") {
			// A symbol left in a value that substituted does not reach
			// (a tile): it stands for the integer there.
			if _, err := strconv.ParseInt(y, 10, 64); err == nil {
				continue
			}
			return false
		}
		if !strings.HasPrefix(x, "?") {
			return false
		}
		div, rest := int64(1), x[1:]
		if strings.HasPrefix(rest, "{") {
			end := strings.IndexByte(rest, '}')
			for _, f := range strings.Fields(rest[1:end]) {
				if v, ok := strings.CutPrefix(f, "div="); ok {
					div, _ = strconv.ParseInt(v, 10, 64)
				}
			}
			rest = rest[end+1:]
		}
		num, basis, _ := strings.Cut(y, "@")
		if at, ok := strings.CutPrefix(rest, "@"); ok {
			if at != basis {
				return false
			}
		} else if basis != "" {
			return false
		}
		if num == "true" || num == "false" {
			continue
		}
		n, err := strconv.ParseInt(num, 10, 64)
		if err != nil || div != 0 && n%div != 0 {
			return false
		}
	}
	return true
}

// substituted is v with the values of its named symbols, where it is a
// layout or a tuple (an operation of the symbolic set returns them).
func substituted(v Value, values map[string]int64) Value {
	switch v := v.(type) {
	case Layout:
		if !v.L.HasSymbols() {
			return v
		}
		if l, ok := v.L.Substitute(values); ok {
			return Layout{l}
		}
		return Tuple{layout.Int(-1 << 62)} // a fraction: matches nothing
	case Tuple:
		if !v.T.HasSymbols() {
			return v
		}
		if t, ok := v.T.Substitute(values); ok {
			return tupleValue(t)
		}
		return Tuple{layout.Int(-1 << 62)}
	case Accessor:
		// local_tile, slice_and_offset: the offset and the layout.
		off, l := v.Offset, v.L
		if off.HasSymbols() {
			t, ok := off.Substitute(values)
			if !ok {
				return Tuple{layout.Int(-1 << 62)}
			}
			off = t
		}
		if sl, ok := substituted(Layout{l}, values).(Layout); ok {
			return Accessor{off, sl.L}
		}
		return Tuple{layout.Int(-1 << 62)}
	}
	return v
}

// holdsFor is matches on the values, where a layout's mode of extent 1
// may have any stride in either (the same function; CuTe C++ gives it
// the stride 0).
func holdsFor(d, s Value) bool {
	if matches(d.String(), s.String()) {
		return true
	}
	if da, sa, ok := accessors(d, s); ok {
		// local_tile, local_partition: the offset, then the layout.
		return sameOffset(da.Offset, sa.Offset) && holdsFor(Layout{da.L}, Layout{sa.L})
	}
	dl, ok1 := d.(Layout)
	sl, ok2 := s.(Layout)
	if !ok1 || !ok2 || !matches(dl.L.Shape().String(), sl.L.Shape().String()) {
		return false
	}
	var ds, ss, ex []layout.IntTuple
	ds, ss, ex = leaves(dl.L.Stride(), ds), leaves(sl.L.Stride(), ss), leaves(sl.L.Shape(), ex)
	if len(ds) != len(ss) || len(ex) != len(ss) {
		return false
	}
	for i := range ds {
		if !(ex[i].IsInt() && ex[i].Value() == 1) && !matches(ds[i].String(), ss[i].String()) {
			return false
		}
	}
	return true
}

func leaves(t layout.IntTuple, out []layout.IntTuple) []layout.IntTuple {
	if !t.IsTuple() {
		return append(out, t)
	}
	for i := range t.Len() {
		out = leaves(t.At(i), out)
	}
	return out
}

func tokens(s string) []string {
	var out []string
	for i := 0; i < len(s); {
		c := s[i]
		j := i + 1
		switch {
		case c == ' ':
			i++
			continue
		case c == '?' || c == '-' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_':
			for j < len(s) && (s[j] >= '0' && s[j] <= '9' || s[j] >= 'a' && s[j] <= 'z' || s[j] >= 'A' && s[j] <= 'Z' || s[j] == '_' || s[j] == '@' || s[j] == '=' || s[j] == '{' || s[j] == '}' && strings.Count(s[i:j], "{") > strings.Count(s[i:j], "}") || s[j] == ' ' && strings.Contains(s[i:j], "{") && !strings.Contains(s[i:j], "}")) {
				j++
			}
		}
		out = append(out, s[i:j])
		i = j
	}
	return out
}

// conditionTexts are the conditions of a dynamic result as eval prints
// them, those marked assumed included or left out.
func conditionTexts(obl []layout.Obligation, assumed bool) []string {
	var out []string
	for _, o := range obl {
		if assumed || !o.Assumed {
			out = append(out, o.String())
		}
	}
	return out
}

// violated reports whether one of the conditions fails for the values of
// the ?s (named ?1, ?2, ... in the order of the text).
func violated(obl []layout.Obligation, values map[string]int64) bool {
	for _, o := range obl {
		if holds, ok := o.Holds(values); ok && !holds {
			return true
		}
	}
	return false
}

// soundProperty checks one drawn call.
func soundProperty(st *soundStats, symbols bool) func(*rapid.T) {
	return func(t *rapid.T) {
		op := rapid.SampledFrom(soundOps()).Draw(t, "op")
		o := operations[op]
		n := rapid.IntRange(o.min, max(o.min, len(o.params))).Draw(t, "args")
		if o.variadic {
			n = rapid.IntRange(o.min, o.min+2).Draw(t, "args")
		}
		g := &callGen{t: t, symbols: symbols}
		g.b.WriteString(op + "(")
		switch {
		case op == "local_partition":
			g.localPartition()
		case op == "local_tile" && rapid.IntRange(0, 3).Draw(t, "ltShaped") > 0:
			g.localTile()
		case divideOps[op] && rapid.IntRange(0, 3).Draw(t, "divShaped") == 0:
			g.tiledArgs()
		default:
			for i := range n {
				if i > 0 {
					g.b.WriteString(", ")
				}
				if i == 1 {
					g.second = g.b.Len()
				}
				g.static = i == 0 && staticBlock[op] && rapid.IntRange(0, 3).Draw(t, "staticBlock") > 0
				g.arg(o.param(i))
				g.static = false
			}
		}
		g.b.WriteString(")")
		tmpl := g.b.String()
		if len(g.slots) == 0 {
			return
		}
		var dynText strings.Builder
		k := 0
		for _, part := range strings.SplitAfter(tmpl, hole) {
			if p, ok := strings.CutSuffix(part, hole); ok {
				dynText.WriteString(p)
				if n := g.slots[k].name; n != "" {
					dynText.WriteString(n)
				} else if d := g.slots[k].div; d > 1 {
					fmt.Fprintf(&dynText, "?{div=%d}", d)
				} else {
					dynText.WriteString("?")
				}
				k++
				continue
			}
			dynText.WriteString(part)
		}
		src := dynText.String()
		dv, obl, derr := evalText(src)
		st.mu.Lock()
		st.calls[op]++
		if derr != nil {
			st.refused[op]++
		}
		st.mu.Unlock()
		if derr != nil {
			return
		}
		dstr := dv.String()
		for range rapid.IntRange(3, 8).Draw(t, "assignments") {
			values := map[string]int64{}
			for _, n := range []string{"M", "N"} {
				values[n] = rapid.SampledFrom([]int64{1, 2, 3, 4, 8, 12, 32, 100}).Draw(t, n)
			}
			var inst strings.Builder
			k, q := 0, 0
			for _, part := range strings.SplitAfter(tmpl, hole) {
				if p, ok := strings.CutSuffix(part, hole); ok {
					s := g.slots[k]
					k++
					if s.name != "" {
						inst.WriteString(p)
						inst.WriteString(strconv.FormatInt(values[s.name], 10))
						continue
					}
					v := drawValue(t, s)
					q++
					values["?"+strconv.Itoa(q)] = v
					inst.WriteString(p)
					inst.WriteString(strconv.FormatInt(v, 10))
					continue
				}
				inst.WriteString(part)
			}
			sv, _, serr := evalText(inst.String())
			covered := violated(obl, values)
			st.mu.Lock()
			st.assignments[op]++
			st.mu.Unlock()
			bad := ""
			switch {
			case serr != nil && !covered:
				bad = fmt.Sprintf("%s is %s, but %s is an error with no condition stated: %v", src, dstr, inst.String(), serr[0].Message)
				st.mu.Lock()
				st.silentErr[op]++
				st.mu.Unlock()
			case serr == nil && !holdsFor(substituted(dv, values), sv) && (formIsValue[op] || !fitsRefined(substituted(dv, values), sv, flatResult[op] || (op == "composition" || op == "local_tile") && integralSecond(tmpl, g.second))) && !covered:
				bad = fmt.Sprintf("%s is %s (conditions %v), but %s is %s", src, dstr, obl, inst.String(), sv.String())
				st.mu.Lock()
				st.unsound[op]++
				st.mu.Unlock()
			case covered:
				st.mu.Lock()
				st.covered[op]++
				st.mu.Unlock()
			}
			if bad == "" {
				continue
			}
			st.mu.Lock()
			if _, ok := st.example[op]; !ok {
				st.example[op] = bad
			}
			if soundVerbose {
				st.all = append(st.all, bad)
			}
			st.mu.Unlock()
			if !knownUnsound[op] {
				t.Fatal(bad)
			}
		}
	}
}

func (st *soundStats) report(t *testing.T) {
	var total, assign, unsound, silent int
	for _, op := range slices.Sorted(maps.Keys(st.calls)) {
		total += st.calls[op]
		assign += st.assignments[op]
		unsound += st.unsound[op]
		silent += st.silentErr[op]
		if st.unsound[op]+st.silentErr[op] > 0 || os.Getenv("CUTEC_SOUND_VERBOSE") != "" {
			t.Logf("%-20s calls %5d refused %5d assignments %6d unsound %5d silent errors %5d covered %5d  e.g. %s",
				op, st.calls[op], st.refused[op], st.assignments[op], st.unsound[op], st.silentErr[op], st.covered[op], st.example[op])
		}
	}
	t.Logf("%d calls, %d assignments: %d unsound, %d silent errors", total, assign, unsound, silent)
	for _, bad := range st.all {
		t.Log(bad)
	}
	for op := range knownUnsound {
		if st.unsound[op]+st.silentErr[op] == 0 && st.assignments[op] > 200 {
			t.Logf("%s is listed as unsound but %d assignments found nothing", op, st.assignments[op])
		}
	}
}

// TestDynamicSubstitution is the substitution property over every
// operation of the table; CUTEC_HEAVY=1 runs it long. Each run draws
// fresh seeds; CUTEC_SOUND_SEED=n repeats a run (round i starts rapid at
// the seed n + 10000*i), CUTEC_SOUND_ROUNDS=r sets the number of rounds.
func TestDynamicSubstitution(t *testing.T) {
	st := newSoundStats()
	if f := flag.Lookup("rapid.nofailfile"); f != nil {
		_ = f.Value.Set("true") // a failure prints its seed; no file under testdata
	}
	rounds := 40 // of rapid's 100 checks each
	if heavytest.Enabled() {
		rounds = 1000
	}
	if r, err := strconv.Atoi(os.Getenv("CUTEC_SOUND_ROUNDS")); err == nil && r > 0 {
		rounds = r
	}
	seed, _ := strconv.ParseUint(os.Getenv("CUTEC_SOUND_SEED"), 10, 64)
	if seed != 0 {
		defer func() { _ = flag.Set("rapid.seed", "0") }()
	}
	for i := range rounds {
		if seed != 0 {
			_ = flag.Set("rapid.seed", strconv.FormatUint(seed+10000*uint64(i), 10))
		}
		rapid.Check(t, soundProperty(st, i%2 == 1))
		if t.Failed() {
			break
		}
	}
	st.report(t)
	if len(st.calls) == 0 {
		t.Fatal("no call drawn")
	}
}

func FuzzDynamicSubstitution(f *testing.F) {
	f.Fuzz(rapid.MakeFuzz(soundProperty(newSoundStats(), true)))
}

// divideOps are the divides, drawn sometimes with the arguments of a
// local_tile (tiledArgs).
var divideOps = map[string]bool{"logical_divide": true, "zipped_divide": true, "tiled_divide": true, "flat_divide": true}

// formIsValue are the operations whose result is a form of their operand:
// a finer factoring than the static instance's is a wrong result there,
// and they state the condition under which a mode merges instead.
var formIsValue = map[string]bool{"coalesce": true, "filter": true, "filter_zeros": true}

// flatResult are the operations whose result is flat by definition: their
// top-level modes are the leaves of a divide or product, so the static
// evaluation's coalescing merges and splits top-level modes.
var flatResult = map[string]bool{"flat_divide": true, "flat_product": true, "tiled_divide": true, "tiled_product": true}

// integralSecond reports whether the second argument, written at from in
// the call's text, is a layout whose shape is one integer (16, ?:?, 8:2):
// composition's result then has one mode of B, factored, as its top level,
// so its top-level modes are a factoring too and only the function is
// compared. So has local_tile's by such a tile: its tile's modes are the
// top-level modes of its result.
func integralSecond(call string, from int) bool {
	if from <= 0 || from >= len(call) {
		return false
	}
	c := call[from]
	return c == '?' || c == '-' || c >= '0' && c <= '9'
}

// fitsRefined reports whether the dynamic layout d can be the static
// layout s with a finer factoring. The rule for dynamic values keeps the
// modes CuTe keeps at run time (a run-time extent that is 1, a run-time
// mode whose stride lines up with its neighbour's, a mode whose grouping
// the run-time algorithm does not see), where the static evaluation of an
// instance coalesces them: the same function, the same top-level modes.
// The top-level modes of s are matched in order by those of d (where the
// result is flat, its modes are its leaves: the whole is matched); a mode of d that can be all 1s, or
// one of s of size 1, matches nothing; a matched pair is the same
// function of its index: the leaves of d, each ? chosen to respect its
// divisor, make the coalesced runs of s in order.
func fitsRefined(d, s Value, flat bool) bool {
	if da, sa, ok := accessors(d, s); ok {
		return sameOffset(da.Offset, sa.Offset) && fitsRefined(Layout{da.L}, Layout{sa.L}, flat)
	}
	dl, ok1 := d.(Layout)
	sl, ok2 := s.(Layout)
	if !ok1 || !ok2 {
		return false
	}
	dsh, dst, ssh, sst := dl.L.Shape(), dl.L.Stride(), sl.L.Shape(), sl.L.Stride()
	if flat || !dsh.IsTuple() || !ssh.IsTuple() {
		return sameRuns(dsh, dst, ssh, sst)
	}
	n, m := dsh.Len(), ssh.Len()
	memo := map[[2]int]bool{}
	var align func(i, j int) bool
	align = func(i, j int) bool {
		if i == n && j == m {
			return true
		}
		k := [2]int{i, j}
		if r, ok := memo[k]; ok {
			return r
		}
		r := i < n && canBeOne(dsh.At(i)) && align(i+1, j) ||
			j < m && sizeIs1(ssh.At(j)) && align(i, j+1)
		if !r && i < n && j < m {
			r = sameRuns(dsh.At(i), dst.At(i), ssh.At(j), sst.At(j)) && align(i+1, j+1)
		}
		memo[k] = r
		return r
	}
	return align(0, 0)
}

type dynLeaf struct {
	v   int64 // the value, where known
	div int64 // a ? with this divisor, where v is not known (0: known)
}

func dynLeafOf(t layout.IntTuple) (dynLeaf, bool) {
	if t.IsInt() {
		return dynLeaf{v: t.Value()}, true
	}
	x := t.String()
	if strings.Contains(x, "@") {
		return dynLeaf{}, false
	}
	return dynCount(x)
}

// dynCount reads a leaf's text: an integer, or ? with its divisor fact.
func dynCount(x string) (dynLeaf, bool) {
	if v, err := strconv.ParseInt(x, 10, 64); err == nil {
		return dynLeaf{v: v}, true
	}
	if !strings.HasPrefix(x, "?") {
		return dynLeaf{}, false
	}
	div := int64(1)
	if rest := x[1:]; strings.HasPrefix(rest, "{") {
		end := strings.IndexByte(rest, '}')
		for _, f := range strings.Fields(rest[1:max(end, 1)]) {
			if v, ok := strings.CutPrefix(f, "div="); ok {
				div, _ = strconv.ParseInt(v, 10, 64)
			}
		}
	}
	return dynLeaf{div: max(div, 1)}, true
}

// strideLeafOf is dynLeafOf on a stride, which may be a basis element
// k@p (a static or ? count in the direction p, "@p").
func strideLeafOf(t layout.IntTuple) (dynLeaf, string, bool) {
	x := t.String()
	at := strings.IndexByte(x, '@')
	if at < 0 {
		l, ok := dynLeafOf(t)
		return l, "", ok
	}
	l, ok := dynCount(x[:at])
	return l, x[at:], ok
}

// canBeOne reports whether every extent of the shape can be 1.
func canBeOne(shape layout.IntTuple) bool {
	for _, e := range leaves(shape, nil) {
		x, ok := dynLeafOf(e)
		if !ok || x.div == 0 && x.v != 1 || x.div > 1 {
			return false
		}
	}
	return true
}

func sizeIs1(shape layout.IntTuple) bool {
	for _, e := range leaves(shape, nil) {
		if !e.IsInt() || e.Value() != 1 {
			return false
		}
	}
	return true
}

// sameRuns reports whether the leaves of d, ?s chosen, make the coalesced
// runs of the static s in order (the same function of the index).
func sameRuns(dsh, dst, ssh, sst layout.IntTuple) bool {
	shapes, strides := leaves(dsh, nil), leaves(dst, nil)
	ex, st := leaves(ssh, nil), leaves(sst, nil)
	if len(shapes) != len(strides) || len(ex) != len(st) || len(shapes) > 512 {
		return false
	}
	type run struct {
		n, t int64
		dir  string // the direction of a basis stride ("@1"), "" for an integer
	}
	var runs []run
	for i := range ex {
		sd, dir, ok := strideLeafOf(st[i])
		if !ex[i].IsInt() || !ok || sd.div != 0 {
			return false
		}
		n, t := ex[i].Value(), sd.v
		switch {
		case n == 1:
		case len(runs) > 0 && runs[len(runs)-1].dir == dir && runs[len(runs)-1].n*runs[len(runs)-1].t == t:
			runs[len(runs)-1].n *= n
		default:
			runs = append(runs, run{n, t, dir})
		}
	}
	// A state is the run being made and the product of its extents so far.
	type state struct {
		k int
		p int64
	}
	reach := map[state]bool{{0, 1}: true}
	for i := range shapes {
		e, ok1 := dynLeafOf(shapes[i])
		sd, dir, ok2 := strideLeafOf(strides[i])
		if !ok1 || !ok2 {
			return false
		}
		next := map[state]bool{}
		for q := range reach {
			if e.div == 0 && e.v == 1 || e.div == 1 {
				next[q] = true // an extent 1: any stride
			}
			if q.k == len(runs) {
				continue
			}
			r := runs[q.k]
			want := r.t * q.p
			if dir != r.dir || sd.div == 0 && sd.v != want || sd.div > 1 && want%sd.div != 0 {
				continue
			}
			rest := r.n / q.p
			take := func(v int64) {
				if v >= 2 && rest%v == 0 {
					if q.p*v == r.n {
						next[state{q.k + 1, 1}] = true
					} else {
						next[state{q.k, q.p * v}] = true
					}
				}
			}
			if e.div == 0 {
				take(e.v)
				continue
			}
			if rest%e.div != 0 {
				continue
			}
			ds, ok := divisors(rest / e.div)
			if !ok {
				return false // too large to enumerate: judged unequal
			}
			for _, w := range ds {
				take(e.div * w)
			}
		}
		reach = next
		if len(reach) == 0 {
			return false
		}
	}
	return reach[state{len(runs), 1}]
}

// sameOffset is matches on two offsets, where a basis offset (an
// arithmetic tuple) may leave out trailing directions that are 0: CuTe
// adds arithmetic tuples of different ranks as if the missing directions
// were 0, so (2) and (2,0) are one coordinate, and 0 and (0,0). The static algebra drops a
// mode of extent 1 that the dynamic one keeps (local_tile((8,1):(1@0,1@1),
// 1, 2) is {(2)} o (1):(0)), and its direction with it.
func sameOffset(d, s layout.IntTuple) bool {
	if matches(d.String(), s.String()) {
		return true
	}
	zero := func(t layout.IntTuple) layout.IntTuple {
		if t.IsInt() && t.Value() == 0 {
			return layout.Tuple() // the static algebra's 0 where every direction is 0
		}
		return t
	}
	d, s = zero(d), zero(s)
	if d.Kind() != layout.KindTuple || s.Kind() != layout.KindTuple || d.Len() == s.Len() {
		return false
	}
	pad := func(t layout.IntTuple, n int) layout.IntTuple {
		elems := make([]layout.IntTuple, n)
		for i := range elems {
			elems[i] = layout.Int(0)
			if i < t.Len() {
				elems[i] = t.At(i)
			}
		}
		return layout.Tuple(elems...)
	}
	n := max(d.Len(), s.Len())
	return matches(pad(d, n).String(), pad(s, n).String())
}

// accessors are d and s where both are an offset and a layout.
func accessors(d, s Value) (Accessor, Accessor, bool) {
	da, ok1 := d.(Accessor)
	sa, ok2 := s.(Accessor)
	return da, sa, ok1 && ok2
}

// divisors lists the positive divisors of m, by trial division up to
// its square root; ok is false above 2^40 (a million trials).
func divisors(m int64) (ds []int64, ok bool) {
	if m <= 0 || m > 1<<40 {
		return nil, false
	}
	var hi []int64
	for d := int64(1); d*d <= m; d++ {
		if m%d == 0 {
			ds = append(ds, d)
			if d*d != m {
				hi = append(hi, m/d)
			}
		}
	}
	for i := len(hi) - 1; i >= 0; i-- {
		ds = append(ds, hi[i])
	}
	return ds, true
}
