package parser

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/internal/corpus"
	"github.com/cutec/cutec/internal/heavytest"
)

// validCorpus gathers the texts of the repository's reference corpora: the
// parser's test tables, every golden input (whole and line by line), every
// line of the example files and of the MLIR corpus, the payloads and
// wrappers of every MLIR file, and the expressions and expected results of
// every reference set (internal/corpus, which the test matrix of cmd/cutec
// reads too). Not all of them are valid in every form; the fallback test keeps
// those the reference parser accepts.
func validCorpus(t *testing.T) []string {
	t.Helper()
	inputs := append([]string{}, validExprs...)
	inputs = append(inputs, stmtSources...)
	inputs = append(inputs, cppSources...)
	inputs = append(inputs, strings.Split(sampleCute, "\n")...)
	addText := func(text string) {
		inputs = append(inputs, strings.TrimSpace(text))
		inputs = append(inputs, strings.Split(text, "\n")...)
		ws, _ := scanAll(diag.NewFile("f.mlir", []byte(text)))
		for _, w := range ws {
			inputs = append(inputs, string(w.Payload), text[w.Start:w.End])
		}
	}
	// The cases of internal/corpus: the golden files, the MLIR corpus and
	// every expression of the reference sets with its expected print.
	docs, err := corpus.Docs("..")
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range docs {
		addText(d.Input)
	}
	exprs, err := corpus.Exprs("..")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range exprs {
		inputs = append(inputs, c.Text)
		if c.Expect != "" {
			inputs = append(inputs, c.Expect)
		}
	}
	err = filepath.WalkDir(filepath.Join("..", "examples"), func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || (!strings.HasSuffix(path, ".cute") && !strings.HasSuffix(path, ".mlir")) {
			return err
		}
		src, err := os.ReadFile(path)
		addText(string(src))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	unique := inputs[:0]
	for _, s := range inputs {
		if !seen[s] {
			seen[s] = true
			unique = append(unique, s)
		}
	}
	return unique
}

// sampled is the corpus a default run checks: every nth input, so that
// every source of the corpus is still drawn from (docs/testing.md). With
// CUTEC_HEAVY=1 it is the whole corpus, as the heavy stage of CI runs it.
func sampled(inputs []string, n int) []string {
	if heavytest.Enabled() {
		return inputs
	}
	var out []string
	for i := 0; i < len(inputs); i += n {
		out = append(out, inputs[i])
	}
	return out
}

// TestValidInputTakesTheFastPath checks that the hand-written fast path
// accepts, without falling back to participle, every input of the corpus
// that is valid in a form, in every one of the ten forms. An input is valid
// when the parser accepts it without error; as the fast path and participle
// agree (the differential tests), that is when participle accepts it. So a
// valid input that reached participle is one the fast path wrongly declined.
func TestValidInputTakesTheFastPath(t *testing.T) {
	p := New(Options{CacheSize: -1})
	var fell []string
	p.onFallback = func(form Form, src string) { fell = append(fell, src) }
	valid := map[Form]int{}
	for _, src := range sampled(validCorpus(t), 3) {
		for _, form := range allForms {
			fell = fell[:0]
			if n, l, _ := parseAs(p, form, src); n == nil || l.HasErrors() {
				continue
			}
			valid[form]++
			if len(fell) > 0 {
				t.Errorf("form %d %q: valid input fell back to participle (at %q)", form, src, fell[0])
			}
		}
	}
	for _, form := range allForms {
		if valid[form] == 0 {
			t.Errorf("form %d: no valid input in the corpus", form)
		}
	}
	t.Logf("valid inputs by form: %v", valid)
}

// TestFallbackHookSeesInvalidInput checks that the hook is live: an input
// the grammar rejects is handed to participle, which words the error.
func TestFallbackHookSeesInvalidInput(t *testing.T) {
	p := New(Options{CacheSize: -1})
	n := 0
	p.onFallback = func(Form, string) { n++ }
	for _, form := range allForms {
		parseAs(p, form, "(4,8):(1 4)")
	}
	if n != len(allForms) {
		t.Errorf("the hook saw %d fallbacks for %d invalid parses", n, len(allForms))
	}
}
