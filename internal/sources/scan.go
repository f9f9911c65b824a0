package sources

import (
	"bytes"
	"slices"
	"strings"
)

// blankCpp returns src with its comments and string and character literals
// replaced by spaces (line breaks kept), so offsets are those of src.
func blankCpp(src []byte) []byte {
	out := append([]byte(nil), src...)
	blank := func(i, j int) { blankRange(out, i, j) }
	for i := 0; i < len(src); {
		for i < len(src) && !cppSpecial[src[i]] {
			i++ // most bytes open no comment nor literal
		}
		if i >= len(src) {
			break
		}
		switch {
		case src[i] == '/' && i+1 < len(src) && src[i+1] == '/':
			j := i
			for j < len(src) && src[j] != '\n' {
				j++
			}
			blank(i, j)
			i = j
		case src[i] == '/' && i+1 < len(src) && src[i+1] == '*':
			j := i + 2
			for j+1 < len(src) && !(src[j] == '*' && src[j+1] == '/') {
				j++
			}
			j = min(j+2, len(src))
			blank(i, j)
			i = j
		case src[i] == '"' || src[i] == '\'' && !(i > 0 && isHexDigit(src[i-1])):
			j := quoteEnd(src, i)
			blank(i, j)
			i = j
		default:
			i++
		}
	}
	return out
}

// cppSpecial are the bytes that may open a C++ comment or literal.
var cppSpecial = [256]bool{'/': true, '"': true, '\'': true}

// blankRange replaces out[i:j] by spaces, keeping line breaks.
func blankRange(out []byte, i, j int) {
	for k := i; k < j && k < len(out); k++ {
		if out[k] != '\n' {
			out[k] = ' '
		}
	}
}

// quoteEnd is the end of the one-line quoted literal that opens at
// src[i] (a string or character literal, with backslash escapes): just
// past its closing quote, or at the line's end when it is not closed.
func quoteEnd(src []byte, i int) int {
	q := src[i]
	j := i + 1
	for j < len(src) && src[j] != q && src[j] != '\n' {
		if src[j] == '\\' {
			j++
		}
		j++
	}
	return min(j+1, len(src))
}

func isHexDigit(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// blankPython is blankCpp for Python: # comments and strings, triple-quoted
// ones included.
func blankPython(src []byte) []byte {
	out := append([]byte(nil), src...)
	blank := func(i, j int) { blankRange(out, i, j) }
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == '#':
			j := i
			for j < len(src) && src[j] != '\n' {
				j++
			}
			blank(i, j)
			i = j
		case c == '"' || c == '\'':
			j := i + 1
			if i+2 < len(src) && src[i+1] == c && src[i+2] == c {
				k := bytes.Index(src[i+3:], []byte{c, c, c})
				if k < 0 {
					j = len(src)
				} else {
					j = i + 3 + k + 3
				}
			} else {
				j = quoteEnd(src, i)
			}
			blank(i, j)
			i = j
		default:
			i++
		}
	}
	return out
}

// The scanners below read a file once, word by word, and match each form
// by hand at the word that starts it (no regular expression runs in the
// loop over a file): lint of a source tree is a pass over its bytes.

// layoutCalls are the calls whose result a declaration is read for.
var layoutCalls = wordSet("make_layout", "make_ordered_layout", "make_composed_layout", "composition", "make_tile",
	"tile_to_shape", "make_swizzle", "logical_divide", "zipped_divide", "tiled_divide", "flat_divide",
	"logical_product", "zipped_product", "tiled_product", "blocked_product", "raked_product",
	"coalesce", "complement", "right_inverse", "left_inverse", "make_identity_layout",
	"make_tiled_mma", "make_tiled_copy", "make_tiled_copy_tv", "make_tiled_copy_A", "make_tiled_copy_B", "make_tiled_copy_C", "flat_product",
	"make_shape", "make_stride")

var (
	constTypes = wordSet("int", "int32_t", "int64_t", "uint32_t", "uint64_t", "size_t", "unsigned", "long", "auto")
	paramTypes = wordSet("int", "int32_t", "int64_t", "uint32_t", "size_t", "unsigned")
	typeNames  = wordSet("Layout", "Swizzle", "Tile", "ComposedLayout", "TiledMMA", "Shape", "Stride")
	// typeWords are words of a template parameter that name no parameter.
	typeWords = wordSet("class", "typename", "int", "int32_t", "int64_t", "uint32_t", "uint64_t", "size_t", "unsigned", "long", "bool", "auto", "template")
	atomNames = wordSet("MMA_Atom", "Copy_Atom")
)

func wordSet(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

// identEnd returns the end of the identifier (or number) at i: i itself
// where none starts.
func identEnd(b []byte, i int) int {
	for i < len(b) && isIdent(b[i]) {
		i++
	}
	return i
}

// spaceEnd returns the end of the white space at i (space, tab, line
// breaks, form feed).
func spaceEnd(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\n' || b[i] == '\t' || b[i] == '\r' || b[i] == '\f') {
		i++
	}
	return i
}

// name reads an identifier at i after at least one blank (gap) or any
// (no gap): its end, or -1.
func nameAt(b []byte, i int, gap bool) (int, int) {
	k := spaceEnd(b, i)
	if gap && k == i || k >= len(b) || !isIdentStart(b[k]) {
		return -1, -1
	}
	return k, identEnd(b, k)
}

// assignAt reads `NAME = ` after a keyword that ends at i: the name's span
// and the offset of the value past the blanks after `=`, or ok false.
func assignAt(b []byte, i int) (n0, n1, v int, ok bool) {
	n0, n1 = nameAt(b, i, true)
	if n0 < 0 {
		return 0, 0, 0, false
	}
	k := spaceEnd(b, n1)
	if k >= len(b) || b[k] != '=' {
		return 0, 0, 0, false
	}
	return n0, n1, spaceEnd(b, k+1), true
}

// valueTo reads a value from v up to the first byte of stop; it ends at
// a byte of ends (the byte's offset, the value trimmed of blanks before
// it), or ok is false: no such byte, or an empty value.
func valueTo(b []byte, v int, stop, ends string) (int, int, bool) {
	k := v
	for k < len(b) && strings.IndexByte(stop, b[k]) < 0 {
		k++
	}
	if k >= len(b) || strings.IndexByte(ends, b[k]) < 0 {
		return 0, 0, false
	}
	e := trimEnd(b, v, k)
	return e, k, e > v
}

// matchConst reads `constexpr|const [static] TYPE NAME = VALUE;` at the
// keyword [at, i), TYPE an integer type or auto.
func matchConst(b []byte, at, i int) (found, bool) {
	b = b[:min(len(b), at+matchWindow)]
	k := spaceEnd(b, i)
	if k == i {
		return found{}, false
	}
	if e := identEnd(b, k); string(b[k:e]) == "static" && spaceEnd(b, e) > e {
		k = spaceEnd(b, e)
	}
	e := identEnd(b, k)
	if !constTypes[string(b[k:e])] {
		return found{}, false
	}
	n0, n1, v, ok := assignAt(b, e)
	if !ok {
		return found{}, false
	}
	ve, _, ok := valueTo(b, v, ";{}", ";")
	if !ok {
		return found{}, false
	}
	return found{name: string(b[n0:n1]), off: n0, isConst: true, value: string(b[v:ve])}, true
}

// matchParam reads a parameter's default, `TYPE NAME = VALUE` closed by
// `,`, `>` or `)`, at the integer type [at, i).
func matchParam(b []byte, i int) (found, bool) {
	b = b[:min(len(b), i+matchWindow)]
	n0, n1, v, ok := assignAt(b, i)
	if !ok {
		return found{}, false
	}
	ve, _, ok := valueTo(b, v, ",;<>(){}", ",>)")
	if !ok {
		return found{}, false
	}
	return found{name: string(b[n0:n1]), off: n0, isConst: true, param: true, value: string(b[v:ve])}, true
}

// matchTypeParam reads `class|typename NAME = OTHER` closed by `,` or `>`.
func matchTypeParam(b []byte, i int) (found, bool) {
	b = b[:min(len(b), i+matchWindow)]
	n0, n1, v, ok := assignAt(b, i)
	if !ok || v >= len(b) || !isIdentStart(b[v]) {
		return found{}, false
	}
	o := identEnd(b, v)
	if k := spaceEnd(b, o); k >= len(b) || b[k] != ',' && b[k] != '>' {
		return found{}, false
	}
	return found{name: string(b[n0:n1]), off: n0, param: true, typeAlias: true, value: string(b[v:o])}, true
}

// startsWith reports whether text starts with one of names (after an
// optional `cute::`), whole, followed by blanks and the byte next.
func startsWith(text []byte, names map[string]bool, next string) bool {
	text = bytes.TrimPrefix(text, []byte("cute::"))
	e := identEnd(text, 0)
	if e == 0 || !names[string(text[:e])] {
		return false
	}
	k := spaceEnd(text, e)
	return k < len(text) && strings.IndexByte(next, text[k]) >= 0
}

// isName reports whether text is one identifier with blanks around it.
func isName(text []byte) bool {
	s := spaceEnd(text, 0)
	if s >= len(text) || !isIdentStart(text[s]) {
		return false
	}
	return spaceEnd(text, identEnd(text, s)) == len(text)
}

// isNamedValue reports whether text is `[typename] A::B{}`: a member of a
// struct named with its struct, as a value.
func isNamedValue(text []byte) bool {
	k := 0
	if e := identEnd(text, 0); string(text[:e]) == "typename" && spaceEnd(text, e) > e {
		k = spaceEnd(text, e)
	}
	if k >= len(text) || !isIdentStart(text[k]) {
		return false
	}
	e := k
	for e < len(text) && (isIdent(text[e]) || text[e] == ':') {
		e++
	}
	// the name ends in ::IDENT (the regexp's [\w:]*::[A-Za-z_]\w*)
	last := bytes.LastIndex(text[k:e], []byte("::"))
	if last < 0 || k+last+2 >= e || !isIdentStart(text[k+last+2]) {
		return false
	}
	e = spaceEnd(text, e)
	if e >= len(text) || text[e] != '{' {
		return false
	}
	e = spaceEnd(text, e+1)
	if e >= len(text) || text[e] != '}' {
		return false
	}
	return spaceEnd(text, e+1) == len(text)
}

// scanCpp finds the constants and declarations of C++ text without comments
// or literals, in file order.
func scanCpp(clean []byte) []found {
	var fs []found
	budget := scanBudget(clean)
	for i := 0; i < len(clean); {
		c := clean[i]
		if !isIdent(c) {
			i++
			continue
		}
		at := i
		i = identEnd(clean, i)
		if c >= '0' && c <= '9' {
			continue // a number
		}
		switch w := clean[at:i]; string(w) {
		case "constexpr", "const":
			if f, ok := matchConst(clean, at, i); ok {
				fs = append(fs, f)
			}
		case "int", "int32_t", "int64_t", "uint32_t", "size_t", "unsigned":
			if f, ok := matchParam(clean, i); ok {
				fs = append(fs, f)
			}
		case "class", "typename":
			if f, ok := matchTypeParam(clean, i); ok {
				fs = append(fs, f)
			}
		case "template":
			fs = scanTemplate(fs, clean, i)
		case "using":
			if n0, n1, rhs, ok := assignAt(clean, i); ok {
				fs = scanUsing(fs, clean, string(clean[n0:n1]), n0, rhs, &budget)
			}
		case "auto", "TiledMMA", "TiledCopy":
			if n0, n1, rhs, ok := assignAt(clean, i); ok {
				fs = scanAuto(fs, clean, at, string(clean[n0:n1]), n0, rhs, &budget)
			}
		case "Copy_Atom", "MMA_Atom":
			// Copy_Atom<OP, T> name; (and MMA_Atom): a variable of an atom's type.
			if at > 0 && clean[at-1] == ':' && !(at >= 6 && string(clean[at-6:at]) == "cute::") {
				continue
			}
			e := angleEnd(clean[at:min(len(clean), at+matchWindow)], 0)
			if e < 0 {
				continue
			}
			v := at + e
			if n0, n1 := nameAt(clean, v, true); n0 >= 0 {
				k := spaceEnd(clean, n1)
				if k < len(clean) && clean[k] == '{' {
					if k = spaceEnd(clean, k+1); k < len(clean) && clean[k] == '}' {
						k = spaceEnd(clean, k+1)
					} else {
						k = -1
					}
				}
				if k >= 0 && k < len(clean) && clean[k] == ';' {
					fs = append(fs, found{name: string(clean[n0:n1]), off: at, end: at + e, alias: true})
				}
			}
		}
	}
	sortFound(fs)
	return fs
}

// scanTemplate reads the parameters without a default of the template
// parameter list after the keyword `template` that ends at i (a parameter
// with a default is read by matchParam and matchTypeParam).
func scanTemplate(fs []found, clean []byte, i int) []found {
	k := spaceEnd(clean, i)
	if k >= len(clean) || clean[k] != '<' {
		return fs
	}
	e := angleEnd(clean[k:min(len(clean), k+maxDeclLen)], 0)
	if e < 0 {
		return fs
	}
	for _, a := range topLevelArgs(clean, k+1, k+e-1) {
		p := clean[a[0]:a[1]]
		if bytes.IndexByte(p, '=') >= 0 {
			continue
		}
		n1 := trimEnd(p, 0, len(p))
		n0 := n1
		for n0 > 0 && isIdent(p[n0-1]) {
			n0--
		}
		if n0 == n1 || !isIdentStart(p[n0]) || typeWords[string(p[n0:n1])] {
			continue
		}
		fs = append(fs, found{name: string(p[n0:n1]), off: a[0] + n0, param: true, tparam: true})
	}
	return fs
}

// scanUsing reads `using NAME = RHS;`, RHS starting at rhs.
func scanUsing(fs []found, clean []byte, name string, n0, rhs int, budget *int) []found {
	end := balanced(clean, rhs, true, budget)
	if end < 0 {
		return fs
	}
	text := clean[rhs:end]
	switch {
	case bytes.HasPrefix(text, []byte("decltype")):
		open := spaceEnd(clean, rhs+len("decltype"))
		if open >= end || clean[open] != '(' {
			return fs
		}
		close := balanced(clean, open, false, budget)
		if close < 0 {
			return fs
		}
		return append(fs, found{name: name, off: open + 1, end: close - 1})
	case startsWith(text, typeNames, "<"):
		return append(fs, found{name: name, off: rhs, end: trimEnd(clean, rhs, end)})
	case startsWith(text, atomNames, "<") && angleEnd(text, 0) == len(trimRight(text)):
		return append(fs, found{name: name, off: rhs, end: trimEnd(clean, rhs, end), alias: true})
	case isName(text): // using DispatchPolicy = MainloopPolicy;
		return append(fs, found{name: name, off: n0, typeAlias: true, value: strings.TrimSpace(string(text))})
	case len(text) <= maxConstLen: // using kN = Int<64>;
		return append(fs, found{name: name, off: n0, isConst: true, value: string(text)})
	}
	return fs
}

// scanAuto reads `auto NAME = RHS;` (TiledMMA, TiledCopy for auto), the
// keyword at at, RHS starting at rhs.
func scanAuto(fs []found, clean []byte, at int, name string, n0, rhs int, budget *int) []found {
	end := balanced(clean, rhs, true, budget)
	switch {
	case end < 0:
	case startsWith(clean[rhs:end], layoutCalls, "(<") || startsWith(clean[rhs:end], typeNames, "<") || isNamedValue(clean[rhs:end]):
		fs = append(fs, found{name: name, off: rhs, end: trimEnd(clean, rhs, end)})
	case end-rhs <= maxConstLen && clean[at] == 'a': // auto bM = Int<128>{};
		fs = append(fs, found{name: name, off: n0, isConst: true, value: string(clean[rhs:end])})
	}
	return fs
}

// angleEnd returns the offset just past the `>` that closes the first `<`
// of b at or after i (brackets of any kind nested inside), or -1.
func angleEnd(b []byte, i int) int {
	depth := 0
	for k := i; k < len(b); k++ {
		switch b[k] {
		case '<', '(', '[', '{':
			depth++
		case '>', ')', ']', '}':
			depth--
			if depth == 0 && b[k] == '>' {
				return k + 1
			}
			if depth <= 0 {
				return -1
			}
		case ';':
			return -1
		}
	}
	return -1
}

func trimRight(b []byte) []byte { return b[:trimEnd(b, 0, len(b))] }

// wordsAt returns the offsets of word in b where it is a whole word.

// scanPython finds the constants and declarations of Python text without
// comments or strings, in file order: the assignments of a statement of
// their own (a line outside any bracket), `NAME = VALUE` or
// `NAME: TYPE = VALUE`.
func scanPython(clean []byte) []found {
	var fs []found
	budget := scanBudget(clean)
	depth, at := 0, 0 // the bracket depth at offset at
	for start := 0; start < len(clean); {
		for ; at < start; at++ {
			switch clean[at] {
			case '(', '[', '{':
				depth++
			case ')', ']', '}':
				depth = max(depth-1, 0)
			}
		}
		end := bytes.IndexByte(clean[start:], '\n')
		if end < 0 {
			end = len(clean)
		} else {
			end += start
		}
		if depth == 0 && assignment(clean[start:end]) {
			fs = pyAssignment(fs, clean, start, min(end, start+matchWindow), &budget)
		}
		start = end + 1
	}
	sortFound(fs)
	return fs
}

// pyAssignment reads the assignment on the line [start, end): a constant
// (a value without `cute.`) or a declaration, `NAME = cute.CALL(...)`.
func pyAssignment(fs []found, clean []byte, start, end int, budget *int) []found {
	line := clean[:end]
	n0 := hspaceEnd(line, start)
	n1 := identEnd(line, n0)
	k := hspaceEnd(line, n1)
	eq := k
	if k < end && line[k] == ':' { // an annotation
		eq = k + 1
		for eq < end && line[eq] != '=' {
			eq++
		}
	}
	if eq >= end || line[eq] != '=' {
		return fs
	}
	v := hspaceEnd(line, eq+1)
	if v < end && line[v] == '(' {
		// A tuple that holds CuTe's calls, a tile of layouts: tiler = (
		// cute.make_layout(3, stride=3), cute.make_layout((2, 4), ...)).
		if e := balanced(clean, v, false, budget); e >= 0 && bytes.Contains(clean[v:e], []byte("cute.")) {
			return append(fs, found{name: string(line[n0:n1]), off: v, end: e, tuple: true})
		}
	}
	if bytes.HasPrefix(line[v:], []byte("cute.")) {
		c0 := v + len("cute.")
		c1 := identEnd(line, c0)
		if p := spaceEnd(clean, c1); layoutCalls[string(line[c0:c1])] && p < len(clean) && clean[p] == '(' {
			if e := balanced(clean, p, false, budget); e >= 0 {
				fs = append(fs, found{name: string(line[n0:n1]), off: v, end: e})
			}
		}
	}
	// A constant: the annotation is one word, the value goes to the line's
	// end and does not start with `=` (no ==) nor use cute.
	if k < end && line[k] == ':' {
		a0 := hspaceEnd(line, k+1)
		a1 := identEnd(line, a0)
		if a1 == a0 || hspaceEnd(line, a1) != eq {
			return fs
		}
	}
	ve := end
	for ve > v && (line[ve-1] == ' ' || line[ve-1] == '\t') {
		ve--
	}
	if ve == v || line[v] == '=' || bytes.Contains(line[v:ve], []byte("cute.")) {
		return fs
	}
	return append(fs, found{name: string(line[n0:n1]), off: n0, isConst: true, value: string(line[v:ve])})
}

// hspaceEnd returns the end of the spaces and tabs at i.
func hspaceEnd(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t') {
		i++
	}
	return i
}

func sortFound(fs []found) {
	slices.SortStableFunc(fs, func(a, b found) int { return a.off - b.off })
}

// trimEnd returns end less the white space before it.
func trimEnd(b []byte, start, end int) int {
	for end > start && (b[end-1] == ' ' || b[end-1] == '\n' || b[end-1] == '\t' || b[end-1] == '\r') {
		end--
	}
	return end
}

// balanced scans from i with (), [] and {} balanced. With semi, it returns
// the offset of the first `;` at depth 0; else b[i] is an opening bracket
// and it returns the offset just past its match. It returns -1 when there is
// none within maxDeclLen bytes or the brackets do not match, or when the
// file's budget of bytes scanned (scanBudget) is spent.
func balanced(b []byte, i int, semi bool, budget *int) int {
	depth := 0
	for k := i; k < len(b) && k-i <= maxDeclLen; k++ {
		if *budget--; *budget < 0 {
			return -1
		}
		switch b[k] {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
			if depth < 0 {
				return -1
			}
			if !semi && depth == 0 {
				return k + 1
			}
		case ';':
			if semi && depth == 0 {
				return k
			}
			if semi {
				return -1
			}
		}
	}
	return -1
}

// scanBudget bounds the bytes the bracket scans of one file may read in all,
// so that text of many unclosed declarations is read in linear time: past
// it, the declarations left are not read.
func scanBudget(b []byte) int { return 8*len(b) + 4*maxDeclLen }

// maxConstLen bounds the text of an integer constant written with auto or
// using (auto bM = Int<128>{} + _8{};).
const maxConstLen = 256

// matchWindow bounds the text a form is read in from its keyword.
const matchWindow = 512

// assignment reports whether a Python line may be an assignment to a
// name, `NAME =` or `NAME: TYPE =` (a cheap test before the patterns).
func assignment(line []byte) bool {
	i := 0
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	if i >= len(line) || !isIdentStart(line[i]) {
		return false
	}
	for i < len(line) && isIdent(line[i]) {
		i++
	}
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	return i < len(line) && (line[i] == ':' || line[i] == '=' && (i+1 >= len(line) || line[i+1] != '='))
}

// findLines returns the matches of re (anchored at a line's start) on the
// lines that contain a word and start outside any bracket, with offsets in
// b.
