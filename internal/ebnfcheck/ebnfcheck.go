// Package ebnfcheck is an independent matcher for the small EBNF dialect of
// the design note's descriptor grammar (docs/semantics.md §Descriptors) (`name ::= expr ;` with `|`, `[ ]`, `{ }`,
// `( )` and quoted literals). Tests use it as an oracle: it decides whether
// a text belongs to a production by running the EBNF itself, with no code in
// common with the participle grammar. It is slow and meant for tests only.
package ebnfcheck

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Grammar is a parsed EBNF.
type Grammar struct {
	prods map[string]node
}

type node interface{}

type (
	alt []node
	seq []node
	opt struct{ n node }
	rep struct{ n node }
	lit string
	ref string
)

// Parse reads EBNF productions.
func Parse(src string) (*Grammar, error) {
	g := &Grammar{prods: map[string]node{}}
	for _, p := range strings.Split(src, ";") {
		p = strings.TrimSpace(p)
		if p == "" {
			continue
		}
		name, body, ok := strings.Cut(p, "::=")
		if !ok {
			return nil, fmt.Errorf("ebnfcheck: no ::= in %q", p)
		}
		toks, err := tokenize(body)
		if err != nil {
			return nil, err
		}
		r := &reader{toks: toks}
		n := r.alt()
		if r.i != len(toks) {
			return nil, fmt.Errorf("ebnfcheck: unexpected %q in %q", toks[r.i], p)
		}
		g.prods[strings.TrimSpace(name)] = n
	}
	return g, nil
}

// tokenize splits an EBNF body into literals, names and punctuation.
func tokenize(s string) ([]string, error) {
	var toks []string
	for i := 0; i < len(s); {
		switch c := s[i]; {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case c == '"':
			j := i + 1
			for j < len(s) && s[j] != '"' {
				if s[j] == '\\' {
					j++
				}
				j++
			}
			if j >= len(s) {
				return nil, fmt.Errorf("ebnfcheck: unterminated literal")
			}
			toks = append(toks, s[i:j+1])
			i = j + 1
		case strings.IndexByte("|[]{}()", c) >= 0:
			toks = append(toks, s[i:i+1])
			i++
		default:
			j := i
			for j < len(s) && (s[j] == '_' || ('a' <= s[j] && s[j] <= 'z') || ('A' <= s[j] && s[j] <= 'Z') || ('0' <= s[j] && s[j] <= '9')) {
				j++
			}
			if j == i {
				return nil, fmt.Errorf("ebnfcheck: unexpected %q", c)
			}
			toks = append(toks, s[i:j])
			i = j
		}
	}
	return toks, nil
}

type reader struct {
	toks []string
	i    int
}

func (r *reader) peek() string {
	if r.i < len(r.toks) {
		return r.toks[r.i]
	}
	return ""
}

func (r *reader) alt() node {
	a := alt{r.seq()}
	for r.peek() == "|" {
		r.i++
		a = append(a, r.seq())
	}
	if len(a) == 1 {
		return a[0]
	}
	return a
}

func (r *reader) seq() node {
	var s seq
	for {
		switch t := r.peek(); {
		case t == "" || t == "|" || t == "]" || t == "}" || t == ")":
			return s
		case t == "[" || t == "{" || t == "(":
			r.i++
			inner := r.alt()
			r.i++ // the closer
			switch t {
			case "[":
				s = append(s, opt{inner})
			case "{":
				s = append(s, rep{inner})
			default:
				s = append(s, inner)
			}
		case t[0] == '"':
			r.i++
			v, err := strconv.Unquote(t)
			if err != nil {
				v = t[1 : len(t)-1]
			}
			s = append(s, lit(v))
		default:
			r.i++
			s = append(s, ref(t))
		}
	}
}

// Match reports whether all of input is derived from production start.
func (g *Grammar) Match(start, input string) bool {
	m := &matcher{g: g, in: input, memo: map[memoKey][]int{}}
	return slices.Contains(m.match(ref(start), 0), len(input))
}

type memoKey struct {
	name string
	pos  int
}

type matcher struct {
	g    *Grammar
	in   string
	memo map[memoKey][]int
}

// match returns the sorted end positions of all derivations of n from pos.
func (m *matcher) match(n node, pos int) []int {
	switch n := n.(type) {
	case lit:
		if strings.HasPrefix(m.in[pos:], string(n)) {
			return []int{pos + len(n)}
		}
		return nil
	case ref:
		k := memoKey{string(n), pos}
		if r, ok := m.memo[k]; ok {
			return r
		}
		r := m.match(m.g.prods[string(n)], pos)
		m.memo[k] = r
		return r
	case seq:
		cur := []int{pos}
		for _, c := range n {
			cur = m.each(c, cur)
		}
		return cur
	case alt:
		var out []int
		for _, c := range n {
			out = union(out, m.match(c, pos))
		}
		return out
	case opt:
		return union([]int{pos}, m.match(n.n, pos))
	case rep:
		return m.repeat(n.n, pos)
	}
	panic(fmt.Sprintf("ebnfcheck: unknown node %T", n))
}

// repeat returns the end positions of zero or more derivations of n from pos.
func (m *matcher) repeat(n node, pos int) []int {
	out, frontier := []int{pos}, []int{pos}
	for len(frontier) > 0 {
		var fresh []int
		for _, p := range m.each(n, frontier) {
			if !slices.Contains(out, p) {
				fresh = append(fresh, p)
			}
		}
		out, frontier = union(out, fresh), fresh
	}
	return out
}

func (m *matcher) each(n node, from []int) []int {
	var out []int
	for _, p := range from {
		out = union(out, m.match(n, p))
	}
	return out
}

func union(a, b []int) []int {
	for _, x := range b {
		if !slices.Contains(a, x) {
			a = append(a, x)
		}
	}
	slices.Sort(a)
	return a
}
