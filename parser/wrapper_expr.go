package parser

import (
	"strings"

	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/internal/mlirscan"
)

// isWrapperText reports whether src, after leading blanks, starts as a
// dialect wrapper `!cute.` or `#cute.`: the input is then one wrapper, not
// an expression of the grammar (whose lexer has no `!`, `#` or `"`).
func isWrapperText(src string) bool {
	t := strings.TrimLeft(src, " \t\r\n")
	return strings.HasPrefix(t, "!cute.") || strings.HasPrefix(t, "#cute.")
}

// parseWrapperExpr parses an input that is one dialect wrapper,
// `!cute.layout<"(4,8):(1,4)">`, whose first byte sits at offset base of
// f.Src: the payload is parsed in place as its kind's form (so `_` is an
// error in an int_tuple and fine in a coord, as in the dialect) and the
// result is an *ast.Wrapper around it.
func (p *Parser) parseWrapperExpr(f *diag.File, src string, base int) (ast.Node, diag.List) {
	start := len(src) - len(strings.TrimLeft(src, " \t\r\n"))
	at := func(i, j int) diag.Span { return diag.Span{Start: base + i, End: base + min(j, len(src))} }
	name := start + len("!cute.")
	k := name
	for k < len(src) && (mlirscan.IsNameByte(src[k]) && src[k] != '.') {
		k++
	}
	kind, ok := kindOf([]byte(src[name:k]))
	switch {
	case !ok:
		return nil, diag.List{errWrapperKind(f, at(name, max(k, name+1)), src[name:k])}
	case k == len(src) || src[k] != '<':
		return nil, diag.List{errUnexpected(f, at(k, k+1), "`<` after "+quote(src[start:k]), describeFound(src[k:min(k+1, len(src))]))}
	}
	opener := src[start : k+1]
	q := k + 1
	for q < len(src) && (src[q] == ' ' || src[q] == '\t') {
		q++ // as the MLIR scanner, which allows blanks before the quote
	}
	if q == len(src) || src[q] != '"' {
		end := q + strings.IndexAny(src[q:]+">", ">\n")
		found := "`" + strings.TrimSpace(src[q:end]) + "`"
		if strings.TrimSpace(src[q:end]) == "" {
			found = describeFound(src[end:min(end+1, len(src))])
		}
		return nil, diag.List{errNotString(f, at(q, max(end, q+1)), opener+`"`, found)}
	}
	close := strings.IndexByte(src[q+1:], '"')
	if close < 0 {
		return nil, diag.List{errUnterminated(f, at(start, len(strings.TrimRight(src, " \t\r\n"))), opener+`"`, `">`)}
	}
	payloadEnd := q + 1 + close
	end := payloadEnd + 1
	if end == len(src) || src[end] != '>' {
		return nil, diag.List{errUnexpected(f, at(end, end+1), "`>` after the payload",
			describeFound(src[end:min(end+1, len(src))]))}
	}
	end++
	if rest := strings.TrimSpace(src[end:]); rest != "" {
		from := len(src) - len(strings.TrimLeft(src[end:], " \t\r\n"))
		return nil, diag.List{errTrailing(f, at(from, from+len(rest)), rest)}
	}
	n, diags := p.parseSource(kind.Form(), f, src[q+1:payloadEnd], base+q+1)
	if n == nil {
		return nil, diags
	}
	w := &ast.Wrapper{Span: at(start, end), Attr: src[start] == '#', Kind: kind.String(), Payload: n.(ast.Expr)}
	return w, diags
}
