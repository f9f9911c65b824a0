package diag

import "testing"

func TestPosition(t *testing.T) {
	// "λ" is two bytes (CE BB), so columns after it are one more than the
	// characters a reader counts.
	crlf := NewFile("crlf", []byte("ab\r\ncd"))
	tests := []struct {
		name string
		f    *File
		off  int
		want Position
	}{
		{"first byte", NewFile("f", []byte("ab\ncd\n")), 0, Position{0, 1, 1}},
		{"newline ends its line", NewFile("f", []byte("ab\ncd\n")), 2, Position{2, 1, 3}},
		{"second line", NewFile("f", []byte("ab\ncd\n")), 4, Position{4, 2, 2}},
		{"end after final newline", NewFile("f", []byte("ab\ncd\n")), 6, Position{6, 3, 1}},
		{"end of file without newline", NewFile("f", []byte("(4,8")), 4, Position{4, 1, 5}},
		{"negative clamps to start", NewFile("f", []byte("ab")), -3, Position{0, 1, 1}},
		{"past end clamps to end", NewFile("f", []byte("ab")), 99, Position{2, 1, 3}},
		{"empty file", NewFile("f", nil), 0, Position{0, 1, 1}},
		{"columns count bytes after UTF-8", NewFile("f", []byte("λ=(4,8)")), 3, Position{3, 1, 4}},
		{"CRLF: carriage return", crlf, 2, Position{2, 1, 3}},
		{"CRLF: next line", crlf, 4, Position{4, 2, 1}},
		{"CRLF: end", crlf, 6, Position{6, 2, 3}},
		{"window: first byte", NewWindow("w", []byte("xy\nz"), 100, 7, 5), 0, Position{100, 7, 5}},
		{"window: first line", NewWindow("w", []byte("xy\nz"), 100, 7, 5), 1, Position{101, 7, 6}},
		{"window: later line ignores BaseCol", NewWindow("w", []byte("xy\nz"), 100, 7, 5), 3, Position{103, 8, 1}},
		{"window: end", NewWindow("w", []byte("xy\nz"), 100, 7, 5), 4, Position{104, 8, 2}},
	}
	for _, tt := range tests {
		if got := tt.f.Position(tt.off); got != tt.want {
			t.Errorf("%s: Position(%d) = %+v, want %+v", tt.name, tt.off, got, tt.want)
		}
	}
}

func TestLineText(t *testing.T) {
	tests := []struct {
		name      string
		src       string
		off       int
		text      string
		lineStart int
	}{
		{"first line", "ab\ncd\n", 1, "ab", 0},
		{"offset of the newline", "ab\ncd\n", 2, "ab", 0},
		{"second line", "ab\ncd\n", 3, "cd", 3},
		{"empty last line", "ab\ncd\n", 6, "", 6},
		{"CRLF strips carriage return", "ab\r\ncd\r\n", 0, "ab", 0},
		{"CRLF at carriage return", "ab\r\ncd\r\n", 2, "ab", 0},
		{"CRLF second line", "ab\r\ncd\r\n", 5, "cd", 4},
		{"end of file without newline", "(4,8", 4, "(4,8", 0},
		{"lone carriage return at end stays out", "ab\r", 1, "ab", 0},
		{"clamped past end", "ab\ncd", 50, "cd", 3},
		{"empty file", "", 0, "", 0},
	}
	for _, tt := range tests {
		text, start := NewFile("f", []byte(tt.src)).LineText(tt.off)
		if string(text) != tt.text || start != tt.lineStart {
			t.Errorf("%s: LineText(%d) = %q, %d; want %q, %d", tt.name, tt.off, text, start, tt.text, tt.lineStart)
		}
	}
}

func TestLineTextWindow(t *testing.T) {
	// A window holds only its own bytes: the part of line 7 before column 5
	// is not in Src and not in the line text.
	f := NewWindow("w", []byte("xy\nz"), 100, 7, 5)
	if text, start := f.LineText(1); string(text) != "xy" || start != 0 {
		t.Errorf("LineText(1) = %q, %d; want \"xy\", 0", text, start)
	}
	if text, start := f.LineText(3); string(text) != "z" || start != 3 {
		t.Errorf("LineText(3) = %q, %d; want \"z\", 3", text, start)
	}
}

func TestSpan(t *testing.T) {
	s := Span{3, 7}
	if s.Len() != 4 {
		t.Errorf("Len = %d, want 4", s.Len())
	}
	if !s.Contains(Span{3, 7}) || !s.Contains(Span{4, 5}) || !s.Contains(Span{7, 7}) {
		t.Error("Contains rejects a span inside")
	}
	if s.Contains(Span{2, 5}) || s.Contains(Span{5, 8}) {
		t.Error("Contains accepts a span that sticks out")
	}
	if got := s.Shift(10); got != (Span{13, 17}) {
		t.Errorf("Shift(10) = %v, want {13 17}", got)
	}
}

func TestDiagnosticPositions(t *testing.T) {
	f := NewFile("a.cute", []byte("x\n(4,8):(1,(4,2))\n"))
	d := &Diagnostic{Code: ShapeStrideMismatch, File: f, Span: Span{8, 17}, Message: "m"}
	if got := d.Start(); got != (Position{8, 2, 7}) {
		t.Errorf("Start = %+v, want {8 2 7}", got)
	}
	if got := d.End(); got != (Position{17, 2, 16}) {
		t.Errorf("End = %+v, want {17 2 16}", got)
	}
	if got, want := d.Error(), "a.cute:2:7: error[E0300]: m"; got != want {
		t.Errorf("Error = %q, want %q", got, want)
	}
	d.File = nil
	if got := d.Start(); got != (Position{8, 1, 9}) {
		t.Errorf("Start without file = %+v, want {8 1 9}", got)
	}
	if got, want := d.Error(), "error[E0300]: m"; got != want {
		t.Errorf("Error without file = %q, want %q", got, want)
	}
}

func TestSeverityString(t *testing.T) {
	for s, want := range map[Severity]string{Error: "error", Warning: "warning", Info: "info", 9: "severity(9)"} {
		if got := s.String(); got != want {
			t.Errorf("Severity(%d).String() = %q, want %q", s, got, want)
		}
	}
}
