package main

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/cutec/cutec/diag"
)

// TestDetach checks that detached diagnostics keep their positions and
// rendering after the buffer they were found in is overwritten, and that the
// originals are left alone.
func TestDetach(t *testing.T) {
	buf := []byte("x = 1\n  B = (4,8):(1,(4,2))\n")
	chunk := diag.NewWindow("f.cute", buf, 100, 7, 1)
	// A payload window inside the chunk, as the verifier makes for MLIR.
	payload := diag.NewWindow("f.cute", buf[12:27], 112, 8, 7)
	d := &diag.Diagnostic{
		Code: diag.ShapeStrideMismatch, Severity: diag.Error, File: payload,
		Span: diag.Span{Start: 9, End: 14}, Message: "m",
		Notes: []diag.Note{{File: payload, Span: diag.Span{Start: 3, End: 4}, Message: "n"}},
		Fix:   &diag.Fix{Message: "f", Edits: []diag.Edit{{Span: diag.Span{Start: 9, End: 14}, NewText: "4"}}},
	}
	var before bytes.Buffer
	diag.RenderAll(&before, diag.JSON{}, diag.List{d})

	got := detach(diag.List{d}, chunk)
	copy(buf, bytes.Repeat([]byte{'#'}, len(buf))) // the buffer is reused

	var after bytes.Buffer
	diag.RenderAll(&after, diag.JSON{}, got)
	if before.String() != after.String() {
		t.Errorf("JSON changed:\nbefore %s\nafter  %s", before.String(), after.String())
	}
	var text bytes.Buffer
	diag.RenderAll(&text, diag.Text{}, got)
	want := "f.cute:8:16: error[E0300]: m\n" +
		"      B = (4,8):(1,(4,2))\n" +
		"                   ^~~~~\n" +
		"note: f.cute:8:10: n\n" +
		"      B = (4,8):(1,(4,2))\n" +
		"             ^\n" +
		"help: f\n"
	if text.String() != want {
		t.Errorf("text:\n%s\nwant:\n%s", text.String(), want)
	}
	if d.File != payload || d.Notes[0].File != payload || d.Fix.Edits[0].Span.Start != 9 {
		t.Errorf("the original diagnostic was modified")
	}
	if got[0].File != got[0].Notes[0].File {
		t.Errorf("spans on one line should share one detached window")
	}
}

func TestDetachWithoutFile(t *testing.T) {
	d := &diag.Diagnostic{Code: diag.Overflow, Message: "no file"}
	got := detach(diag.List{d}, nil)
	if len(got) != 1 || got[0].File != nil || got[0].Message != "no file" {
		t.Errorf("detach = %+v", got)
	}
	if detach(nil, nil) != nil {
		t.Errorf("detach(nil) should be nil")
	}
}

// TestDetachLongLine checks that a diagnostic on a long line keeps only an
// excerpt of it, cut at character boundaries, with its positions unchanged.
func TestDetachLongLine(t *testing.T) {
	line := strings.Repeat("é", 2000) + "(4,8):(1,(4,2))" + strings.Repeat("x", 5000)
	f := diag.NewWindow("long.cute", []byte(line+"\n"), 1000, 3, 1)
	at := strings.Index(line, "(4,2)")
	d := &diag.Diagnostic{Code: diag.ShapeStrideMismatch, Severity: diag.Error, File: f,
		Span: diag.Span{Start: at, End: at + 5}, Message: "m"}
	var before bytes.Buffer
	diag.RenderAll(&before, diag.JSON{}, diag.List{d})

	got := detach(diag.List{d}, nil)
	var after bytes.Buffer
	diag.RenderAll(&after, diag.JSON{}, got)
	if before.String() != after.String() {
		t.Errorf("JSON changed:\nbefore %s\nafter  %s", before.String(), after.String())
	}
	src := got[0].File.Src
	if len(src) > 5+2*snippetContext || !utf8.Valid(src) || !bytes.Contains(src, []byte("(4,8):(1,(4,2))")) {
		t.Errorf("excerpt of %d bytes: %q", len(src), src)
	}
	var text bytes.Buffer
	diag.RenderAll(&text, diag.Text{}, got)
	if text.Len() > 4*maxSnippetLine {
		t.Errorf("the text rendering is %d bytes long", text.Len())
	}
}
