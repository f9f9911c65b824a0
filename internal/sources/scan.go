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
	cppConst = regexp.MustCompile(`^(?:constexpr|const)\s+(?:static\s+)?(?:int|int32_t|int64_t|uint32_t|uint64_t|size_t|unsigned|long|auto)\s+([A-Za-z_]\w*)\s*=\s*(\d+)\s*[;,)]`)
	cppParam = regexp.MustCompile(`^(?:int|int32_t|int64_t|uint32_t|size_t|unsigned)\s+([A-Za-z_]\w*)\s*=\s*(\d+)\s*[,>]`)
	cppIntV  = regexp.MustCompile(`^(?:auto|using)\s+([A-Za-z_]\w*)\s*=\s*(?:cute::)?(?:Int\s*<\s*(\d+)\s*>|_(\d+))\s*(?:\{\s*\})?\s*;`)
	cppUsing = regexp.MustCompile(`^using\s+([A-Za-z_]\w*)\s*=\s*`)
	cppAuto  = regexp.MustCompile(`^auto\s+([A-Za-z_]\w*)\s*=\s*`)
	cppType  = regexp.MustCompile(`^(?:cute::)?(?:Layout|Swizzle|Tile|ComposedLayout)\s*<`)
	cppCall  = regexp.MustCompile(`^(?:cute::)?(?:` + layoutCalls + `)\s*[(<]`)
	pyConst  = regexp.MustCompile(`(?m)^[ \t]*([A-Za-z_]\w*)[ \t]*(?::[ \t]*\w+[ \t]*)?=[ \t]*(-?\d+|\([\w \t,()]*\))[ \t]*$`)
	pyDecl   = regexp.MustCompile(`(?m)^[ \t]*([A-Za-z_]\w*)[ \t]*(?::[^=\n]*)?=[ \t]*cute\.(?:` + layoutCalls + `)\s*\(`)
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
	for _, re := range []*regexp.Regexp{cppConst, cppParam} {
		for _, m := range findAt(clean, re, cppKeywords[re]) {
			fs = append(fs, found{name: string(clean[m[2]:m[3]]), off: m[2], isConst: true, value: string(clean[m[4]:m[5]])})
		}
	}
	for _, m := range findAt(clean, cppIntV, cppKeywords[cppIntV]) {
		v := m[4:6]
		if v[0] < 0 {
			v = m[6:8]
		}
		fs = append(fs, found{name: string(clean[m[2]:m[3]]), off: m[2], isConst: true, value: string(clean[v[0]:v[1]])})
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
		}
	}
	for _, m := range findAt(clean, cppAuto, cppKeywords[cppAuto]) {
		name, rhs := string(clean[m[2]:m[3]]), m[1]
		end := balanced(clean, rhs, true, &budget)
		if end < 0 || !(cppCall.Match(clean[rhs:end]) || cppType.Match(clean[rhs:end])) {
			continue
		}
		fs = append(fs, found{name: name, off: rhs, end: trimEnd(clean, rhs, end)})
	}
	sortFound(fs)
	return fs
}

// scanPython finds the constants and declarations of Python text without
// comments or strings, in file order.
func scanPython(clean []byte) []found {
	var fs []found
	budget := scanBudget(clean)
	for _, m := range findLines(clean, pyConst, "=") {
		fs = append(fs, found{name: string(clean[m[2]:m[3]]), off: m[2], isConst: true, value: string(clean[m[4]:m[5]])})
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
	cppConst: {"constexpr", "const"},
	cppParam: {"int", "int32_t", "int64_t", "uint32_t", "size_t", "unsigned"},
	cppIntV:  {"auto", "using"},
	cppUsing: {"using"},
	cppAuto:  {"auto"},
}

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

// findLines returns the matches of re (multi-line, anchored at a line's
// start) on the lines that contain a word, with offsets in b.
func findLines(b []byte, re *regexp.Regexp, word string) [][]int {
	var out [][]int
	for start := 0; start < len(b); {
		end := bytes.IndexByte(b[start:], '\n')
		if end < 0 {
			end = len(b)
		} else {
			end += start
		}
		if bytes.Contains(b[start:end], []byte(word)) {
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
