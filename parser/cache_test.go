package parser

import (
	"fmt"
	"sync"
	"testing"

	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/internal/heavytest"
)

func TestCacheSharesTreesAcrossWindows(t *testing.T) {
	p := New(Options{})
	payload := []byte("(4,8):(1,4)")
	w1 := diag.NewWindow("a.mlir", payload, 100, 3, 20)
	w2 := diag.NewWindow("b.mlir", payload, 900, 40, 7)
	n0, _ := p.ParseLayout(w1)  // first occurrence: parsed, remembered
	n1, l1 := p.ParseLayout(w1) // second: parsed and cached
	n2, l2 := p.ParseLayout(w2) // third, elsewhere: from the cache
	if n1 == nil || n1 != n2 || len(l1)+len(l2) != 0 {
		t.Fatalf("the same payload must give the same cached tree: %p %p", n1, n2)
	}
	if n0 == n1 || ast.Sprint(n0) != ast.Sprint(n1) {
		t.Error("a payload is cached on its second occurrence")
	}
	if n1.Pos() != 0 || n1.End() != len(payload) {
		t.Errorf("spans must be relative to the window: %v", n1.Span)
	}
	// The cache is per form: the same text as an expression is another entry.
	if e, _ := p.ParseExpr(w1); e == ast.Expr(n1) {
		t.Error("forms must not share cache entries")
	}
}

func TestCacheRetargetsDiagnostics(t *testing.T) {
	p := New(Options{})
	payload := []byte("(4,,8):(1,4)")
	w1 := diag.NewWindow("a.mlir", payload, 100, 3, 20)
	w2 := diag.NewWindow("b.mlir", payload, 900, 40, 7)
	p.ParseLayout(w1)
	_, l1 := p.ParseLayout(w1)
	_, l2 := p.ParseLayout(w2)
	if len(l1) != 1 || len(l2) != 1 {
		t.Fatalf("%s / %s", describeDiags(l1), describeDiags(l2))
	}
	if l1[0].File != w1 || l2[0].File != w2 {
		t.Error("each diagnostic must name the window it was asked for")
	}
	p1, p2 := l1[0].Start(), l2[0].Start()
	if p1.Line != 3 || p1.Col != 23 || p2.Line != 40 || p2.Col != 10 || p2.Offset != 903 {
		t.Errorf("positions %+v and %+v", p1, p2)
	}
	if l1[0].Message != l2[0].Message || l1[0] == l2[0] {
		t.Error("the second diagnostic must be a copy with the same message")
	}
	// The cache keeps no file, so no caller's buffer stays alive through it.
	p.cache.Each(int(FormLayout), func(_ string, e entry) {
		for _, d := range e.diags {
			if d.File != nil || (len(d.Notes) > 0 && d.Notes[0].File != nil) {
				t.Error("a cached diagnostic refers to a file")
			}
		}
	})
	// Sorting a returned list must not disturb the cache.
	_, l3 := p.ParseLayout(w1)
	l3[0] = nil
	if _, l4 := p.ParseLayout(w1); l4[0] == nil {
		t.Error("the cached list was modified through a returned one")
	}
}

func TestCacheIsBounded(t *testing.T) {
	p := New(Options{CacheSize: 640})
	n := 20_000 // 8 times the hashes the cache may remember; 100 000 with CUTEC_HEAVY=1
	switch {
	case heavytest.Enabled():
		n = 100_000
	case testing.Short():
		n = 10_000 // still 4 times the hashes the cache may remember
	}
	for i := range n {
		f := diag.NewFile("x", []byte(fmt.Sprintf("(%d,%d)", i, i%7)))
		p.ParseTuple(f)
		p.ParseTuple(f)
	}
	total, seen := p.cache.Len()
	if total > 2*640 || total < 640/2 || seen > 4*640 {
		t.Errorf("the cache holds %d entries and %d hashes for a size of 640", total, seen)
	}
}

func TestCacheDisabled(t *testing.T) {
	p := New(Options{CacheSize: -1})
	f := diag.NewFile("x", []byte("8:1"))
	a, _ := p.ParseLayout(f)
	b, _ := p.ParseLayout(f)
	if a == b || p.cache != nil {
		t.Error("a parser without cache must parse afresh")
	}
}

func TestConcurrentParsing(t *testing.T) {
	p := New(Options{CacheSize: 256})
	inputs := append(append([]string{}, validExprs...), "(4,,8)", "(4,8]", "")
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 400 {
				src := inputs[(i*7+g)%len(inputs)]
				f := diag.NewFile(fmt.Sprintf("g%d", g), []byte(src))
				n, l := p.ParseExpr(f)
				if (n == nil) != l.HasErrors() {
					t.Errorf("%q: inconsistent result", src)
					return
				}
				for _, d := range l {
					if d.File != f {
						t.Errorf("%q: diagnostic for another file", src)
						return
					}
				}
				l.Sort()
			}
		}()
	}
	wg.Wait()
}
