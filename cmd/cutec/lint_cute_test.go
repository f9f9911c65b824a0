package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/verify"
)

// TestRedefinedNoteOutlivesBuffer redefines a name far below its first
// definition, after the read buffer holding the first line has been reused
// many times: the note must still show line 1 and its text.
func TestRedefinedNoteOutlivesBuffer(t *testing.T) {
	var b strings.Builder
	b.WriteString("A = 8:1\n")
	for range 20000 { // about 240 KB: several chunks
		b.WriteString("(4,8):(1,4)\n")
	}
	b.WriteString("A = 2:1\n")
	c := newChecker(nil, 1, verify.Default(), lowerablePass(t))
	var col collector
	if err := c.checkCute("r.cute", strings.NewReader(b.String()), &col); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	diag.RenderAll(&out, diag.Text{}, col.result().diags)
	want := "r.cute:20002:1: error[E0803]: A is already defined\n" +
		"    A = 2:1\n    ^\n" +
		"note: r.cute:1:1: A was defined here\n" +
		"    A = 8:1\n    ^\n"
	if out.String() != want {
		t.Errorf("got:\n%s\nwant:\n%s", out.String(), want)
	}
}
