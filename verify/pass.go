package verify

import (
	"fmt"
	"github.com/cutec/cutec/layout"
	"slices"
	"strings"
	"sync"

	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/banks"
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/internal/gencache"
	"github.com/cutec/cutec/normalize"
	"github.com/cutec/cutec/parser"
)

// Options configure a Pass.
type Options struct {
	// Checks names the checks to run; nil runs every check that is not
	// Optional.
	Checks []string
	// Enable names optional checks to run as well.
	Enable []string
	// Disable lists codes that are not reported.
	Disable []diag.Code
	// Severity overrides the default severity of codes.
	Severity map[diag.Code]diag.Severity
	// Lowerable rejects what the dialect cannot lower, such as basis
	// descriptors with non-integral counts.
	Lowerable bool
	// IR says the input is compiler output (the MLIR that CuTe DSL prints):
	// when Checks is nil, the checks that warn on what the compiler emits on
	// purpose, or that need facts the IR does not give, are left out of the
	// defaults (see OffForIR); Enable still runs them. The op checker
	// (check op-result) runs on MLIR input whatever IR says.
	IR bool
	// Parser options (nesting depth); the zero value uses the defaults.
	Parser parser.Options
	// Extra are checks of the embedder's own, besides this package's
	// (Checks): each is picked as this package's are, by Checks and
	// Enable, and by default when it is not Optional. A name that is
	// already a check's is an error.
	Extra []*Check
}

// Pass is the verifier a toolchain embeds: it parses, normalizes and
// evaluates its input and runs the selected checks, returning every finding
// as a diagnostic with a code and an exact span. A Pass is safe for
// concurrent use; per-file state lives in the sessions it makes.
type Pass struct {
	opts   Options
	checks []*Check
	parser *parser.Parser
	// payloads parses MLIR payloads without a cache: a payload is parsed
	// only when the payload cache (cache) misses, and the parser's cache
	// would then miss too (it keys on the same text, admitted on the same
	// second occurrence), costing two look-ups and a copy per fresh
	// payload for nothing.
	payloads *parser.Parser
	disable  map[diag.Code]bool
	cache    *gencache.Cache[diag.List] // payload results by kind and text, see mlir.go
	lines    *gencache.Cache[diag.List] // results of closed .cute lines by text, see Cute.Line
	opCache  *gencache.Cache[opVerdict] // op checker verdicts by signature, see ir_check.go
	// bankCache holds the bank check's verdicts on tiled copies of IR by
	// signature, see ir_banks.go.
	bankCache *gencache.Cache[bankVerdict]
	typed     bool // a check reads Subject.In
	fastLines bool // Cute.Line reads lines fast (cute_fast.go)
	// fastPayloads: MLIR payloads of composed layouts are read fast
	// (mlir_fast.go).
	fastPayloads bool
}

// NewPass returns a Pass with the given options. Unknown check names are an
// error.
func NewPass(opts Options) (*Pass, error) {
	p := &Pass{
		opts:     opts,
		parser:   parser.New(opts.Parser),
		payloads: parser.New(parser.Options{MaxDepth: opts.Parser.MaxDepth, CacheSize: -1}),
		disable:  map[diag.Code]bool{},
		cache:    gencache.New[diag.List](parser.DefaultCacheSize, parser.NumForms),
		lines:    gencache.New[diag.List](parser.DefaultCacheSize, 1),
		opCache:  gencache.New[opVerdict](parser.DefaultCacheSize, 1),
	}
	p.bankCache = gencache.New[bankVerdict](parser.DefaultCacheSize, 1)
	seen := map[string]bool{}
	for _, c := range opts.Extra {
		if _, dup := lookupCheck(c.Name, nil); dup || seen[c.Name] {
			return nil, fmt.Errorf("verify: check %q defined twice", c.Name)
		}
		seen[c.Name] = true
	}
	clear(seen)
	names := opts.Checks
	if names == nil {
		for _, c := range slices.Concat(Checks(), opts.Extra) {
			if !c.Optional && !(opts.IR && OffForIR(c)) {
				names = append(names, c.Name)
			}
		}
	}
	for _, name := range append(names, opts.Enable...) {
		c, ok := lookupCheck(name, opts.Extra)
		if !ok {
			return nil, fmt.Errorf("verify: unknown check %q", name)
		}
		if !seen[name] {
			seen[name] = true
			p.checks = append(p.checks, c)
			p.typed = p.typed || c.UsesType
		}
	}
	for _, c := range opts.Disable {
		p.disable[c] = true
	}
	p.fastLines = readsFast(opts, p.checks)
	p.fastPayloads = readsPayloadsFast(opts, p.checks)
	return p, nil
}

// offForIR are the codes whose checks are off by default on IR: W0900,
// since the compiler builds layouts that are not injective on purpose (a
// broadcast over a size-1 mode, a thread layout that repeats its values).
// W0901 runs by default: it reports only where a tiled copy's partition of
// shared memory states the whole access (ir_banks.go), and then with the
// numbers that prove the conflict (docs/banks.md, "In MLIR").
var offForIR = map[diag.Code]bool{diag.Aliasing: true}

// OffForIR reports whether the check c is left out of the default checks
// of a Pass for IR (Options.IR): it reports a code that would warn on what
// the compiler emits on purpose, or that depends on facts the IR lacks.
func OffForIR(c *Check) bool {
	for _, code := range c.Codes {
		if offForIR[code] {
			return true
		}
	}
	return false
}

var defaultPass = sync.OnceValue(func() *Pass {
	p, _ := NewPass(Options{})
	return p
})

// Default returns a shared Pass with every check that is not optional, and
// default severities.
func Default() *Pass { return defaultPass() }

// Expr verifies one input given as text: a value or an expression. It
// returns the value (nil on failure) and the diagnostics: syntax errors,
// normalization and evaluation errors, and the findings of the checks.
func (p *Pass) Expr(f *diag.File) (normalize.Value, diag.List) {
	e, diags := p.parser.ParseExpr(f)
	if diags.HasErrors() {
		return nil, p.finish(diags)
	}
	v, more := p.eval(f, e, nil, nil)
	return v, p.finish(append(diags, more...))
}

// Node verifies an already parsed expression of file f, with the names of
// env (nil for none).
func (p *Pass) Node(f *diag.File, e ast.Expr, env *normalize.Env) (normalize.Value, diag.List) {
	v, diags := p.eval(f, e, env, nil)
	return v, p.finish(diags)
}

// eval evaluates e and runs the checks on every value and call in it; in
// is the dialect type e is written in (nil outside MLIR).
func (p *Pass) eval(f *diag.File, e ast.Expr, env *normalize.Env, in *parser.TypeInfo) (normalize.Value, diag.List) {
	v, diags, _ := p.evalBanks(f, e, env, in)
	return v, diags
}

// evalBanks is eval that also returns the report of e's bank analysis when
// e is a call of banks, wavefronts or bank_check that succeeded.
func (p *Pass) evalBanks(f *diag.File, e ast.Expr, env *normalize.Env, in *parser.TypeInfo) (normalize.Value, diag.List, *banks.Report) {
	st := evalStates.Get().(*evalState)
	st.p, st.f, st.in = p, f, in
	ev := normalize.Evaluator{File: f, Env: env, OnValue: st.onValue, OnCall: st.onCall, OnObligation: st.onObligation, OnBanks: st.onBanks}
	v, diags := ev.Eval(e)
	diags = append(diags, st.found...)
	var rep *banks.Report
	if st.bankCall == e {
		rep = st.bank
	}
	clear(st.found)
	*st = evalState{found: st.found[:0], onValue: st.onValue, onCall: st.onCall, onObligation: st.onObligation, onBanks: st.onBanks, report: st.report}
	evalStates.Put(st)
	return v, diags, rep
}

// evalState is what the checks of one evaluation share: the evaluator's
// hooks, bound once to a state that a pool recycles, so that an evaluation
// makes no closures and no Subject of its own.
type evalState struct {
	p     *Pass
	f     *diag.File
	in    *parser.TypeInfo
	found diag.List // the checks' findings
	subj  Subject   // the subject of the value or call being checked

	onValue      func(ast.Expr, normalize.Value)
	onCall       func(*ast.Call, string, []normalize.Value, normalize.Value)
	onObligation func(*ast.Call, layout.Obligation, layout.Verdict, string)
	onBanks      func(*ast.Call, *banks.Report)
	report       func(*diag.Diagnostic)
	assumed      []assumedAt // the W0919 of this evaluation, one per assumption and call

	// The last bank analysis and its call, for the check of the call that
	// follows it (normalize calls OnBanks before OnCall).
	bankCall *ast.Call
	bank     *banks.Report
}

var evalStates = sync.Pool{New: func() any {
	st := new(evalState)
	st.onValue, st.onCall, st.onObligation, st.onBanks, st.report = st.value, st.call, st.obligation, st.banks, st.add
	return st
}}

func (st *evalState) banks(n *ast.Call, r *banks.Report) { st.bankCall, st.bank = n, r }

func (st *evalState) add(d *diag.Diagnostic) { st.found.Add(d) }

func (st *evalState) value(n ast.Expr, v normalize.Value) {
	p := st.p
	st.subj = Subject{File: st.f, Node: n, Value: v, In: st.in, lowerable: p.opts.Lowerable, ir: p.opts.IR, report: st.report}
	for _, c := range p.checks {
		if c.Value != nil {
			c.Value(&st.subj)
		}
	}
	st.subj = Subject{}
}

func (st *evalState) call(n *ast.Call, op string, args []normalize.Value, r normalize.Value) {
	p := st.p
	st.subj = Subject{File: st.f, Node: n, Value: r, Op: op, Args: args, Call: n, In: st.in, lowerable: p.opts.Lowerable, ir: p.opts.IR, report: st.report}
	if st.bankCall == n {
		st.subj.bank = st.bank
	}
	for _, c := range p.checks {
		if c.Call != nil {
			c.Call(&st.subj)
		}
	}
	st.subj = Subject{}
}

func (st *evalState) obligation(n *ast.Call, o layout.Obligation, v layout.Verdict, text string) {
	d := obligationDiagnostic(st.f, n, o, v, text)
	if d == nil {
		return
	}
	if d.Code == diag.DynamicAssumed {
		// One W0919 per assumption of a call: ?1 != 1 and ?2 != 1 are
		// the one assumption that an extent is not 1, of two values.
		key := assumedAt{n: n, op: o.Op, rel: o.Rel, d: o.D.String()}
		for _, a := range st.assumed {
			if a.n == key.n && a.op == key.op && a.rel == key.rel && a.d == key.d {
				_, tail, _ := strings.Cut(text, "right only if it holds")
				a.diag.Message += "; and " + o.String() + tail
				return
			}
		}
		key.diag = d
		st.assumed = append(st.assumed, key)
	}
	st.add(d)
}

// assumedAt is a W0919 of one call: the assumption (the operation, the
// relation and the value it compares with) and its diagnostic.
type assumedAt struct {
	n    *ast.Call
	op   string
	rel  layout.Rel
	d    string
	diag *diag.Diagnostic
}

// finish applies the options (disabled codes, severities) and sorts.
func (p *Pass) finish(l diag.List) diag.List {
	out := l[:0]
	for _, d := range l {
		if p.disable[d.Code] {
			continue
		}
		if s, ok := p.opts.Severity[d.Code]; ok {
			d.Severity = s
		}
		out = append(out, d)
	}
	return out.Dedup()
}
