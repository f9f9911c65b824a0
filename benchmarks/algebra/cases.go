package main

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/cutec/cutec/layout"
)

// benchCase is one line of cases.txt: an operation and its layouts.
type benchCase struct {
	Op   string `json:"op"`
	A    string `json:"a"`
	B    string `json:"b,omitempty"`
	a, b layout.Layout
	n    int64 // the size of b: the cotarget of a complement
}

// readCases reads the cases: one "op A [B]" a line, # comments.
func readCases(r io.Reader) ([]benchCase, error) {
	var out []benchCase
	sc := bufio.NewScanner(r)
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		f := strings.Fields(text)
		if len(f) < 2 || len(f) > 3 {
			return nil, fmt.Errorf("line %d: want op A [B], got %q", line, text)
		}
		c := benchCase{Op: f[0], A: f[1]}
		var err error
		if c.a, err = parseLayout(c.A); err != nil {
			return nil, fmt.Errorf("line %d: %v", line, err)
		}
		c.b = c.a
		if len(f) == 3 {
			c.B = f[2]
			if c.b, err = parseLayout(c.B); err != nil {
				return nil, fmt.Errorf("line %d: %v", line, err)
			}
		}
		c.n, _ = c.b.Size()
		if _, ok := ops[c.Op]; !ok {
			return nil, fmt.Errorf("line %d: unknown operation %q", line, c.Op)
		}
		out = append(out, c)
	}
	return out, sc.Err()
}

// parseLayout reads an integer layout shape:stride, such as (4,(2,2)):(1,(4,8)).
func parseLayout(s string) (layout.Layout, error) {
	sh, st, ok := strings.Cut(s, ":")
	if !ok {
		return layout.Layout{}, fmt.Errorf("%q is not shape:stride", s)
	}
	shape, err := parseTuple(sh)
	if err != nil {
		return layout.Layout{}, err
	}
	stride, err := parseTuple(st)
	if err != nil {
		return layout.Layout{}, err
	}
	return layout.New(shape, stride)
}

func parseTuple(s string) (layout.IntTuple, error) {
	p := tupleParser{s: s}
	t, err := p.tuple()
	if err == nil && p.i != len(s) {
		err = fmt.Errorf("trailing text in %q", s)
	}
	return t, err
}

type tupleParser struct {
	s string
	i int
}

func (p *tupleParser) tuple() (layout.IntTuple, error) {
	if p.i < len(p.s) && p.s[p.i] == '(' {
		p.i++
		var elems []layout.IntTuple
		for {
			e, err := p.tuple()
			if err != nil {
				return layout.IntTuple{}, err
			}
			elems = append(elems, e)
			if p.i < len(p.s) && p.s[p.i] == ',' {
				p.i++
				continue
			}
			if p.i < len(p.s) && p.s[p.i] == ')' {
				p.i++
				return layout.Tuple(elems...), nil
			}
			return layout.IntTuple{}, fmt.Errorf("expected , or ) at byte %d of %q", p.i, p.s)
		}
	}
	j := p.i
	if j < len(p.s) && p.s[j] == '-' {
		j++
	}
	for j < len(p.s) && p.s[j] >= '0' && p.s[j] <= '9' {
		j++
	}
	v, err := strconv.ParseInt(p.s[p.i:j], 10, 64)
	if err != nil {
		return layout.IntTuple{}, fmt.Errorf("expected an integer at byte %d of %q", p.i, p.s)
	}
	p.i = j
	return layout.Int(v), nil
}
