package parser

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/alecthomas/participle/v2/ebnf"
	"github.com/cutec/cutec/internal/heavytest"
	"github.com/cutec/cutec/internal/syntax"
)

// Sentences of the grammar itself: inputs generated from the EBNF that
// participle prints of the struct tags (the definition of the language), so
// that a production added to the tags is exercised here before any test
// table knows it. For each sentence participle accepts, the fast path must
// match the whole input without falling back, with participle's structs.

// tokenSamples gives texts of each token reference of the printed grammar.
// A token the grammar starts to use must be added here (the test says so).
var tokenSamples = map[string][]string{
	"nat": {"0", "1", "8", "16"}, "neg": {"-1", "-3"}, "static": {"_1", "_4"},
	"ratio": {"1/2", "-1/3"}, "ident": {"A", "size", "S", "Sw", "i64", "div", "B2"},
	"underscore": {"_"},
}

// chooser picks among n choices.
type chooser interface{ choose(n int) int }

type randChooser struct{ r *rand.Rand }

func (c randChooser) choose(n int) int { return c.r.IntN(n) }

// byteChooser picks from the bytes of a fuzz input, then always the first.
type byteChooser struct{ b []byte }

func (c *byteChooser) choose(n int) int {
	if len(c.b) == 0 {
		return 0
	}
	v := int(c.b[0])
	c.b = c.b[1:]
	return v % n
}

// sentenceGen writes a random sentence of one root grammar.
type sentenceGen struct {
	g        *rootGrammar
	c        chooser
	toks     []string
	maxDepth int
	unknown  string // a token reference without samples
}

const maxSentenceTokens = 120

// sentence returns a sentence of g's root, or ok=false when it grew too long.
func sentence(g *rootGrammar, c chooser, maxDepth int) (string, bool, string) {
	s := &sentenceGen{g: g, c: c, maxDepth: maxDepth}
	ok := s.expr(g.prods[g.root], 0)
	return strings.Join(s.toks, " "), ok && len(s.toks) <= maxSentenceTokens, s.unknown
}

// viable reports whether a sequence can be generated: its terms name no
// production missing from the grammar (the fast productions, which never
// match in the reference grammar).
func (s *sentenceGen) viable(seq *ebnf.Sequence) bool {
	for _, t := range seq.Terms {
		if t.Name != "" && t.Repetition != "?" && t.Repetition != "*" {
			if _, ok := s.g.prods[t.Name]; !ok {
				return false
			}
		}
	}
	return true
}

func (s *sentenceGen) expr(e *ebnf.Expression, depth int) bool {
	var alts []*ebnf.Sequence
	for _, a := range e.Alternatives {
		if s.viable(a) {
			alts = append(alts, a)
		}
	}
	if len(alts) == 0 {
		return false
	}
	if depth >= s.maxDepth { // deep down, only the shallowest alternatives
		alts = shallowest(s.g, alts)
	}
	alt := alts[s.c.choose(len(alts))]
	for _, t := range alt.Terms {
		if !s.term(t, depth+1) {
			return false
		}
	}
	return true
}

func (s *sentenceGen) term(t *ebnf.Term, depth int) bool {
	n := 1
	switch t.Repetition {
	case "?":
		n = s.c.choose(2)
	case "*":
		n = s.c.choose(3)
	case "+":
		n = 1 + s.c.choose(2)
	}
	if depth >= s.maxDepth && (t.Repetition == "?" || t.Repetition == "*") {
		n = 0
	}
	for range n {
		if len(s.toks) > maxSentenceTokens || !s.once(t, depth) {
			return false
		}
	}
	return true
}

func (s *sentenceGen) once(t *ebnf.Term, depth int) bool {
	switch {
	case t.Name != "":
		p, ok := s.g.prods[t.Name]
		return ok && s.expr(p, depth)
	case t.Literal != "":
		lit, err := strconv.Unquote(t.Literal)
		s.toks = append(s.toks, lit)
		return err == nil
	case t.Token != "":
		samples := tokenSamples[t.Token]
		if len(samples) == 0 {
			s.unknown = t.Token
			return false
		}
		s.toks = append(s.toks, samples[s.c.choose(len(samples))])
		return true
	}
	return s.expr(t.Group.Expr, depth)
}

const unbounded = 1 << 20

// shallowest returns the alternatives whose smallest derivation is least deep.
func shallowest(g *rootGrammar, alts []*ebnf.Sequence) []*ebnf.Sequence {
	depths := minDepths(g)
	best, out := unbounded, []*ebnf.Sequence(nil)
	for _, a := range alts {
		switch d := seqDepth(depths, a); {
		case d < best:
			best, out = d, []*ebnf.Sequence{a}
		case d == best:
			out = append(out, a)
		}
	}
	return out
}

// minDepths computes, for each production, the depth of its smallest
// derivation (a fixed point; productions that derive nothing stay unbounded).
func minDepths(g *rootGrammar) map[string]int {
	d := map[string]int{}
	for name := range g.prods {
		d[name] = unbounded
	}
	for changed := true; changed; {
		changed = false
		for name, e := range g.prods {
			if v := exprDepth(d, e) + 1; v < d[name] {
				d[name], changed = v, true
			}
		}
	}
	return d
}

func exprDepth(d map[string]int, e *ebnf.Expression) int {
	best := unbounded
	for _, a := range e.Alternatives {
		best = min(best, seqDepth(d, a))
	}
	return best
}

func seqDepth(d map[string]int, s *ebnf.Sequence) int {
	worst := 0
	for _, t := range s.Terms {
		if t.Repetition == "?" || t.Repetition == "*" {
			continue
		}
		switch {
		case t.Name != "":
			v, ok := d[t.Name]
			if !ok {
				v = unbounded
			}
			worst = max(worst, v)
		case t.Group != nil:
			worst = max(worst, exprDepth(d, t.Group.Expr))
		}
	}
	return worst
}

// formsOf lists the forms whose grammar starts at root.
func formsOf(root string) []Form {
	var out []Form
	for _, f := range allForms {
		if grammarRoot(f) == root {
			out = append(out, f)
		}
	}
	return out
}

// checkSentence checks one sentence in one form: when participle alone (the
// reference parsers) accepts it, the fast path matches the whole of it, with
// participle's structs. It reports whether participle accepted it.
func checkSentence(t *testing.T, form Form, src string) bool {
	t.Helper()
	mode := syntax.Lenient
	if form == FormDescriptor {
		mode = syntax.Strict
	}
	var lx syntax.Lexer
	var toks syntax.Tokens
	lx.Reset("in", src, 0, mode, DefaultMaxDepth)
	if err := toks.Lex(&lx); err != nil {
		t.Errorf("form %d %q: a sentence of the grammar does not lex: %v", form, src, err)
		return false
	}
	fast := uncached.tryFastRoot(form, &toks)
	toks.Rewind()
	_, err := reference.runGrammar(form, &toks)
	switch {
	case err == nil && fast == nil:
		t.Errorf("form %d %q: participle accepts it, the fast path declines it", form, src)
	case err != nil && fast != nil:
		t.Errorf("form %d %q: the fast path matches it, participle rejects it: %v", form, src, err)
	case fast != nil:
		checkRootStructs(t, form, src)
	}
	return err == nil
}

// TestGrammarSentencesTakeTheFastPath generates sentences of every root of
// the grammar and checks each in every form that starts there.
func TestGrammarSentencesTakeTheFastPath(t *testing.T) {
	n := 50
	switch {
	case heavytest.Enabled():
		n = 300
	case testing.Short():
		n = 50
	}
	for root, g := range rootGrammars() {
		r := rand.New(rand.NewPCG(1, uint64(len(root))))
		accepted := 0
		for i := range n {
			src, ok, unknown := sentence(g, randChooser{r}, 2+i%10)
			if unknown != "" {
				t.Fatalf("the grammar uses the token <%s>: add samples of it to tokenSamples", unknown)
			}
			if !ok {
				continue
			}
			for _, form := range formsOf(root) {
				if checkSentence(t, form, src) {
					accepted++
					fuzzForm(t, form, src)
				}
			}
		}
		t.Logf("%s: %d accepted of %d", root, accepted, n)
		if accepted < n/4 {
			t.Errorf("%s: participle accepted only %d of %d sentences: the generator is off", root, accepted, n)
		}
	}
}

// FuzzGrammarSentences lets the fuzzer choose the sentences: its input
// drives every choice of the generator, for each root of the grammar.
func FuzzGrammarSentences(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add([]byte("choose every production of the grammar"))
	f.Fuzz(func(t *testing.T, choices []byte) {
		for _, g := range rootGrammars() {
			src, ok, _ := sentence(g, &byteChooser{b: choices}, 8)
			if !ok {
				continue
			}
			for _, form := range formsOf(g.root) {
				if checkSentence(t, form, src) {
					fuzzForm(t, form, src)
				}
			}
		}
	})
}
