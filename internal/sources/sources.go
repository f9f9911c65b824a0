// Package sources reads the CuTe declarations of C++ sources (.cu, .cuh,
// .hpp, .h, .cpp) and CuTe DSL Python kernels (.py): it finds each
// declaration of a layout, swizzle or tile, substitutes the integer constants
// in scope, and hands the declared expression's text, at its place in the
// file, to the one evaluator (verify.Pass.Node): it parses no layout itself.
// A declaration it cannot evaluate (a run-time value, a name it does not
// know, a form the language does not read) is skipped with its reason, never
// reported as an error. docs/sources.md lists the forms it reads.
package sources

import (
	"bytes"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/normalize"
	"github.com/cutec/cutec/parser"
	"github.com/cutec/cutec/verify"
)

// Decl is one declaration read: its name, where its expression starts, and
// its value (nil when skipped, with Skipped saying why).
type Decl struct {
	Name         string
	Line, Column int // of the expression, 1-based
	Off, End     int // byte span of the expression in the file
	Value        normalize.Value
	Skipped      string
	scope        int // the scope it is declared in
}

// Kind names what the value is ("layout", "swizzle", ...), or "" when skipped.
func (d Decl) Kind() string {
	if d.Value == nil {
		return ""
	}
	return d.Value.Kind().String()
}

// Result is what reading one file gives: its declarations in file order
// and the diagnostics of the checks on their values, at their place in the
// file.
type Result struct {
	Decls []Decl
	Diags diag.List
	sc    scopes
}

// Visible returns the index in Decls of the declaration of name that C++
// (or Python) sees at byte off of the file, by the scopes the reader
// follows (docs/sources.md), or -1.
func (r *Result) Visible(name string, off int) int {
	if len(r.sc) == 0 {
		return -1
	}
	use := r.sc.at(off)
	for i := len(r.Decls) - 1; i >= 0; i-- {
		if d := r.Decls[i]; d.Name == name && d.End < off && r.sc.visible(d.scope, use) {
			return i
		}
	}
	return -1
}

// Is reports whether a path names a file this package reads, by its
// extension.
func Is(path string) bool {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".cu", ".cuh", ".hpp", ".h", ".cpp", ".cc", ".cxx", ".py":
		return true
	}
	return false
}

// HasMarker reports whether a file's text uses CuTe: a directory walk reads
// only such files.
func HasMarker(src []byte) bool {
	// Each marker holds "cute": one pass finds its occurrences, and each
	// is checked for a marker around it (cute::, <cute/, cutlass.cute,
	// namespace cute).
	for i := 0; ; {
		k := bytes.Index(src[i:], []byte("cute"))
		if k < 0 {
			return false
		}
		at := i + k
		i = at + 4
		if bytes.HasPrefix(src[i:], []byte("::")) ||
			at >= 1 && src[at-1] == '<' && bytes.HasPrefix(src[i:], []byte("/")) ||
			bytes.HasSuffix(src[:at], []byte("cutlass.")) ||
			bytes.HasSuffix(src[:at], []byte("namespace ")) {
			return true
		}
	}
}

// maxDeclLen bounds the text of one declaration: one longer is skipped.
const maxDeclLen = 16 << 10

// Read reads the declarations of a file and evaluates them with the pass p.
func Read(name string, src []byte, p *verify.Pass) Result {
	file := diag.NewFile(name, src)
	var found []found
	var conds []condEvent
	r := &reader{py: strings.EqualFold(filepath.Ext(name), ".py"), consts: map[string][]constDef{}, types: map[string][]constDef{}, file: file, done: map[string]normalize.Value{}}
	if r.py {
		r.clean = blankPython(src)
		found = scanPython(r.clean)
	} else {
		r.clean = blankCpp(src)
		conds = blankDirectives(r.clean)
		found = scanCpp(r.clean)
	}
	if !slices.ContainsFunc(found, isDecl) {
		return Result{} // constants alone: nothing to list or check
	}
	if r.py {
		r.sc = pyScopes(r.clean)
	} else {
		r.sc = cppScopes(r.clean, conds)
	}
	env := normalize.NewEnv()
	res := Result{sc: r.sc}
	for _, f := range found {
		scope := r.sc.at(f.off)
		if f.param {
			// A template or function parameter's default is visible in the
			// body that follows its list, and nowhere else.
			k := r.sc.after(f.off)
			if k < 0 || bytes.IndexByte(r.clean[f.off:r.sc[k].start], ';') >= 0 {
				continue
			}
			scope = k
		}
		switch {
		case f.typeAlias:
			r.types[f.name] = addDef(r.types[f.name], constDef{at: f.off, scope: scope, text: f.value})
			continue
		case f.alias:
			r.define(f.name, f.end, scope, compact(r.clean[f.off:f.end]))
			continue
		case f.tparam:
			r.hide(f.name, f.off, scope, "a template parameter without a default")
			continue
		case f.isConst:
			v, _ := r.substitute([]byte(f.value), f.off)
			if n, ok := evalInt(v, r.py); ok {
				r.define(f.name, f.off, scope, strconv.FormatInt(n, 10))
			} else if r.py && isIntTuple(v) {
				r.define(f.name, f.off, scope, string(v))
			} else { // hides the name's definitions outside
				r.hide(f.name, f.off, scope, assignedMark+f.value) // the message is made where it is used
			}
			continue
		}
		d := Decl{Name: f.name, Off: f.off, End: f.end, scope: scope}
		pos := file.Position(f.off)
		d.Line, d.Column = pos.Line, pos.Col
		skip := func(why string) {
			d.Skipped = why
			res.Decls = append(res.Decls, d)
			r.hide(f.name, f.end, scope, "whose declaration on line "+strconv.Itoa(d.Line)+" is skipped")
		}
		if f.end-f.off > maxDeclLen {
			skip("the declaration is longer than " + strconv.Itoa(maxDeclLen) + " bytes")
			continue
		}
		r.unresolved = r.unresolved[:0]
		text, m := r.substitute(r.clean[f.off:f.end], f.off)
		if f.tuple {
			// The language's tuples hold values, not calls: each element
			// is evaluated, and the tuple is that of their values.
			t, why := r.tupleOf(name, f.off, f.end, p, env)
			if why != "" {
				skip(why)
				continue
			}
			text, m = t, mapping{base: f.off, edits: []edit{{pos: 0, newLen: len(t), at: 0, oldLen: f.end - f.off}}}
		}
		if len(r.unresolved) == 0 {
			// A name the reader knows it has no value of: no value can
			// come of the declaration, which is not parsed nor evaluated.
			if why := r.hiddenIn(text, f.off); why != "" {
				skip(why)
				continue
			}
		}
		accept := func(v normalize.Value) {
			d.Value = v
			r.copies = r.copies || strings.HasPrefix(v.String(), "make_tiled_copy")
			res.Decls = append(res.Decls, d)
			// Below, the name is its value, as a constant is.
			r.consts[f.name] = addDef(r.consts[f.name], constDef{at: f.end, scope: scope, text: substText(v), val: v})
		}
		key := string(text)
		if v, ok := r.done[key]; ok {
			accept(v) // the same text read before in this file, without a finding
			continue
		}
		w := diag.NewWindow(name, text, 0, 1, 1)
		e, pd := parser.ParseExpr(w)
		if (len(pd) > 0 || e == nil) && len(r.unresolved) > 0 {
			skip(r.membersWhy(f.off))
			continue
		}
		if len(pd) > 0 || e == nil {
			if r.py && bytes.Contains(text, []byte("cutlass.Int")) {
				skip("depends on run-time integers (cutlass.Int32(...)), which the DSL computes with at run time")
			} else if why := r.hiddenIn(text, f.off); why != "" {
				skip(why)
			} else {
				skip("not a form the language reads: " + firstMessage(pd))
			}
			continue
		}
		v, vd := p.Node(w, e, env)
		if why := unevaluable(vd); why != "" {
			skip(r.explain(vd, w, why, f.off))
			continue
		}
		if names := freeNames(text); names != "" && hasError(vd) {
			// An error of a value that depends on names the reader does not
			// know (a member, a run-time value) is not a finding on the source.
			skip(r.orHidden(text, f.off, "depends on names that are not constants in scope: "+names))
			continue
		}
		if v == nil { // a finding that leaves no value: reported, not listed
			skip("it has an error")
			res.Diags = append(res.Diags, m.placeAll(vd, w, file)...)
			continue
		}
		if names := symbols(v.String()); names != "" && algebraKind(v.Kind()) {
			skip(r.orHidden(text, f.off, "depends on names that are not constants in scope: "+names))
			continue
		}
		accept(v)
		res.Diags = append(res.Diags, m.placeAll(vd, w, file)...)
		if len(vd) == 0 && len(r.done) < maxDone {
			r.done[key] = v
		}
	}
	res.Diags = append(res.Diags, r.pairBanks(name, file, p, env)...)
	return res
}

// substText is the text a declaration's name is replaced by where it is
// used: its value in parentheses, but an integer or a tuple as it is (in
// the language, (0) is a tuple of one integer, which an offset is not:
// auto offset = cute::_0{} is the integer 0).
func substText(v normalize.Value) string {
	s := v.String()
	switch {
	case v.Kind() == normalize.KindInt && !strings.HasPrefix(s, "-"):
		return s
	case v.Kind() == normalize.KindTuple && strings.HasPrefix(s, "(") && strings.HasSuffix(s, ")"):
		return s // ((4,8)) would be a tuple of one tuple
	}
	return "(" + s + ")"
}

// isDecl reports whether a scanner found a declaration (not a constant,
// a parameter's default, an atom's or a type's other name).
func isDecl(f found) bool { return !f.isConst && !f.param && !f.alias && !f.typeAlias }

// compact is a text without its blanks.
func compact(b []byte) string { return strings.Join(strings.Fields(string(b)), "") }

// unevaluable says why diagnostics mean that a declaration cannot be
// evaluated statically (a name the reader does not know, a run-time value),
// or "" when they are findings on a value.
func unevaluable(l diag.List) string {
	for _, d := range l {
		if d.Severity != diag.Error {
			continue
		}
		c := string(d.Code)
		if d.Code == diag.UnknownName || strings.HasPrefix(c, "E01") {
			return d.Message
		}
		if d.Code == diag.WrongKind {
			// CuTe's functions take more kinds than the language reads
			// them for (take<0,2> of a shape, tile_to_shape to a layout's
			// shape): a wrong kind in a source is a form not read.
			return "a call the language reads for other kinds of arguments: " + d.Message
		}
	}
	return ""
}

// algebraKind is whether a value of kind k prints only numbers, symbols
// and the algebra's notation, so that a name in its text is a symbol (a
// tiled MMA or copy prints its atom's name).
func algebraKind(k normalize.Kind) bool {
	switch k {
	case normalize.KindInt, normalize.KindTuple, normalize.KindLayout, normalize.KindSwizzle,
		normalize.KindComposed, normalize.KindTiler:
		return true
	}
	return false
}

// symbols returns the names in a value's text (a symbolic value: a name of
// the source that is not a constant in scope became a symbol), joined by
// commas, or "" for a static value.
func symbols(text string) string {
	var names []string
	for i := 0; i < len(text); {
		if !isIdentStart(text[i]) {
			i++
			continue
		}
		j := i
		for j < len(text) && (isIdent(text[j]) || text[j] == '.') {
			j++
		}
		if w := text[i:j]; w != "S" && w != "o" && !slices.Contains(names, w) {
			names = append(names, w)
		}
		i = j
	}
	return strings.Join(names, ", ")
}

// freeNames returns the names of a substituted expression that are values
// the reader does not know, joined by commas: a name that is not called
// (`f(`), not a template (`T<`), not a keyword argument (`stride=`), not a
// static integer (`_8`), and not one of CuTe's layout tags (a constant or a
// declaration read before has been substituted by its value).
func freeNames(text []byte) string {
	var names []string
	for i := 0; i < len(text); {
		if !isIdentStart(text[i]) || (i > 0 && isIdent(text[i-1])) {
			i++
			continue
		}
		j := i
		for j < len(text) && (isIdent(text[j]) || text[j] == '.' || text[j] == ':') {
			j++
		}
		w := strings.TrimPrefix(strings.TrimPrefix(string(text[i:j]), "cute::"), "cute.")
		k := j
		for k < len(text) && text[k] == ' ' {
			k++
		}
		next := byte(0)
		if k < len(text) {
			next = text[k]
		}
		switch {
		case next == '(' || next == '<' || next == '=' && (k+1 >= len(text) || text[k+1] != '='):
		case isStaticInt(w) || layoutTags[w] || w == "o":
		default:
			if !slices.Contains(names, w) {
				names = append(names, w)
			}
		}
		i = j
	}
	return strings.Join(names, ", ")
}

// layoutTags are the tags of make_layout's major order (docs/grammar.md).
var layoutTags = map[string]bool{"LayoutRight": true, "LayoutLeft": true, "GenRowMajor": true, "GenColMajor": true}

// isStaticInt reports whether a name is CuTe's static integer _N.
func isStaticInt(w string) bool {
	if len(w) < 2 || w[0] != '_' {
		return false
	}
	for _, c := range w[1:] {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

func hasError(l diag.List) bool {
	for _, d := range l {
		if d.Severity == diag.Error {
			return true
		}
	}
	return false
}

// isIntTuple reports whether a constant's text is an integer or a tuple of
// them, written with digits only, its parentheses balanced.
func isIntTuple(b []byte) bool {
	depth, digits := 0, false
	for _, c := range b {
		switch {
		case c == '(':
			depth++
		case c == ')':
			if depth--; depth < 0 {
				return false
			}
		case c >= '0' && c <= '9':
			digits = true
		case !(c == ',' || c == ' ' || c == '-'):
			return false
		}
	}
	return digits && depth == 0
}

func firstMessage(l diag.List) string {
	if len(l) == 0 {
		return "no expression"
	}
	return l[0].Message
}

// constDef is one definition of a constant or declaration: where, its
// text and its scope, and a declaration's value.
type constDef struct {
	at    int
	text  string
	scope int
	val   normalize.Value
	why   string // of a name whose value is not known (text ""): why
}

// found is what a scanner found: a declaration's expression span, or a
// constant's value.
type found struct {
	name     string
	off, end int
	isConst  bool
	value    string
	param    bool // a template or function parameter's default
	alias    bool // a name for an atom's spelling (MMA_Atom<OP>, Copy_Atom<OP, T>)
	// typeAlias: another name of a type (using P = Policy;, a template
	// parameter's default, class P = Policy), for its members P::Stages.
	typeAlias bool
	tparam    bool // a template parameter without a default
	tuple     bool // a Python tuple of CuTe's values (a tile of layouts)
}

// edit is one substitution: the bytes [at, at+oldLen) of the original
// became newLen bytes starting at pos in the substituted text.
type edit struct{ pos, newLen, at, oldLen int }

// mapping maps offsets of a substituted text back to the file.
type mapping struct {
	base  int
	edits []edit
}

// orig returns the file offset of offset o of the substituted text.
func (m mapping) orig(o int) int {
	delta := 0
	for _, e := range m.edits {
		if o < e.pos {
			break
		}
		if o < e.pos+e.newLen {
			return m.base + e.at
		}
		delta += e.newLen - e.oldLen
	}
	return m.base + o - delta
}

func (m mapping) span(s diag.Span) diag.Span {
	st, en := m.orig(s.Start), m.orig(s.End)
	if en < st {
		en = st
	}
	return diag.Span{Start: st, End: en}
}

// placeAll places every diagnostic but cutec's spelling lint (W0903): a
// source keeps CuTe's spelling.
func (m mapping) placeAll(l diag.List, w, file *diag.File) diag.List {
	var out diag.List
	for _, x := range l {
		if x.Code != diag.Code("W0903") {
			out = append(out, m.place(x, w, file))
		}
	}
	return out
}

// place moves a diagnostic found in the window w of a substituted text to
// its place in the file.
func (m mapping) place(d *diag.Diagnostic, w, file *diag.File) *diag.Diagnostic {
	c := *d
	if c.File == w {
		c.File, c.Span = file, m.span(c.Span)
	}
	c.Notes = append([]diag.Note(nil), d.Notes...)
	for i := range c.Notes {
		if c.Notes[i].File == w {
			c.Notes[i].File, c.Notes[i].Span = file, m.span(c.Notes[i].Span)
		}
	}
	if d.Fix != nil {
		if d.Fix.Edits != nil && len(d.Fix.Edits) > 0 {
			c.Fix = nil // a fix on substituted text is not a fix of the file
		}
	}
	return &c
}

// replace returns text with [a, b) replaced by v, and the mapping of the
// new text to the file: an edit inside [a, b) is now part of the one
// edit of [a, b).
func (m mapping) replace(text []byte, a, b int, v string) ([]byte, mapping) {
	oa, ob := m.orig(a)-m.base, m.origEnd(b)-m.base
	out := make([]byte, 0, len(text)+len(v)-(b-a))
	out = append(append(append(out, text[:a]...), v...), text[b:]...)
	es := make([]edit, 0, len(m.edits)+1)
	for _, e := range m.edits {
		if e.pos+e.newLen <= a && e.pos < a {
			es = append(es, e)
		}
	}
	es = append(es, edit{pos: a, newLen: len(v), at: oa, oldLen: ob - oa})
	shift := len(v) - (b - a)
	for _, e := range m.edits {
		if e.pos >= b {
			e.pos += shift
			es = append(es, e)
		}
	}
	return out, mapping{base: m.base, edits: es}
}

// origEnd returns the file offset just past the byte before offset b of
// the substituted text.
func (m mapping) origEnd(b int) int {
	if b == 0 {
		return m.orig(0)
	}
	for _, e := range m.edits {
		if e.pos <= b-1 && b-1 < e.pos+e.newLen {
			return m.base + e.at + e.oldLen
		}
	}
	return m.orig(b-1) + 1
}

// substitute replaces the names of integer constants and of declarations
// read before off that are visible there (C++'s and Python's scopes, a
// member of a struct of the file named with its struct, Cfg::kBlockM) with
// their values (a declaration's name followed by `{}`, its value in C++,
// with its `{}`), drops C++'s `typename`, turns line breaks into spaces,
// and folds the integer arithmetic that is left (fold).
func (r *reader) substitute(text []byte, off int) ([]byte, mapping) {
	m := mapping{base: off}
	out := make([]byte, 0, len(text))
	use := r.sc.at(off)
	for i := 0; i < len(text); {
		c := text[i]
		if !isIdentStart(c) || (i > 0 && (isIdent(text[i-1]) || text[i-1] == '.' || text[i-1] == ':')) {
			if c == '\n' || c == '\r' || c == '\t' {
				c = ' '
			}
			out = append(out, c)
			i++
			continue
		}
		j := i
		for j < len(text) && isIdent(text[j]) {
			j++
		}
		// A qualified name A::B::C: its last two parts, a struct and its member.
		last, prev, k := i, -1, j
		for !r.py && k+2 < len(text) && text[k] == ':' && text[k+1] == ':' && isIdentStart(text[k+2]) {
			prev, last = last, k+2
			for k = k + 2; k < len(text) && isIdent(text[k]); k++ {
			}
		}
		var v string
		ok := false
		if prev >= 0 {
			owner := string(text[prev : last-2])
			for range 8 { // an alias of an alias, a few deep
				d, isAlias := find(r.sc, r.types[owner], off+i, use)
				if !isAlias || d.text == owner {
					break
				}
				owner = d.text
			}
			v, ok = r.member(owner, string(text[last:k]))
			n := k
			for n < len(text) && text[n] == ' ' {
				n++
			}
			called := n < len(text) && (text[n] == '(' || text[n] == '<')
			if q := string(text[i:k]); !ok && !called && owner != "cute" && !slices.Contains(r.unresolved, q) {
				r.unresolved = append(r.unresolved, q)
			}
			j = k
		} else if !r.py && string(text[i:j]) == "typename" {
			v, ok = "", true
			for j < len(text) && text[j] == ' ' {
				j++
			}
		} else {
			if !keyword(text, j) {
				v, ok = r.lookup(string(text[i:j]), off+i, use)
			}
			if r.py && !ok && j+1 < len(text) && text[j] == '.' && isIdentStart(text[j+1]) && string(text[i:j]) != "cute" && string(text[i:j]) != "cutlass" {
				k := j + 1
				for k < len(text) && isIdent(text[k]) {
					k++
				}
				if q := string(text[i:k]); !slices.Contains(r.unresolved, q) {
					r.unresolved = append(r.unresolved, q)
				}
			}
		}
		if ok {
			end := j
			if end+1 < len(text) && text[end] == '{' && text[end+1] == '}' {
				end += 2
			}
			m.edits = append(m.edits, edit{pos: len(out), newLen: len(v), at: i, oldLen: end - i})
			out = append(out, v...)
			i = end
			continue
		}
		out = append(out, text[i:j]...)
		i = j
	}
	return fold(out, m, r.py)
}

// tupleOf evaluates each element of the Python tuple [off, end) of the
// file (its parentheses included) and returns the tuple of their values'
// texts, or why it cannot.
func (r *reader) tupleOf(name string, off, end int, p *verify.Pass, env *normalize.Env) ([]byte, string) {
	out := []byte{'('}
	n := 0
	for _, a := range topLevelArgs(r.clean, off+1, end-1) {
		if len(bytes.TrimSpace(r.clean[a[0]:a[1]])) == 0 {
			continue // the comma after the last element
		}
		text, _ := r.substitute(r.clean[a[0]:a[1]], a[0])
		w := diag.NewWindow(name, text, 0, 1, 1)
		e, pd := parser.ParseExpr(w)
		if len(pd) > 0 || e == nil {
			return nil, "not a form the language reads: " + firstMessage(pd)
		}
		v, vd := p.Node(w, e, env)
		if v == nil || hasError(vd) || symbols(v.String()) != "" {
			return nil, "an element of the tuple has no static value: " + strings.TrimSpace(string(text))
		}
		if n > 0 {
			out = append(out, ',')
		}
		out = append(out, v.String()...)
		n++
	}
	if n < 2 {
		return nil, "a tuple of fewer than two elements"
	}
	return append(out, ')'), ""
}

// keyword reports whether the name that ends at j of a declaration's text
// is a keyword argument's (stride=, tiler=): followed by one `=`, it is
// no value to substitute.
func keyword(text []byte, j int) bool {
	k := j
	for k < len(text) && (text[k] == ' ' || text[k] == '\t') {
		k++
	}
	return k < len(text) && text[k] == '=' && (k+1 >= len(text) || text[k+1] != '=')
}

// reader is what reading one file keeps: its text without comments and
// literals, its scopes, and the constants and declarations read so far.
type reader struct {
	clean  []byte
	py     bool
	sc     scopes
	consts map[string][]constDef
	types  map[string][]constDef // other names of types (typeAlias)
	// unresolved are the qualified names (A::B) that substitute found no
	// member of a struct of the file for.
	unresolved []string
	copies     bool // a tiled copy was read
	file       *diag.File
	// done are the values of the declarations' substituted texts read
	// without a diagnostic: a text read again (ThrID = Layout<_128> in
	// every MMA traits struct of a header) is not parsed nor evaluated
	// again.
	done map[string]normalize.Value
}

// maxDone bounds the texts a file's reading keeps in done.
const maxDone = 1 << 14

// define records a constant's or a declaration's value, visible from at
// in scope; "" is a name whose value is not known, which hides the
// definitions of that name in the scopes around.
func (r *reader) define(name string, at, scope int, text string) {
	r.consts[name] = addDef(r.consts[name], constDef{at: at, text: text, scope: scope})
}

// hide records that name, defined at at in scope, has a value the reader
// does not know, and why: it hides the definitions of that name in the
// scopes around, and a declaration that uses it is skipped with why.
func (r *reader) hide(name string, at, scope int, why string) {
	r.consts[name] = addDef(r.consts[name], constDef{at: at, scope: scope, why: why})
}

// explain returns the reason a declaration at off is skipped for the
// diagnostics vd of its evaluation in the window w, whose first error
// gave why: for a name the evaluation does not know, what the name is.
func (r *reader) explain(vd diag.List, w *diag.File, why string, off int) string {
	var d *diag.Diagnostic
	for _, x := range vd {
		if x.Severity == diag.Error {
			d = x
			break
		}
	}
	if d == nil || d.Code != diag.UnknownName || d.File != w || d.Span.End > len(w.Src) || d.Span.Start >= d.Span.End {
		return why
	}
	name := strings.TrimSuffix(string(w.Src[d.Span.Start:d.Span.End]), "{}")
	if why := r.whyUnknown(name, off); why != "" {
		return "depends on " + name + ", " + why
	}
	if k := d.Span.End; k < len(w.Src) && w.Src[k] == '(' && isIdentStart(name[0]) && !strings.ContainsAny(name, "<>") {
		return "calls " + name + ", which is no operation of the language (a function of this file or another)"
	}
	switch {
	case strings.ContainsAny(name, "<>"):
		return "uses " + name + ", a template the language does not read"
	case r.py && strings.Contains(name, "."):
		return "depends on " + name + ", an attribute of an object (the reader reads none)"
	case strings.Contains(name, "::"):
		return "depends on " + name + ", declared in another file or in a form the reader does not read"
	}
	return "depends on " + name + ", which is not a constant or a declaration read in scope (a function's parameter, a name declared in another file)"
}

// whyUnknown says what a name the reader knows no value of at off is
// (hidden by hide, or another name of such a type), or "".
func (r *reader) whyUnknown(name string, off int) string {
	use := r.sc.at(off)
	for range 8 { // another name of another name, a few deep
		if def, ok := r.lookupDef(name, off, use); ok && def.text == "" && def.why != "" {
			return r.whyText(def)
		}
		t, ok := find(r.sc, r.types[name], off, use)
		if !ok || t.text == name {
			return ""
		}
		if why := r.whyUnknown1(t.text, off, use); why != "" {
			return "another name of " + t.text + ", " + why
		}
		name = t.text
	}
	return ""
}

func (r *reader) whyUnknown1(name string, off, use int) string {
	if def, ok := r.lookupDef(name, off, use); ok && def.text == "" {
		return r.whyText(def)
	}
	return ""
}

// hiddenIn returns "depends on NAME, WHY" for the first name of a
// declaration's substituted text whose value the reader knows it does not
// know (whyUnknown), or "".
func (r *reader) hiddenIn(text []byte, off int) string {
	for i := 0; i < len(text); {
		if !isIdentStart(text[i]) || i > 0 && (isIdent(text[i-1]) || text[i-1] == ':' || text[i-1] == '.') {
			i++
			continue
		}
		j := identEnd(text, i)
		if j < len(text) && (text[j] == ':' || text[j] == '.') || keyword(text, j) {
			i = j // a member (substitute reports it) or a keyword argument's name
			continue
		}
		name := string(text[i:j])
		if why := r.whyUnknown(name, off); why != "" {
			return "depends on " + name + ", " + why
		}
		i = j
	}
	return ""
}

// orHidden is hiddenIn's reason for text, or why.
func (r *reader) orHidden(text []byte, off int, why string) string {
	if h := r.hiddenIn(text, off); h != "" {
		return h
	}
	return why
}

// membersWhy is the reason a declaration at off that uses the members
// r.unresolved (A::B) is skipped: what each owner is, where the reader
// knows.
func (r *reader) membersWhy(off int) string {
	var known, unknown []string
	for _, q := range r.unresolved {
		owner := q
		if k := strings.LastIndex(q, "::"); k >= 0 {
			owner = q[:k]
		} else if k := strings.LastIndex(q, "."); k >= 0 {
			owner = q[:k]
		}
		if j := strings.LastIndex(owner, "::"); j >= 0 {
			owner = owner[j+2:]
		}
		if why := r.whyUnknown(owner, off); why != "" {
			known = append(known, q+", a member of "+owner+" ("+why+")")
		} else {
			unknown = append(unknown, q)
		}
	}
	if len(unknown) == 0 {
		return "depends on " + strings.Join(known, "; ")
	}
	if r.py {
		return "depends on " + strings.Join(unknown, ", ") + ": attributes of an object or a module, which the reader does not read"
	}
	return "depends on " + strings.Join(unknown, ", ") + ": not a member of a struct of this file with a value known here (a template parameter's member, a type declared elsewhere, an object's attribute)"
}

// assignedMark starts the why of a name assigned a value the reader does
// not evaluate, which holds that value: whyText makes its message only
// where a skip reason uses it (most are never used).
const assignedMark = "\x00"

// whyText is the reason of a definition whose value is not known.
func (r *reader) whyText(def constDef) string {
	if v, ok := strings.CutPrefix(def.why, assignedMark); ok {
		return "assigned on line " + strconv.Itoa(r.file.Position(def.at).Line) + " a value the reader does not evaluate: " + short(v)
	}
	return def.why
}

// short is a value's text for a message: without its blanks, cut at 60
// bytes, and marked "..." where it goes on past its line.
func short(text string) string {
	t := compact([]byte(text))
	depth := 0
	for _, c := range t {
		switch c {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		}
	}
	switch {
	case len(t) > 60:
		t = t[:57] + "..."
	case depth > 0: // a value that goes on over the next lines
		t += "..."
	}
	return t
}

// lookup returns the value of name at offset at in scope use: of the
// definitions before at that are visible there, the one of the innermost
// scope, the last of it.
func (r *reader) lookup(name string, at, use int) (string, bool) {
	d, ok := r.lookupDef(name, at, use)
	return d.text, ok && d.text != ""
}

func (r *reader) lookupDef(name string, at, use int) (constDef, bool) {
	return find(r.sc, r.consts[name], at, use)
}

// member returns the value of the member name of a struct, class or
// namespace of the file named owner (the last such member if several structs have that
// name: a struct's specializations are not told apart).
func (r *reader) member(owner, name string) (string, bool) {
	defs := r.consts[name]
	for k := len(defs) - 1; k >= 0 && k >= len(defs)-maxWalk; k-- {
		if s := r.sc[defs[k].scope]; (s.kind == 's' || s.kind == 'n') && s.name == owner {
			return defs[k].text, defs[k].text != ""
		}
	}
	return "", false
}

func isIdentStart(c byte) bool { return identBytes[c] == 2 }

func isIdent(c byte) bool { return identBytes[c] != 0 }

// identBytes is 2 for a byte that starts an identifier, 1 for a digit.
var identBytes = func() (t [256]byte) {
	for c := range 256 {
		switch {
		case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			t[c] = 2
		case c >= '0' && c <= '9':
			t[c] = 1
		}
	}
	return t
}()
