package sources

import (
	"bytes"
	"regexp"
	"slices"
	"strings"
)

// blankCpp returns src with its comments and string and character literals
// replaced by spaces (line breaks kept), so offsets are those of src.
func blankCpp(src []byte) []byte {
	out := append([]byte(nil), src...)
	blank := func(i, j int) { blankRange(out, i, j) }
	for i := 0; i < len(src); {
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
				q := string([]byte{c, c, c})
				k := strings.Index(string(src[i+3:]), q)
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

var (
	cppConst = regexp.MustCompile(`^(?:constexpr|const)\s+(?:static\s+)?(?:int|int32_t|int64_t|uint32_t|uint64_t|size_t|unsigned|long|auto)\s+([A-Za-z_]\w*)\s*=\s*([^;{}]+?)\s*;`)
	cppParam = regexp.MustCompile(`^(?:int|int32_t|int64_t|uint32_t|size_t|unsigned)\s+([A-Za-z_]\w*)\s*=\s*([^,;<>(){}]+?)\s*[,>)]`)
	cppUsing = regexp.MustCompile(`^using\s+([A-Za-z_]\w*)\s*=\s*`)
	cppAuto  = regexp.MustCompile(`^(?:auto|TiledMMA|TiledCopy)\s+([A-Za-z_]\w*)\s*=\s*`)
	cppType  = regexp.MustCompile(`^(?:cute::)?(?:Layout|Swizzle|Tile|ComposedLayout|TiledMMA)\s*<`)
	cppAtom  = regexp.MustCompile(`^(?:cute::)?(?:MMA_Atom|Copy_Atom)\s*<`)
	pyConst  = regexp.MustCompile(`^[ \t]*([A-Za-z_]\w*)[ \t]*(?::[ \t]*\w+[ \t]*)?=[ \t]*([^=\n][^\n]*?)[ \t]*$`)
	pyDecl   = regexp.MustCompile(`^[ \t]*([A-Za-z_]\w*)[ \t]*(?::[^=\n]*)?=[ \t]*cute\.(?:` + layoutCalls + `)\s*\(`)
)

// layoutCalls are the calls whose result a declaration is read for.
const layoutCalls = `make_layout|make_ordered_layout|make_composed_layout|composition|make_tile|tile_to_shape|make_swizzle|` +
	`logical_divide|zipped_divide|tiled_divide|flat_divide|logical_product|zipped_product|tiled_product|blocked_product|raked_product|` +
	`coalesce|complement|right_inverse|left_inverse|make_identity_layout|` +
	`make_tiled_mma|make_tiled_copy|make_tiled_copy_tv|make_tiled_copy_A|make_tiled_copy_B|make_tiled_copy_C`

// scanCpp finds the constants and declarations of C++ text without comments
// or literals, in file order.
func scanCpp(clean []byte) []found {
	var fs []found
	budget := scanBudget(clean)
	for _, m := range findAt(clean, cppConst, cppKeywords[cppConst]) {
		fs = append(fs, found{name: string(clean[m[2]:m[3]]), off: m[2], isConst: true, value: string(clean[m[4]:m[5]])})
	}
	for _, m := range findAt(clean, cppParam, cppKeywords[cppParam]) {
		fs = append(fs, found{name: string(clean[m[2]:m[3]]), off: m[2], isConst: true, param: true, value: string(clean[m[4]:m[5]])})
	}
	for _, m := range findAt(clean, cppTypeParam, cppKeywords[cppTypeParam]) {
		fs = append(fs, found{name: string(clean[m[2]:m[3]]), off: m[2], param: true, typeAlias: true, value: string(clean[m[4]:m[5]])})
	}
	for _, m := range findAt(clean, cppUsing, cppKeywords[cppUsing]) {
		name, rhs := string(clean[m[2]:m[3]]), m[1]
		end := balanced(clean, rhs, true, &budget)
		if end < 0 {
			continue
		}
		text := clean[rhs:end]
		switch {
		case strings.HasPrefix(string(text), "decltype"):
			open := rhs + len("decltype")
			for open < end && clean[open] == ' ' {
				open++
			}
			if open >= end || clean[open] != '(' {
				continue
			}
			close := balanced(clean, open, false, &budget)
			if close < 0 {
				continue
			}
			fs = append(fs, found{name: name, off: open + 1, end: close - 1})
		case cppType.Match(text):
			fs = append(fs, found{name: name, off: rhs, end: trimEnd(clean, rhs, end)})
		case cppAtom.Match(text) && angleEnd(text, 0) == len(trimRight(text)):
			fs = append(fs, found{name: name, off: rhs, end: trimEnd(clean, rhs, end), alias: true})
		case cppIdent.Match(text): // using DispatchPolicy = MainloopPolicy;
			fs = append(fs, found{name: name, off: m[2], typeAlias: true, value: strings.TrimSpace(string(text))})
		case len(text) <= maxConstLen: // using kN = Int<64>;
			fs = append(fs, found{name: name, off: m[2], isConst: true, value: string(text)})
		}
	}
	// Copy_Atom<OP, T> name; (and MMA_Atom): a variable of an atom's type.
	for _, kw := range []string{"Copy_Atom", "MMA_Atom"} {
		for _, at := range wordsAt(clean, kw) {
			e := angleEnd(clean[at:min(len(clean), at+matchWindow)], 0)
			if e < 0 {
				continue
			}
			if m := cppAtomVar.FindSubmatchIndex(clean[at+e : min(len(clean), at+e+matchWindow)]); m != nil {
				fs = append(fs, found{name: string(clean[at+e+m[2] : at+e+m[3]]), off: at, end: at + e, alias: true})
			}
		}
	}
	for _, m := range findAt(clean, cppAuto, cppKeywords[cppAuto]) {
		name, rhs := string(clean[m[2]:m[3]]), m[1]
		end := balanced(clean, rhs, true, &budget)
		switch {
		case end < 0:
		case cppCall.Match(clean[rhs:end]) || cppType.Match(clean[rhs:end]) || cppNamed.Match(clean[rhs:end]):
			fs = append(fs, found{name: name, off: rhs, end: trimEnd(clean, rhs, end)})
		case end-rhs <= maxConstLen && clean[m[0]] == 'a': // auto bM = Int<128>{};
			fs = append(fs, found{name: name, off: m[2], isConst: true, value: string(clean[rhs:end])})
		}
	}
	sortFound(fs)
	return fs
}

var (
	cppCall      = regexp.MustCompile(`^(?:cute::)?(?:` + layoutCalls + `)\s*[(<]`)
	cppIdent     = regexp.MustCompile(`^\s*[A-Za-z_]\w*\s*$`)
	cppTypeParam = regexp.MustCompile(`^(?:class|typename)\s+([A-Za-z_]\w*)\s*=\s*([A-Za-z_]\w*)\s*[,>]`)
	cppNamed     = regexp.MustCompile(`^(?:typename\s+)?[A-Za-z_][\w:]*::[A-Za-z_]\w*\s*\{\s*\}\s*$`)
	cppAtomVar   = regexp.MustCompile(`^\s+([A-Za-z_]\w*)\s*(?:;|\{\s*\}\s*;)`)
)

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
func wordsAt(b []byte, word string) []int {
	var out []int
	for i := 0; ; {
		k := bytes.Index(b[i:], []byte(word))
		if k < 0 {
			return out
		}
		at := i + k
		i = at + len(word)
		if (at == 0 || !isIdent(b[at-1]) && b[at-1] != ':' || at >= 6 && string(b[at-6:at]) == "cute::") && (i >= len(b) || !isIdent(b[i])) {
			out = append(out, at)
		}
	}
}

// scanPython finds the constants and declarations of Python text without
// comments or strings, in file order: the assignments of a statement of
// their own (a line outside any bracket).
func scanPython(clean []byte) []found {
	var fs []found
	budget := scanBudget(clean)
	for _, m := range findLines(clean, pyConst, "=") {
		value := clean[m[4]:m[5]]
		if bytes.Contains(value, []byte("cute.")) {
			continue
		}
		fs = append(fs, found{name: string(clean[m[2]:m[3]]), off: m[2], isConst: true, value: string(value)})
	}
	for _, m := range findLines(clean, pyDecl, "cute.") {
		name := string(clean[m[2]:m[3]])
		start := strings.Index(string(clean[m[0]:m[1]]), "cute.") + m[0]
		end := balanced(clean, m[1]-1, false, &budget)
		if end < 0 {
			continue
		}
		fs = append(fs, found{name: name, off: start, end: end})
	}
	sortFound(fs)
	return fs
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

// cppKeywords are the words where each C++ pattern (anchored at its start)
// may match: the scan looks for them with bytes.Index and runs the pattern
// only there, on a window of the text, which is many times faster than
// running the patterns over the whole file.
var cppKeywords = map[*regexp.Regexp][]string{
	cppConst:     {"constexpr", "const"},
	cppParam:     {"int", "int32_t", "int64_t", "uint32_t", "size_t", "unsigned"},
	cppUsing:     {"using"},
	cppAuto:      {"auto", "TiledMMA", "TiledCopy"},
	cppTypeParam: {"class", "typename"},
}

// maxConstLen bounds the text of an integer constant written with auto or
// using (auto bM = Int<128>{} + _8{};).
const maxConstLen = 256

// cppNeeds is a byte each pattern's match holds within needWindow bytes
// of its keyword (a default's `=`): where it is absent, the pattern is not
// run (most `class` and `int` of a header are no default).
var cppNeeds = map[*regexp.Regexp]byte{cppTypeParam: '=', cppParam: '=', cppConst: '='}

const needWindow = 160

// matchWindow bounds the text a pattern is run on from a keyword.
const matchWindow = 512

// findAt returns the matches of re (anchored) that start at a keyword at a
// word boundary, with offsets in b, in order.
func findAt(b []byte, re *regexp.Regexp, keywords []string) [][]int {
	var out [][]int
	seen := map[int]bool{}
	for _, kw := range keywords {
		for i := 0; ; {
			k := bytes.Index(b[i:], []byte(kw))
			if k < 0 {
				break
			}
			at := i + k
			i = at + len(kw)
			if at > 0 && isIdent(b[at-1]) || seen[at] {
				continue
			}
			if c, ok := cppNeeds[re]; ok && bytes.IndexByte(b[at:min(at+needWindow, len(b))], c) < 0 {
				continue
			}
			m := re.FindSubmatchIndex(b[at:min(at+matchWindow, len(b))])
			if m == nil {
				continue
			}
			seen[at] = true
			for j := range m {
				if m[j] >= 0 {
					m[j] += at
				}
			}
			out = append(out, m)
		}
	}
	return out
}

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
func findLines(b []byte, re *regexp.Regexp, word string) [][]int {
	var out [][]int
	depth, at := 0, 0 // the bracket depth at offset at
	for start := 0; start < len(b); {
		for ; at < start; at++ {
			switch b[at] {
			case '(', '[', '{':
				depth++
			case ')', ']', '}':
				depth = max(depth-1, 0)
			}
		}
		end := bytes.IndexByte(b[start:], '\n')
		if end < 0 {
			end = len(b)
		} else {
			end += start
		}
		if depth == 0 && assignment(b[start:end]) && bytes.Contains(b[start:end], []byte(word)) {
			if m := re.FindSubmatchIndex(b[start:min(end, start+matchWindow)]); m != nil {
				for j := range m {
					if m[j] >= 0 {
						m[j] += start
					}
				}
				out = append(out, m)
			}
		}
		start = end + 1
	}
	return out
}
