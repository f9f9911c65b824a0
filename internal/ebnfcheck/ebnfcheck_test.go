package ebnfcheck

import "testing"

func TestMatch(t *testing.T) {
	g, err := Parse(`s ::= "a" { "b" } [ "c" ] | "(" s ")" ; `)
	if err != nil {
		t.Fatal(err)
	}
	for in, want := range map[string]bool{
		"a": true, "abbb": true, "abc": true, "(ab)": true, "((a))": true,
		"": false, "b": false, "ac c": false, "(a": false, "acc": false,
	} {
		if got := g.Match("s", in); got != want {
			t.Errorf("Match(%q) = %v, want %v", in, got, want)
		}
	}
}

func TestEscapes(t *testing.T) {
	g, err := Parse(`ws ::= { " " | "\t" } ;`)
	if err != nil {
		t.Fatal(err)
	}
	if !g.Match("ws", " \t ") || g.Match("ws", "\\t") {
		t.Error(`"\t" must match a tab and only a tab`)
	}
}
