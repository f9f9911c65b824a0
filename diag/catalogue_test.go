package diag

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

var (
	codePattern = regexp.MustCompile(`^[EW](\d\d)(\d\d)$`)
	namePattern = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)
)

func TestCatalogue(t *testing.T) {
	for _, problem := range catalogueProblems(catalogue) {
		t.Error(problem)
	}
}

// TestCatalogueChecks shows that catalogueProblems catches each kind of
// broken entry.
func TestCatalogueChecks(t *testing.T) {
	ok := CodeInfo{"E0100", "a-name", Error, "rule", "`x`", "fix", ""}
	with := func(edit func(*CodeInfo)) CodeInfo { c := ok; edit(&c); return c }
	tests := []struct {
		name string
		cat  []CodeInfo
		want string
	}{
		{"bad code", []CodeInfo{with(func(c *CodeInfo) { c.Code = "X100" })}, "not a letter"},
		{"duplicate code", []CodeInfo{ok, with(func(c *CodeInfo) { c.Name = "other" })}, "listed twice"},
		{"duplicate name", []CodeInfo{ok, with(func(c *CodeInfo) { c.Code = "E0101" })}, "not unique"},
		{"name not kebab-case", []CodeInfo{with(func(c *CodeInfo) { c.Name = "Bad_Name" })}, "not unique kebab-case"},
		{"missing example", []CodeInfo{with(func(c *CodeInfo) { c.Example = "" })}, "must all be given"},
		{"missing invariant", []CodeInfo{with(func(c *CodeInfo) { c.Invariant = "" })}, "must all be given"},
		{"missing fix", []CodeInfo{with(func(c *CodeInfo) { c.Fix = "" })}, "must all be given"},
		{"E with warning", []CodeInfo{with(func(c *CodeInfo) { c.Severity = Warning })}, "does not match"},
		{"W with error", []CodeInfo{with(func(c *CodeInfo) { c.Code = "W0100" })}, "does not match"},
		{"number falls", []CodeInfo{with(func(c *CodeInfo) { c.Code = "E0102" }), with(func(c *CodeInfo) { c.Code, c.Name = "E0101", "b" })}, "does not rise"},
		{"family falls", []CodeInfo{with(func(c *CodeInfo) { c.Code = "E0200" }), with(func(c *CodeInfo) { c.Name = "b" })}, "comes after family"},
	}
	for _, tt := range tests {
		problems := strings.Join(catalogueProblems(tt.cat), "\n")
		if !strings.Contains(problems, tt.want) {
			t.Errorf("%s: problems %q do not mention %q", tt.name, problems, tt.want)
		}
	}
	if p := catalogueProblems([]CodeInfo{ok, with(func(c *CodeInfo) { c.Code, c.Name, c.Severity = "W0101", "b", Warning })}); p != nil {
		t.Errorf("a good catalogue has problems: %q", p)
	}
}

// catalogueProblems lists what is wrong with a catalogue: codes must be
// unique, well formed and in order within and across families; names
// unique kebab-case; invariant, example and fix given; the severity must
// match the code's first letter. The letter takes no part in the order.
func catalogueProblems(cat []CodeInfo) []string {
	var problems []string
	report := func(c CodeInfo, format string, args ...any) {
		problems = append(problems, string(c.Code)+": "+fmt.Sprintf(format, args...))
	}
	codes, names := map[Code]bool{}, map[string]bool{}
	prevFamily, prevNumber := -1, -1
	for _, c := range cat {
		m := codePattern.FindStringSubmatch(string(c.Code))
		if m == nil {
			report(c, "code is not a letter E or W and four digits")
			continue
		}
		if codes[c.Code] {
			report(c, "code listed twice")
		}
		if !namePattern.MatchString(c.Name) || names[c.Name] {
			report(c, "name %q is not unique kebab-case", c.Name)
		}
		codes[c.Code], names[c.Name] = true, true
		if c.Invariant == "" || c.Example == "" || c.Fix == "" {
			report(c, "invariant, example and fix must all be given")
		}
		if want := map[byte]Severity{'E': Error, 'W': Warning}[c.Code[0]]; c.Severity != want {
			report(c, "default severity %s does not match its first letter", c.Severity)
		}
		family, _ := strconv.Atoi(m[1])
		number, _ := strconv.Atoi(m[2])
		switch {
		case family < prevFamily:
			report(c, "family %02d comes after family %02d", family, prevFamily)
		case family == prevFamily && number <= prevNumber:
			report(c, "number %02d does not rise after %02d within its family", number, prevNumber)
		}
		prevFamily, prevNumber = family, number
	}
	return problems
}

func TestLookup(t *testing.T) {
	info, ok := Lookup(StrideDivisibility)
	if !ok || info.Name != "stride-divisibility" {
		t.Errorf("Lookup(E0400) = %+v, %v", info, ok)
	}
	if _, ok := Lookup("E9999"); ok {
		t.Error("Lookup(E9999) found an entry")
	}
}

// TestCatalogueCoversConstants reads codes.go and checks that every Code
// constant has a catalogue entry and every entry a constant.
func TestCatalogueCoversConstants(t *testing.T) {
	file, err := parser.ParseFile(token.NewFileSet(), "codes.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	constants := map[Code]string{}
	ast.Inspect(file, func(n ast.Node) bool {
		spec, ok := n.(*ast.ValueSpec)
		if !ok || spec.Type == nil || len(spec.Values) != len(spec.Names) {
			return true
		}
		if id, ok := spec.Type.(*ast.Ident); !ok || id.Name != "Code" {
			return true
		}
		for i, v := range spec.Values {
			if lit, ok := v.(*ast.BasicLit); ok {
				s, _ := strconv.Unquote(lit.Value)
				constants[Code(s)] = spec.Names[i].Name
			}
		}
		return true
	})
	if len(constants) == 0 {
		t.Fatal("found no Code constants in codes.go")
	}
	for code, name := range constants {
		if _, ok := Lookup(code); !ok {
			t.Errorf("constant %s (%s) has no catalogue entry", name, code)
		}
	}
	for _, c := range catalogue {
		if _, ok := constants[c.Code]; !ok {
			t.Errorf("catalogue entry %s has no constant in codes.go", c.Code)
		}
	}
}

// TestCatalogueIsACopy: a caller that changes what Catalogue or Formats
// returns changes nothing that the package or other callers see.
func TestCatalogueIsACopy(t *testing.T) {
	c := Catalogue()
	first := c[0]
	c[0].Name = "changed"
	c = append(c[:1], c[2:]...)
	if got := Catalogue(); len(got) != len(catalogue) || got[0] != first {
		t.Errorf("Catalogue() after changing a copy: %d entries, first %v; want %d, %v", len(got), got[0], len(catalogue), first)
	}
	if info, ok := Lookup(first.Code); !ok || info.Name != first.Name {
		t.Errorf("Lookup(%s) = %v, %v after changing a copy", first.Code, info, ok)
	}
	f := Formats()
	f[0] = "changed"
	if got := Formats(); got[0] != "text" {
		t.Errorf("Formats()[0] = %q after changing a copy, want text", got[0])
	}
	if _, err := NewRenderer("changed"); err == nil {
		t.Error(`NewRenderer("changed") succeeded after changing a copy of Formats`)
	}
}
