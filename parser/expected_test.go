package parser

import (
	"errors"
	"strings"
	"testing"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/ebnf"
	"github.com/cutec/cutec/internal/syntax"
)

// allForms lists every text form of the parser.
var allForms = []Form{
	FormExpr, FormLayout, FormDescriptor, FormTuple, FormTile, FormSwizzle,
	FormComposed, FormStmt, FormValue, FormIntTuple, FormComposedLayout,
}

func TestAllFormsListed(t *testing.T) {
	if len(allForms) != int(numForms) {
		t.Fatalf("allForms lists %d forms, the parser has %d", len(allForms), numForms)
	}
}

// checkExpectation runs the reference participle parser of form on src and,
// when it fails with an unexpected token, checks that walking the grammar
// (expectation) stops at the same token with the same expectation as
// participle's message text says. The message is read here only, in a test,
// to check the walk against the participle version in go.mod.
// It reports whether participle's error named an expectation.
func checkExpectation(t *testing.T, form Form, src string) bool {
	t.Helper()
	mode := syntax.Lenient
	if form == FormDescriptor {
		mode = syntax.Strict
	}
	var lx syntax.Lexer
	var toks syntax.Tokens
	lx.Reset("in", src, 0, mode, DefaultMaxDepth)
	if toks.Lex(&lx) != nil || lx.Significant() == 0 {
		return false
	}
	_, err := reference.runGrammar(form, &toks)
	var ue *participle.UnexpectedTokenError
	if !errors.As(err, &ue) {
		return false
	}
	want, wantOK := expectedInMessage(ue.Message())
	sig := significant(&toks)
	at, got, ok := expectation(form, sig)
	switch {
	case ok != wantOK:
		t.Errorf("form %d %q: the walk finds an expectation: %v, participle: %v (%s)", form, src, ok, wantOK, ue.Message())
	case !ok:
	case sig[at].Pos.Offset != ue.Unexpected.Pos.Offset:
		t.Errorf("form %d %q: the walk stops at offset %d, participle at %d", form, src, sig[at].Pos.Offset, ue.Unexpected.Pos.Offset)
	case termsString(got) != want:
		t.Errorf("form %d %q: the walk expects %s, participle %s", form, src, termsString(got), want)
	}
	return wantOK
}

// expectedInMessage returns the EBNF in participle's "(expected X)".
func expectedInMessage(msg string) (string, bool) {
	const marker = " (expected "
	i := strings.LastIndex(msg, marker)
	if i < 0 || !strings.HasSuffix(msg, ")") {
		return "", false
	}
	return msg[i+len(marker) : len(msg)-1], true
}

func termsString(terms []*ebnf.Term) string {
	return (&ebnf.Sequence{Terms: terms}).String()
}

func TestExpectationAgreesWithParticiple(t *testing.T) {
	var inputs []string
	for _, c := range invalidCases {
		inputs = append(inputs, c.src)
	}
	inputs = append(inputs, validExprs...)
	inputs = append(inputs, cppSources...)
	inputs = append(inputs, stmtSources...)
	n := 0
	for _, form := range allForms {
		for _, src := range inputs {
			if checkExpectation(t, form, src) {
				n++
			}
		}
	}
	// invalidCases alone holds dozens of errors with an expectation.
	if n < 50 {
		t.Errorf("only %d inputs failed with an expectation: the check is vacuous", n)
	}
	t.Logf("%d errors with an expectation checked", n)
}

// TestEveryProductionIsWorded wants a wording for every production and
// token reference of the grammar, so that a new production cannot surface
// in a message under its Go name.
func TestEveryProductionIsWorded(t *testing.T) {
	var walk func(e *ebnf.Expression)
	check := func(name string) {
		if _, ok := termWords[name]; !ok {
			t.Errorf("%s has no entry in termWords", name)
		}
	}
	walk = func(e *ebnf.Expression) {
		for _, alt := range e.Alternatives {
			for _, term := range alt.Terms {
				switch {
				case term.Name != "":
					check(term.Name)
				case term.Token != "":
					check("<" + term.Token + ">")
				case term.Group != nil:
					walk(term.Group.Expr)
				}
			}
		}
	}
	for root, g := range rootGrammars() {
		check(root)
		for name, e := range g.prods {
			check(name)
			walk(e)
		}
	}
}
