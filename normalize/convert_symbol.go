package normalize

import (
	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/layout"
)

// symbolScope is what a converter knows of symbols: the facts declared for
// the file (Env.Facts, `let M{div=128}`) and written anywhere in the
// expression being evaluated (M{div=128} on one occurrence of M is a fact
// of every occurrence), and the variables, so that a defined name in a leaf
// position stands for its integer value.
//
// The facts are collected when a symbol is first met, since most
// expressions have none: a static expression pays for no walk and no map.
type symbolScope struct {
	facts map[string]int64 // nil while there is none
	env   *Env
	expr  ast.Node // the expression whose facts are not collected yet
	// visit is collectFact bound to the scope, made once for the
	// evaluations that reuse the scope (setScope keeps it).
	visit func(ast.Node) bool
	// leaves are the last symbolic leaves made of a symbol as written
	// (its name and the fact on it): the leaf is the same wherever the
	// symbol occurs in the expression, so it is made once (M in
	// (M,8):(1,M)).
	leaves [4]symbolLeaf
	next   int  // where the next leaf goes in leaves
	kept   bool // whether a leaf was kept since the scope was set
}

// symbolLeaf is a symbol as written, name{div=div} (div 0 when none), and
// its leaf.
type symbolLeaf struct {
	name string
	div  int64
	leaf layout.IntTuple
}

// leaf returns the leaf made of the symbol n before, if any.
func (s *symbolScope) leaf(n *ast.Symbol) (layout.IntTuple, bool) {
	if s == nil {
		return layout.IntTuple{}, false
	}
	div := writtenDiv(n)
	for _, l := range s.leaves {
		if l.name == n.Name && l.div == div && l.name != "" {
			return l.leaf, true
		}
	}
	return layout.IntTuple{}, false
}

// keep records the leaf of the symbol n.
func (s *symbolScope) keep(n *ast.Symbol, leaf layout.IntTuple) {
	if s == nil || !leaf.IsSymbolic() {
		return
	}
	s.leaves[s.next] = symbolLeaf{n.Name, writtenDiv(n), leaf}
	s.next = (s.next + 1) % len(s.leaves)
	s.kept = true
}

// writtenDiv is the fact written on a symbol, 0 when none.
func writtenDiv(n *ast.Symbol) int64 {
	if n.Div == nil {
		return 0
	}
	return n.Div.Value
}

// symbolFacts returns the facts of the scope, collecting them on first use.
func (s *symbolScope) symbolFacts() map[string]int64 {
	if s.expr != nil {
		if s.env != nil && len(s.env.facts) > 0 {
			s.facts = make(map[string]int64, len(s.env.facts))
			for n, f := range s.env.facts {
				s.facts[n] = f
			}
		}
		if s.visit == nil {
			s.visit = s.collectFact
		}
		ast.Inspect(s.expr, s.visit)
		s.expr = nil
	}
	return s.facts
}

// collectFact adds the fact of n, a symbol written with one, to the
// scope's facts.
func (s *symbolScope) collectFact(n ast.Node) bool {
	if sym, ok := n.(*ast.Symbol); ok && sym.Div != nil && sym.Div.Value > 0 {
		if s.facts == nil {
			s.facts = map[string]int64{}
		}
		s.facts[sym.Name] = lcm(s.facts[sym.Name], sym.Div.Value)
	}
	return n != nil
}

// factsOverflow is the fact recorded for a symbol whose facts have an lcm
// that overflows int64: no fact holds them all, and every occurrence of the
// symbol is an E0701 rather than a term that silently drops one.
const factsOverflow = -1

// lcm combines two facts of a symbol (layout.CombineFacts): factsOverflow
// when either is, or when their lcm overflows.
func lcm(a, b int64) int64 {
	if a == factsOverflow || b == factsOverflow {
		return factsOverflow
	}
	l, ok := layout.CombineFacts(a, b)
	if !ok {
		return factsOverflow
	}
	return l
}

// symbolic converts a symbol or a symbolic term to its leaf.
func (c *converter) symbolic(e ast.Expr) (layout.IntTuple, bool) {
	switch n := e.(type) {
	case *ast.Symbol:
		if l, ok := c.symbols.leaf(n); ok {
			return l, true
		}
		t, ok := c.symbolTerm(n)
		if !ok {
			return layout.Sym(t), false
		}
		l := layout.Sym(t)
		c.symbols.keep(n, l)
		return l, true
	case *ast.Product:
		if len(n.Factors) > layout.MaxSymbols {
			c.add(diag.SymbolTerm, spanOf(n), "a symbolic term has at most %d factors, not %d", layout.MaxSymbols, len(n.Factors))
			return layout.IntTuple{}, false
		}
		p := layout.Term{Coef: 1, Div: 1}
		for _, f := range n.Factors {
			var t layout.Term
			switch f := f.(type) {
			case *ast.Int:
				t = layout.Term{Coef: f.Value, Div: 1}
			case *ast.Symbol:
				var ok bool
				if t, ok = c.symbolTerm(f); !ok {
					return layout.IntTuple{}, false
				}
			default:
				c.add(diag.SymbolTerm, spanOf(f), "a factor of a symbolic term is an integer or a symbol, not %s", leafText(c.file, f))
				return layout.IntTuple{}, false
			}
			var ok bool
			if p, ok = p.Mul(t); !ok {
				c.add(diag.Overflow, spanOf(n), "the coefficient of %s overflows int64, or it has more than %d symbols", leafText(c.file, n), layout.MaxSymbols)
				return layout.IntTuple{}, false
			}
		}
		if n.Div != nil {
			q, ok := p.DivInt(n.Div.Value)
			if !ok {
				c.add(diag.SymbolTerm, n.Div.Span, "the divisor of a symbolic term is a positive integer, not %d", n.Div.Value)
				return layout.IntTuple{}, false
			}
			p = q
		}
		if p.IsInt() && p.Div != 1 {
			c.add(diag.SymbolTerm, spanOf(n), "%s is not an integer", leafText(c.file, n))
			return layout.IntTuple{}, false
		}
		return layout.Sym(p), true
	}
	return layout.IntTuple{}, false
}

// symbolTerm is the term of a symbol with its facts, or the integer of a
// variable of that name.
func (c *converter) symbolTerm(n *ast.Symbol) (layout.Term, bool) {
	if n.Div != nil && n.Div.Value <= 0 {
		c.add(diag.SymbolTerm, n.Div.Span, "the fact div=%d of %s is not a positive integer", n.Div.Value, n.Name)
		return layout.Term{}, false
	}
	var facts map[string]int64
	if c.symbols != nil {
		facts = c.symbols.symbolFacts()
		if c.symbols.env != nil {
			if v, ok := c.symbols.env.Lookup(n.Name); ok {
				if i, isInt := v.(Int); isInt {
					// A variable in a symbol's place must satisfy the facts
					// written on the symbol: with M = 3, M{div=2} is false.
					div := int64(1)
					if n.Div != nil {
						div = n.Div.Value
					}
					if div = lcm(div, facts[n.Name]); div == factsOverflow {
						c.factsOverflow(n)
						return layout.Term{}, false
					}
					if int64(i)%div != 0 {
						c.add(diag.ObligationFalse, spanOf(n), "%s is %d, which the fact div=%d of %s refutes (%d does not divide %d)", n.Name, int64(i), div, n.Name, div, int64(i))
						return layout.Term{}, false
					}
					return layout.Term{Coef: int64(i), Div: 1}, true
				}
				c.add(diag.SymbolTerm, n.Span, "%s is a variable holding the %s %s, not a symbol or an integer", n.Name, v.Kind(), v)
				return layout.Term{}, false
			}
		}
	}
	div := int64(1)
	if n.Div != nil {
		div = n.Div.Value
	}
	if div = lcm(div, facts[n.Name]); div == factsOverflow {
		c.factsOverflow(n)
		return layout.Term{}, false
	}
	return layout.SymbolTerm(n.Name, div), true
}

// factsOverflow reports a symbol whose divisibility facts have no lcm in
// int64.
func (c *converter) factsOverflow(n *ast.Symbol) {
	c.add(diag.Overflow, spanOf(n), "the divisibility facts of %s (written here and declared with let) have an lcm that overflows int64, so no fact holds them all", n.Name)
}

// DeclareFact records the fact div=N of a symbol for the rest of the file
// (`let M{div=128}`): every later occurrence of the symbol has it. ok is
// false when the lcm with the facts declared before overflows int64: the
// symbol then has no fact that holds them all, and every later occurrence
// of it is an E0701.
func (e *Env) DeclareFact(name string, div int64) (ok bool) {
	if e.facts == nil {
		e.facts = map[string]int64{}
	}
	e.facts[name] = lcm(e.facts[name], div)
	return e.facts[name] != factsOverflow
}

// setScope makes the symbols scope of the expression e, in env: the
// file's facts and those written in e.
func (x *evaluation) setScope(env *Env, e ast.Node) {
	s := &x.scope
	if s.kept { // the leaves of an earlier evaluation: not this one's
		s.leaves, s.next, s.kept = [len(s.leaves)]symbolLeaf{}, 0, false
	}
	s.facts, s.env, s.expr = nil, env, e // visit is bound to the scope, and kept
	x.symbols = s
}

// obligation decides an obligation of a call's result from the facts: a
// refuted one is an error (E0716) and ok is false; the others go to
// OnObligation (verify reports the open ones).
func (x *evaluation) obligation(n *ast.Call, o layout.Obligation) bool {
	if x.plainObl {
		if v := o.Verdict(); v != layout.Refuted || o.Residue {
			if x.onObligation != nil {
				x.onObligation(n, o, v, "")
			}
			return true
		}
	}
	v, counter, fix := o.Discharge()
	if v == layout.Refuted && !o.Residue {
		x.add(diag.ObligationFalse, n.Span, "%s", o.Describe(v, counter, fix))
		return false
	}
	if x.onObligation != nil {
		x.onObligation(n, o, v, o.Describe(v, counter, fix))
	}
	return true
}
