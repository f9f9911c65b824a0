package syntax

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/cutec/cutec/internal/goldenfile"
)

// The grammar's definition lives in package grammar; these tests keep the
// files there in step with the parsers built here.
var (
	grammarDoc     = filepath.Join("..", "..", "docs", "grammar.md")
	descriptorEBNF = filepath.Join("..", "..", "grammar", "descriptor.ebnf")
	grammarGolden  = filepath.Join("..", "..", "grammar", "testdata", "grammar.golden")
)

// grammarText is the printed grammar of every root production.
func grammarText(ps *Parsers) string {
	return "# Stmt: expressions and .cute statements\n" + ps.Stmt.String() +
		"\n\n# SwizzleForm\n" + ps.Swizzle.String() +
		"\n\n# Descriptor: the descriptor EBNF of docs/semantics.md\n" + ps.Descriptor.String() + "\n"
}

func TestGrammarGolden(t *testing.T) {
	goldenfile.Check(t, grammarGolden, []byte(grammarText(Reference())))
}

func TestFastPrintsTheSameGrammar(t *testing.T) {
	if got, want := grammarText(Fast()), grammarText(Reference()); got != want {
		t.Errorf("fast grammar:\n%s\nreference grammar:\n%s", got, want)
	}
}

// TestDocQuotesGrammar keeps the copy of the grammar and of the descriptor
// EBNF in docs/grammar.md (indented code blocks) in step with the real ones.
func TestDocQuotesGrammar(t *testing.T) {
	doc, err := os.ReadFile(grammarDoc)
	if err != nil {
		t.Fatal(err)
	}
	ebnf, err := os.ReadFile(descriptorEBNF)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(grammarText(Reference())+string(ebnf), "\n")
	for _, l := range lines {
		if l = strings.TrimSpace(l); l != "" && l[0] != '#' && !strings.Contains(string(doc), "\n    "+l+"\n") {
			t.Errorf("docs/grammar.md does not quote %q", l)
		}
	}
}

// TestDescriptorEBNFIsTheNotes keeps descriptor.ebnf the design note's EBNF
// (docs/semantics.md §Descriptors) with
// one reviewed change: the dynamic count `?` of the dialect's strides
// (Types/stride.mlir, `(?@0,?@1)`).
func TestDescriptorEBNFIsTheNotes(t *testing.T) {
	ebnf, err := os.ReadFile(descriptorEBNF)
	if err != nil {
		t.Fatal(err)
	}
	// The note's text, production by production, as docs/semantics.md quotes it,
	// with `| "?"` added to count.
	note := []string{
		`layout ::= group ;`,
		`group ::= "(" ws [ entry { ws "," ws entry } ] ws ")" ;`,
		`entry ::= group | basis ;`,
		`basis ::= count ws "@" ws dim { ws "@" ws dim } ;`,
		`count ::= int | int "/" int | "?" ;`,
		`dim ::= uint ;`,
		`int ::= [ "-" ] digit { digit } ;`,
		`uint ::= digit { digit } ;`,
		`digit ::= "0" | "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9" ;`,
		`ws ::= { " " | "\t" } ;`,
	}
	if got := strings.TrimSpace(string(ebnf)); got != strings.Join(note, "\n") {
		t.Errorf("descriptor.ebnf is not the design note's EBNF (with the dynamic count):\n%s", got)
	}
}

// parse lexes src in mode and runs a parser of ps on it.
func parse(t *testing.T, src string, mode Mode, run func(*lexer.PeekingLexer) error) error {
	t.Helper()
	pl, err := lexer.Upgrade(newLexer("test", src, 0, mode, 0), TokWhitespace, TokComment)
	if err != nil {
		return err
	}
	return run(pl)
}

func TestGrammarAcceptsForms(t *testing.T) {
	for _, ps := range []*Parsers{Fast(), Reference()} {
		for _, src := range []string{
			"8", "-3", "_4", "?", "?{i64}", "?{i32}", "?{div=64}", "?{i64 div=128}", "_",
			"1@0", "1@1@0", "1/2@0", "_1@0", "()", "(4,)", "(4,(2,2))", "(1@0, 1@1)",
			"8:1", "(4,8):(1,4)", "(_4,_2):(_1,_4)", "(4, 2) : (1, 4)",
			"S<3,4,3>", "Sw<3,4,3>", "S<2,4,-3>", "S<3,4,3> o 0 o (8,64):(64,1)",
			"(4,5):(1,4) o 2 o (2,3):(1,2)", "{8} o (3,2):(15,100)", "[4:1;_]", "[_]",
			"[(1,2):(0,1);4:1;(4):(1)]", "composition((4,2):(1,4), (2,2):(1,2))",
			"((4,8):(1,4))(13)", "((4,8):(1,4))((1,3))", "A(3)", "size(A)", "A # comment",
		} {
			err := parse(t, src, Lenient, func(pl *lexer.PeekingLexer) error {
				_, err := ps.Expr.ParseFromLexer(pl)
				return err
			})
			if err != nil {
				t.Errorf("Expr %q: %v", src, err)
			}
		}
	}
}

func TestGrammarStatements(t *testing.T) {
	for _, src := range []string{
		"A = (4,2):(1,4)", "assert C == (2,2):(1,2)", "assert A ~ B", "expect E0400 composition(A, B)", "size(A)",
	} {
		err := parse(t, src, Lenient, func(pl *lexer.PeekingLexer) error {
			_, err := Fast().Stmt.ParseFromLexer(pl)
			return err
		})
		if err != nil {
			t.Errorf("Stmt %q: %v", src, err)
		}
	}
}
