package syntax

import (
	"os"
	"strings"
	"testing"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/cutec/cutec/internal/ebnfcheck"
)

// DescriptorCases are inputs for the descriptor grammar, valid and invalid by
// the descriptor EBNF. The oracle, not this list, decides which is which.
var DescriptorCases = []string{
	"()", "( )", "(\t)", "(1@0)", "(1@0, 1@1)", "(16@0, 1@1)", "((1@0, 8@1), 1@2)",
	"(1/2@0, 4@1)", "(1@0@1)", "(1 @ 0)", "(1@ 0 @1)", "(-0@0)", "(-1/-2@3)", "(1@01)",
	"(())", "((),())", "(\t1@0\t,\t1@1\t)", "(1/0@0)", "(1@0,1@1,1@2,(1@3,(1@4)))",
	" (1@0) ", "\t()\t", "(99999999999999999999@0)",
	"", " ", "1@0", "(1@0", "(1@0,)", "(,)", "(,1@0)", "(1)", "(4,8)", "(1 / 2@0)", "(1/ 2@0)",
	"(1 /2@0)", "(- 1@0)", "(1@-1)", "(_1@0)", "(1@0)(1@1)", "(1@0) x", "(1@0 1@1)", "(1@)",
	"(@0)", "(1@0@)", "((1@0)", "(1@0))", "(?)", "(_)", "(1@0)#c", "(1@0\n)", "(a@0)",
	"(1.5@0)", "(1@0;1@1)", "[1@0]", "(1/2/3@0)", "(1@1/2)", "(+1@0)", "(1@0,,1@1)",
	"(1/2)", "(1/-2@0)", "(-1@0)", "((1@0),(1@1))", "( ( 1 @ 0 ) , 2 @ 1 )", "(1@0)\r",
	"(1@2@3@4)", "(0@0)", "(-)", "(1@0@-1)", "(1 @0@ 1)", "(1@0, (2@1, (3@2, ())))",
	// a dynamic count, `?`, as the dialect's strides write it: (?@0,?@1)
	"(?@0)", "(?@0, ?@1)", "(1@0, (?@1@0, 2@1@1))", "(? @ 0)", "(?@)", "(?/2@0)", "(?{i64}@0)",
	"(??@0)", "(?@0@)", "(1/?@0)",
}

func TestDescriptorMatchesEBNF(t *testing.T) {
	src, err := os.ReadFile(descriptorEBNF)
	if err != nil {
		t.Fatal(err)
	}
	g, err := ebnfcheck.Parse(string(src))
	if err != nil {
		t.Fatal(err)
	}
	accepted := 0
	for _, in := range DescriptorCases {
		// Surrounding spaces and tabs are accepted by design (see the package doc).
		want := g.Match("layout", strings.Trim(in, " \t"))
		if want {
			accepted++
		}
		for name, ps := range map[string]*Parsers{"fast": Fast(), "reference": Reference()} {
			err := parse(t, in, Strict, func(pl *lexer.PeekingLexer) error {
				_, err := ps.Descriptor.ParseFromLexer(pl)
				return err
			})
			if got := err == nil; got != want {
				t.Errorf("%s parser on %q: accepted=%v, EBNF says %v (err %v)", name, in, got, want, err)
			}
		}
	}
	if accepted < 20 || len(DescriptorCases)-accepted < 30 {
		t.Errorf("the oracle accepted %d of %d cases: the table or the oracle is broken", accepted, len(DescriptorCases))
	}
}
