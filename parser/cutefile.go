package parser

import (
	"bytes"

	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
)

// utf8BOM is the byte-order mark a `.cute` file may start with.
var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// ParseCuteFile parses a `.cute` file: one statement a line, `#` comments,
// blank lines, "\n" or "\r\n" line ends, and an optional UTF-8 byte-order
// mark at the start. Every bad line is reported, not just the first. Spans
// are offsets in f.Src. The file is nil when any line has an error.
func (p *Parser) ParseCuteFile(f *diag.File) (*ast.File, diag.List) {
	src := string(f.Src) // one copy; lines are substrings of it
	start := 0
	if bytes.HasPrefix(f.Src, utf8BOM) {
		start = len(utf8BOM)
	}
	file := &ast.File{File: f}
	var diags diag.List
	for start <= len(src) {
		end := len(src)
		if i := bytes.IndexByte(f.Src[start:], '\n'); i >= 0 {
			end = start + i
		}
		line := src[start:end]
		if n := len(line); n > 0 && line[n-1] == '\r' {
			line = line[:n-1]
		}
		n, d := p.parseSource(FormStmt, f, line, start)
		diags.Append(d)
		if s, ok := n.(ast.Stmt); ok {
			file.Stmts = append(file.Stmts, s)
		}
		start = end + 1
	}
	if diags.HasErrors() {
		return nil, diags
	}
	return file, diags
}
