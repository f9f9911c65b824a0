package parser

import (
	"strconv"
	"strings"
	"sync"

	"github.com/alecthomas/participle/v2/ebnf"
	"github.com/alecthomas/participle/v2/lexer"
	"github.com/cutec/cutec/internal/syntax"
)

// What the grammar expected where a parse failed.
//
// participle reports a syntax error as an UnexpectedTokenError: the token is
// a field, but what the grammar wanted there is only in its message text. So
// the parser does not read the message: it asks the grammar. participle
// prints the grammar it built from package grammar's structs as EBNF (the
// text of grammar/testdata/grammar.golden), and its ebnf package parses that
// back into a tree. expectation walks that tree over the input's tokens the
// way participle runs it (lookahead 0, the fast productions never matching,
// as in syntax.Reference) and stops where participle stops: at a sequence
// whose first part matched and whose next part does not. The rest of that
// sequence is what was expected, and its first term is worded below.
//
// The walk only runs after participle has failed, and its answer is used only
// when it stops at the very token participle reported; a test checks on every
// error case, and fuzzing on any input, that it agrees with participle.

// rootGrammar is the EBNF of one root production and those it reaches.
type rootGrammar struct {
	root  string
	prods map[string]*ebnf.Expression
}

// grammarRoot names the root production of each form.
func grammarRoot(form Form) string {
	switch form {
	case FormExpr, FormComposed, FormValue, FormComposedLayout:
		return "Expr"
	case FormLayout, FormTuple, FormIntTuple, FormTile:
		return "Operand"
	case FormSwizzle:
		return "SwizzleForm"
	case FormDescriptor:
		return "Descriptor"
	}
	return "Stmt"
}

// rootGrammars holds the parsed EBNF of the reference parsers, by root name.
var rootGrammars = sync.OnceValue(func() map[string]*rootGrammar {
	ps := syntax.Reference()
	out := map[string]*rootGrammar{}
	for root, text := range map[string]string{
		"Expr": ps.Expr.String(), "Operand": ps.Operand.String(), "SwizzleForm": ps.Swizzle.String(),
		"Descriptor": ps.Descriptor.String(), "Stmt": ps.Stmt.String(),
	} {
		g, err := ebnf.ParseString(text)
		if err != nil {
			panic("parser: participle's grammar does not parse as EBNF: " + err.Error())
		}
		rg := &rootGrammar{root: root, prods: map[string]*ebnf.Expression{}}
		for _, p := range g.Productions {
			rg.prods[p.Production] = p.Expression
		}
		out[root] = rg
	}
	return out
})

// tokenTypes maps the token references of the printed grammar (`<nat>`,
// participle lowers the names) to the lexer's token types.
var tokenTypes = sync.OnceValue(func() map[string]lexer.TokenType {
	out := map[string]lexer.TokenType{}
	for name, typ := range (syntax.Definition{}).Symbols() {
		out[strings.ToLower(name)] = typ
	}
	return out
})

// expectation walks the grammar of form over the significant tokens of toks
// and returns the index of the token where participle's parse stops with an
// expectation, and the terms it expected there; ok is false when the parse
// would stop without one (the input does not start the form, or a complete
// form is followed by more tokens).
func expectation(form Form, toks []lexer.Token) (at int, expected []*ebnf.Term, ok bool) {
	g := rootGrammars()[grammarRoot(form)]
	w := &walker{g: g, types: tokenTypes(), toks: toks}
	_, st := w.expr(g.prods[g.root], 0)
	if st != failed {
		return 0, nil, false
	}
	return w.errAt, w.expect, true
}

// A walk of a node ends in one of three states, as participle's nodes do:
// no match (nothing consumed), a match, or an error that stops the parse.
type walkState uint8

const (
	noMatch walkState = iota
	matched
	failed
)

// walker is participle's parse of a grammar with lookahead 0, reduced to
// recognition: it tracks the token index, not values.
type walker struct {
	g     *rootGrammar
	types map[string]lexer.TokenType
	toks  []lexer.Token // significant tokens, ending with EOF

	errAt  int          // the failed state's token index
	expect []*ebnf.Term // the failed state's expectation
}

// expr walks alternatives in order. An alternative that fails after
// consuming a token stops the parse (lookahead 0); one that fails where it
// started is passed over, and its error is the result when no later
// alternative matches (participle keeps the last such error).
func (w *walker) expr(e *ebnf.Expression, i int) (int, walkState) {
	var errAt int
	var expect []*ebnf.Term
	kept := false
	for _, alt := range e.Alternatives {
		j, st := w.seq(alt.Terms, i)
		switch st {
		case matched:
			return j, matched
		case failed:
			if w.errAt > i {
				return j, failed
			}
			errAt, expect, kept = w.errAt, w.expect, true
		}
	}
	if kept {
		w.errAt, w.expect = errAt, expect
		return i, failed
	}
	return i, noMatch
}

// seq walks a sequence: no match when its first term does not match, an
// error with the rest of the sequence as expectation when a later one does not.
func (w *walker) seq(terms []*ebnf.Term, i int) (int, walkState) {
	for k, t := range terms {
		j, st := w.term(t, i)
		switch st {
		case failed:
			return j, failed
		case noMatch:
			if k == 0 {
				return i, noMatch
			}
			w.errAt, w.expect = i, terms[k:]
			return i, failed
		}
		i = j
	}
	return i, matched
}

// term walks a term with its repetition `?`, `*` or `+`. A repetition stops
// at the first iteration that does not match or that fails where it started;
// one that fails after consuming stops the parse.
func (w *walker) term(t *ebnf.Term, i int) (int, walkState) {
	if t.Repetition == "" {
		return w.once(t, i)
	}
	n := 0
	for {
		j, st := w.once(t, i)
		if st == failed && w.errAt > i {
			return j, failed
		}
		if st != matched {
			break
		}
		n, i = n+1, j
		if t.Repetition == "?" {
			break
		}
	}
	if n == 0 && t.Repetition == "+" {
		return i, noMatch
	}
	return i, matched
}

// once walks a term once: a production, a literal, a token reference or a
// parenthesized expression. A name without a production is a hand-written
// fast production, which never matches in the reference grammar.
func (w *walker) once(t *ebnf.Term, i int) (int, walkState) {
	tok := w.toks[i]
	switch {
	case t.Name != "":
		if p, ok := w.g.prods[t.Name]; ok {
			return w.expr(p, i)
		}
	case t.Literal != "":
		if lit, err := strconv.Unquote(t.Literal); err == nil && !tok.EOF() && tok.Value == lit {
			return i + 1, matched
		}
	case t.Token != "":
		if typ, ok := w.types[t.Token]; ok && !tok.EOF() && tok.Type == typ {
			return i + 1, matched
		}
	case t.Group != nil:
		return w.expr(t.Group.Expr, i)
	}
	return i, noMatch
}

// describeExpected words the first term of an expectation: `")" Args*` is
// "`)`", `(<nat> | <neg>) ","` is "an integer", `("==" | "~") Expr` is
// "`==` or `~`".
func describeExpected(terms []*ebnf.Term) string {
	if len(terms) == 0 {
		return "end of input"
	}
	alts := firstTermAlternatives(terms[0])
	bothSigns := contains(alts, "<nat>") && contains(alts, "<neg>")
	var words []string
	for _, a := range alts {
		w := wordFor(a)
		if bothSigns && (a == "<nat>" || a == "<neg>") {
			w = "an integer"
		}
		if !contains(words, w) {
			words = append(words, w)
		}
	}
	return joinOr(words)
}

// firstTermAlternatives returns the alternatives a term starts with, each a
// literal (quoted), a token reference (`<nat>`) or a production name.
func firstTermAlternatives(t *ebnf.Term) []string {
	switch {
	case t.Group != nil:
		var out []string
		for _, alt := range t.Group.Expr.Alternatives {
			out = append(out, firstTermAlternatives(alt.Terms[0])...)
		}
		return out
	case t.Literal != "":
		return []string{t.Literal}
	case t.Token != "":
		return []string{"<" + t.Token + ">"}
	}
	return []string{t.Name}
}

// wordFor words one literal, token reference or production.
func wordFor(term string) string {
	if strings.HasPrefix(term, `"`) {
		if lit, err := strconv.Unquote(term); err == nil {
			return "`" + lit + "`"
		}
	}
	if w, ok := termWords[term]; ok {
		return w
	}
	return term
}

// termWords words the token references and productions of the grammar.
var termWords = map[string]string{
	"<nat>": "an unsigned integer", "<neg>": "a negative integer", "<ratio>": "a fraction",
	"<static>": "a static integer", "<ident>": "a name", "<underscore>": "`_`",
	"Expr": "an expression", "Simple": "an expression", "Composed": "an expression",
	"Operand": "a value", "Term": "a value", "Primary": "a value", "FastTerm": "a value",
	"Leaf": "a value", "Accessor": "`{`", "ComposePart": "`o`", "Tile": "`[`",
	"Group": "`(`", "GroupItem": "`,`", "Args": "`(`", "Name": "a name",
	"SwizzleParams": "`<`", "TemplateArgs": "`<`", "TemplateArg": "an integer or a type", "Pointer": "`[`", "MulOp": "`*` or `/`", "Let": "`let`", "Arg": "an expression", "Number": "an integer", "Fraction": "a fraction",
	"Dim": "a dimension (an unsigned integer)", "Dynamic": "`?`",
	"DynamicAttrs": "`i32`, `i64` or `div`", "Underscore": "`_`",
	"Descriptor": "`(`", "FastDescriptor": "`(`", "DescGroup": "`(`",
	"DescEntry": "a basis entry `count@dim` or `(`", "DescBasis": "a basis entry `count@dim`",
	"SwizzleForm": "`S` or `Sw`", "Stmt": "a statement", "Assert": "`assert`", "Expect": "`expect`",
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// joinOr joins words as "a, b or c".
func joinOr(words []string) string {
	switch len(words) {
	case 0:
		return "valid syntax"
	case 1:
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}
