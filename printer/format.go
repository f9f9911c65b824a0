package printer

import (
	"bytes"
	"errors"
	"fmt"
	"slices"

	"github.com/cutec/cutec/ast"
)

// FormatCute returns the text of a parsed `.cute` file with each maximal value
// subtree of each statement (layouts, tuples, integers, swizzles, composed
// layouts, tiles, accessors; see [IsValueTree]) rewritten to its canonical
// text. Every other byte of f.File.Src is kept as it is: comments, blank
// lines, the spacing around `=` and in calls, line ends ("\n" or "\r\n") and
// a byte-order mark. A file whose values are already canonical comes back
// byte for byte the same, and formatting is idempotent.
//
// Names, calls and other expressions keep their spelling: `fmt` touches
// payloads only. An omitted composed offset is written `0` only when the
// whole composed layout is a value tree.
//
// f must come from package parser (a nil file or spans outside the source
// are an error); the printer never parses.
func FormatCute(f *ast.File) ([]byte, error) {
	if f == nil || f.File == nil {
		return nil, errors.New("printer: FormatCute needs a parsed file with its source")
	}
	var edits []edit
	for _, s := range f.Stmts {
		edits = valueEdits(edits, s, 0)
	}
	return splice(f.File.Src, edits)
}

// Payload is one payload inside a larger text, such as the string between
// the quotes of `!cute.layout<"…">`: the byte range [Start, End) of the
// payload in that text, and its tree, parsed from exactly those bytes (so its
// spans are relative to Start, as parser.ParseWrapper returns them).
type Payload struct {
	Start, End int
	Node       ast.Node // nil leaves the payload as it is
}

// FormatPayloads returns src with each payload rewritten to canonical text
// and every other byte (MLIR wrappers, comments, line ends) kept. A payload
// whose tree is a value tree (every payload of a dialect wrapper) is replaced
// whole, so spaces inside the quotes go too: `!cute.layout<" (4, 8):(1, 4) ">`
// becomes `!cute.layout<"(4,8):(1,4)">`. Any other tree has its maximal value
// subtrees rewritten, as in [FormatCute].
//
// Payloads must be in order and must not overlap, and each tree's spans must
// lie inside its payload; otherwise FormatPayloads returns an error and no
// text.
func FormatPayloads(src []byte, payloads ...Payload) ([]byte, error) {
	var edits []edit
	prev := 0
	for i, pl := range payloads {
		if pl.Start < prev || pl.End < pl.Start || pl.End > len(src) {
			return nil, fmt.Errorf("printer: payload %d [%d,%d) is out of order or outside the text of %d bytes", i, pl.Start, pl.End, len(src))
		}
		prev = pl.End
		if pl.Node == nil {
			continue
		}
		if pl.Node.Pos() < 0 || pl.Node.End() > pl.End-pl.Start {
			return nil, fmt.Errorf("printer: payload %d: tree span [%d,%d) is outside the payload of %d bytes", i, pl.Node.Pos(), pl.Node.End(), pl.End-pl.Start)
		}
		if e, ok := pl.Node.(ast.Expr); ok && IsValueTree(e) {
			edits = append(edits, edit{start: pl.Start, end: pl.End, text: Append(nil, e)})
			continue
		}
		edits = valueEdits(edits, pl.Node, pl.Start)
	}
	return splice(src, edits)
}

// splice returns src with the edits applied. Edits must not overlap and
// must lie inside src; they are applied in the order of their starts (a
// tree may hold a node before one that precedes it in the text, as the
// parser reads CuTe C++'s size<0>(L) as size(get(L, 0))).
func splice(src []byte, edits []edit) ([]byte, error) {
	slices.SortStableFunc(edits, func(a, b edit) int { return a.start - b.start })
	var out bytes.Buffer
	out.Grow(len(src))
	at := 0
	for _, e := range edits {
		if e.start < at || e.end < e.start || e.end > len(src) {
			return nil, fmt.Errorf("printer: span [%d,%d) is out of order or outside the source of %d bytes", e.start, e.end, len(src))
		}
		out.Write(src[at:e.start])
		out.Write(e.text)
		at = e.end
	}
	out.Write(src[at:])
	return out.Bytes(), nil
}
