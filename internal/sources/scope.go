package sources

import (
	"bytes"
	"regexp"
	"slices"
	"sort"
)

// scope is one C++ namespace, struct or class body, function body or
// block (a `{ }` pair that is not empty), or one Python def or class body.
// Scope 0 is the file.
type scope struct {
	start, end int // [start, end) of the body
	parent     int
	name       string // a struct's, class's or namespace's name
	kind       byte   // 'f' file, 'n' namespace, 's' struct or class, 'b' block or function, 'c' Python class, 'd' Python def
}

// scopes are a file's scopes, in order of their start.
type scopes []scope

// at returns the innermost scope that contains offset o.
func (s scopes) at(o int) int {
	k := sort.Search(len(s), func(k int) bool { return s[k].start > o }) - 1
	for k > 0 && !(s[k].start <= o && o < s[k].end) {
		k = s[k].parent
	}
	return max(k, 0)
}

// after returns the first scope that starts at or after offset o, or -1.
func (s scopes) after(o int) int {
	k := sort.Search(len(s), func(k int) bool { return s[k].start >= o })
	if k >= len(s) {
		return -1
	}
	return k
}

// scopeBytes are the bytes cppScopes stops at.
var scopeBytes = [256]bool{';': true, '{': true, '}': true}

// maxScopeDepth bounds the nesting of scopes: a brace deeper opens none.
const maxScopeDepth = 256

// maxHead bounds the text before a `{` that is read for the name of the
// struct or namespace it opens.
const maxHead = 1024

// cppScopes returns the scopes of C++ text without comments or literals.
// A `{` without its `}` ends at the end of the file; a `}` without its `{`
// is passed over. An empty `{}` (a value's braces, Int<4>{}) opens none.
func cppScopes(clean []byte, conds []condEvent) scopes {
	s := scopes{{start: 0, end: len(clean), parent: -1, kind: 'f'}}
	stack := []int{0}
	stop := -1  // the last `;`, `{` or `}`
	deeper := 0 // braces open past maxScopeDepth, which open no scope
	// The scopes open at each #if and after its first branch (blankDirectives).
	type branch struct {
		at, first []int
		firstSet  bool
	}
	var open []branch
	next := len(clean) // the offset of the next conditional
	if len(conds) > 0 {
		next = conds[0].at
	}
	for i := 0; i < len(clean); i++ {
		for i >= next {
			switch e := conds[0]; {
			case e.kind == 'i':
				open = append(open, branch{at: slices.Clone(stack)})
			case len(open) == 0:
			case e.kind == 'e':
				b := &open[len(open)-1]
				if !b.firstSet {
					b.first, b.firstSet = slices.Clone(stack), true
				} else {
					s.closeAll(stack, b.at, i) // a later branch's scopes end with it
				}
				stack = append(stack[:0], b.at...)
			default: // #endif
				if b := open[len(open)-1]; b.firstSet {
					s.closeAll(stack, b.first, i)
					stack = append(stack[:0], b.first...)
				}
				open = open[:len(open)-1]
			}
			if conds = conds[1:]; len(conds) > 0 {
				next = conds[0].at
			} else {
				next = len(clean)
			}
		}
		if !scopeBytes[clean[i]] {
			// most bytes are none of ; { }: pass over them up to the next
			// one or the next conditional
			for lim := min(next, len(clean)); i+1 < lim && !scopeBytes[clean[i+1]]; {
				i++
			}
			continue
		}
		switch clean[i] {
		case ';':
			stop = i
		case '{':
			j := i + 1
			for j < len(clean) && (clean[j] == ' ' || clean[j] == '\n' || clean[j] == '\t' || clean[j] == '\r') {
				j++
			}
			if j < len(clean) && clean[j] == '}' {
				i, stop = j, j
				continue
			}
			if len(stack) > maxScopeDepth {
				deeper++
				stop = i
				continue
			}
			sc := scope{start: i, end: len(clean), parent: stack[len(stack)-1], kind: 'b'}
			head := clean[max(stop+1, i-maxHead):i]
			if bytes.Contains(head, []byte("struct")) || bytes.Contains(head, []byte("class")) ||
				bytes.Contains(head, []byte("namespace")) || bytes.Contains(head, []byte("union")) {
				if kind, name := headName(head); name != "" {
					sc.kind, sc.name = kind, name
				}
			}
			s = append(s, sc)
			stack = append(stack, len(s)-1)
			stop = i
		case '}':
			if deeper > 0 {
				deeper--
			} else if len(stack) > 1 {
				s[stack[len(stack)-1]].end = i + 1
				stack = stack[:len(stack)-1]
			}
			stop = i
		}
	}
	return s
}

// closeAll ends at offset at the scopes of the stack from that the stack
// to does not hold (a branch's scopes left open at its end), and makes
// the outermost of them children of to's innermost scope, which holds
// them when a branch before left that scope open (#if ... void f(int a) {
// #else ... void f() { #endif): a lookup walks from a scope to its
// parents.
func (s scopes) closeAll(from, to []int, at int) {
	for _, k := range from {
		if slices.Contains(to, k) {
			continue
		}
		s[k].end = at
		if slices.Contains(to, s[k].parent) && len(to) > 0 {
			s[k].parent = to[len(to)-1]
		}
	}
}

// headName returns the kind and name of the struct, class or namespace
// whose body a `{` after head opens: the last such keyword outside angle
// brackets followed by a name (template <class T> struct X : Base<T> names
// X; struct alignas(16) X names X).
func headName(head []byte) (byte, string) {
	var kind byte
	var name string
	depth := 0
	for i := 0; i < len(head); {
		c := head[i]
		switch {
		case c == '<':
			depth++
		case c == '>':
			depth--
		}
		if !isIdent(c) {
			i++
			continue
		}
		at := i
		i = identEnd(head, i)
		w := string(head[at:i])
		if depth != 0 || w != "struct" && w != "class" && w != "union" && w != "namespace" {
			continue
		}
		k := spaceEnd(head, i)
		if k == i {
			continue
		}
		if e := identEnd(head, k); string(head[k:e]) == "alignas" {
			p := spaceEnd(head, e)
			if p < len(head) && head[p] == '(' {
				if q := bytes.IndexByte(head[p:], ')'); q >= 0 {
					k = spaceEnd(head, p+q+1)
				}
			}
		}
		if k >= len(head) || !isIdentStart(head[k]) {
			continue
		}
		i = identEnd(head, k)
		kind, name = 's', string(head[k:i])
		if w == "namespace" {
			kind = 'n'
		}
	}
	return kind, name
}

var pyBlock = regexp.MustCompile(`^([ \t]*)(?:async[ \t]+)?(def|class)[ \t]+([A-Za-z_]\w*)`)

// pyScopes returns the scopes of Python text without comments or strings:
// each def or class body runs from its line to the next line, not blank,
// indented no deeper than it.
func pyScopes(clean []byte) scopes {
	s := scopes{{start: 0, end: len(clean), parent: -1, kind: 'f'}}
	type open struct{ indent, k int }
	var stack []open
	for start := 0; start < len(clean); {
		end := bytes.IndexByte(clean[start:], '\n')
		if end < 0 {
			end = len(clean)
		} else {
			end += start
		}
		line := clean[start:end]
		indent := 0
		for indent < len(line) && (line[indent] == ' ' || line[indent] == '\t') {
			indent++
		}
		if indent < len(line) && line[indent] != '\r' {
			for len(stack) > 0 && stack[len(stack)-1].indent >= indent {
				s[stack[len(stack)-1].k].end = start
				stack = stack[:len(stack)-1]
			}
			rest := line[indent:]
			var m [][]byte
			if bytes.HasPrefix(rest, []byte("def")) || bytes.HasPrefix(rest, []byte("class")) || bytes.HasPrefix(rest, []byte("async")) {
				m = pyBlock.FindSubmatch(line[:min(len(line), matchWindow)])
			}
			if m != nil && len(stack) < maxScopeDepth {
				parent := 0
				if len(stack) > 0 {
					parent = stack[len(stack)-1].k
				}
				kind := byte('d')
				if string(m[2]) == "class" {
					kind = 'c'
				}
				s = append(s, scope{start: start, end: len(clean), parent: parent, name: string(m[3]), kind: kind})
				stack = append(stack, open{indent, len(s) - 1})
			}
		}
		start = end + 1
	}
	return s
}

// visible reports whether a definition in scope def is visible from scope
// use: def is use or encloses it, and (Python) is no class body that use
// is nested in a function of.
func (s scopes) visible(def, use int) bool {
	for k, first := use, true; k >= 0; k, first = s[k].parent, false {
		if k == def {
			return first || s[k].kind != 'c'
		}
	}
	return false
}

// depthOf is the number of scopes that enclose scope k.
func (s scopes) depthOf(k int) int {
	n := 0
	for ; k > 0; k = s[k].parent {
		n++
	}
	return n
}
