package parser

import (
	"bytes"

	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/internal/mlirscan"
)

// WrapperKind is the kind of a CuTe dialect wrapper: the word after `cute.`
// in `!cute.layout<"…">` or `#cute.swizzle<"…">`.
type WrapperKind uint8

const (
	KindIntTuple       WrapperKind = iota + 1 // int_tuple
	KindShape                                 // shape
	KindStride                                // stride
	KindCoord                                 // coord
	KindLayout                                // layout
	KindComposedLayout                        // composed_layout
	KindTile                                  // tile
	KindSwizzle                               // swizzle
	// KindQuoted is a quoted payload inside another type or attribute of
	// the dialect, as CuTe DSL prints them: the layout of
	// `!cute.memref<f16, smem, align<16>, "(8,64):(64,1)">`, the strings of
	// `!cute.coord_tensor<"(0,0)", "(?,?):(1@1,1@0)">` and the attribute
	// values of `!cute.tiled_copy<…, layout_copy_tv = <"…">, tiler_mn = <"[…]">>`.
	// It may hold any literal value (FormValue).
	KindQuoted

	// NumWrapperKinds is one more than the largest kind: kinds index arrays
	// of this length.
	NumWrapperKinds = int(KindQuoted) + 1
)

var kindNames = [...]string{
	KindIntTuple: "int_tuple", KindShape: "shape", KindStride: "stride", KindCoord: "coord",
	KindLayout: "layout", KindComposedLayout: "composed_layout", KindTile: "tile", KindSwizzle: "swizzle",
	KindQuoted: "quoted",
}

// String returns the kind's name as the dialect spells it.
func (k WrapperKind) String() string {
	if int(k) < len(kindNames) && k != 0 {
		return kindNames[k]
	}
	return "unknown"
}

// Form returns the text form of the kind's payload.
func (k WrapperKind) Form() Form {
	switch k {
	case KindLayout:
		return FormLayout
	case KindComposedLayout:
		return FormComposedLayout
	case KindTile:
		return FormTile
	case KindSwizzle:
		return FormSwizzle
	case KindQuoted:
		return FormValue
	case KindCoord:
		return FormTuple
	}
	return FormIntTuple // int_tuple, shape, stride: `_` only in a coordinate
}

// kindOf returns the wrapper kind named by word.
func kindOf(word []byte) (WrapperKind, bool) {
	for k := KindIntTuple; k <= KindSwizzle; k++ {
		if string(word) == kindNames[k] {
			return k, true
		}
	}
	return 0, false
}

// Wrapper is one dialect wrapper found by ScanMLIR. Offsets are in the
// scanned buffer.
type Wrapper struct {
	Kind         WrapperKind
	Attr         bool   // written `#cute.` (an attribute) rather than `!cute.` (a type)
	Start        int    // offset of the `!` or `#`
	End          int    // offset just after the closing `">` (after `"` if `>` is missing)
	PayloadStart int    // offset of the payload's first byte
	Payload      []byte // the text between the quotes; it aliases the buffer
	// In is the dialect type the payload is written in (a memref, a ptr, a
	// coord_tensor, a tiled_copy, ...), with the element type and memory
	// space of a memref or ptr; its Name is empty for a wrapper written on
	// its own.
	In TypeInfo
	// Name is the attribute whose value a quoted payload is, such as
	// `layout_copy_tv` in `layout_copy_tv = <"…">`; empty for a positional
	// payload (the layout of a memref, the iterator of a coord_tensor).
	Name []byte
	// Bare is set for a payload written without quotes: the swizzle of a
	// memref or ptr (`!cute.memref<f16, smem, S<3,4,3>, "…">`), whose Start,
	// PayloadStart and End frame the payload itself.
	Bare bool
	form Form // the form of the payload when its role decides it, else 0
}

// ScanMLIR finds, in order, the CuTe payloads of MLIR text in f.Src:
//
//   - each dialect wrapper: `!cute.` or `#cute.` followed by a kind name and
//     `<"`, such as `!cute.layout<"(4,8):(1,4)">`;
//   - inside any other type or attribute of the dialects (`!cute.memref<…>`,
//     `!cute.coord_tensor<…>`, `!cute.tiled_copy<…>`, `!cute_nvgpu.…<…>`),
//     every quoted string, as KindQuoted, and the wrappers nested in it.
//
// It calls yield for each and stops early when yield returns false. A
// payload with no closing `"` before the end of its line (or of the buffer)
// gets an E0108 diagnostic and is not yielded.
//
// Text outside the dialects' types is skipped with bytes.Index, so most of a
// large IR file costs little. Payloads never span lines, so a caller may
// stream a file in chunks of whole lines, each in its own diag window.
func ScanMLIR(f *diag.File, yield func(Wrapper) bool) diag.List {
	s := scanner{f: f, src: f.Src, yield: yield}
	s.run()
	return s.diags
}

// scanner is the state of one ScanMLIR.
type scanner struct {
	f       *diag.File
	src     []byte
	yield   func(Wrapper) bool
	diags   diag.List
	stopped bool
	lines   mlirscan.Lines // the `//` comments of the candidates' lines
}

func (s *scanner) run() {
	src := s.src
	for i := 0; !s.stopped; {
		j := bytes.Index(src[i:], mlirscan.Word)
		if j < 0 {
			return
		}
		at := i + j
		i = at + len(mlirscan.Word)
		name, ok := mlirscan.DialectAt(src, at)
		if !ok {
			continue
		}
		if c, end := s.lines.CommentAt(src, at); at >= c {
			i = end // inside a `//` comment: left alone, as a comment is
			continue
		}
		k := name
		for k < len(src) && mlirscan.IsNameByte(src[k]) {
			k++
		}
		if src[at+len(mlirscan.Word)] == '.' && k < len(src) && src[k] == '<' {
			if kind, ok := kindOf(src[name:k]); ok {
				i = s.wrapperAt(kind, at-1, k)
				continue
			}
		}
		if k < len(src) && src[k] == '<' {
			i = s.region(src[at-1] == '#', src[name:k:k], k)
		}
	}
}

// wrapperAt handles the wrapper of the given kind whose sigil is at
// src[start] and whose `<` is at src[open]: its operand is a quoted payload
// (spaces may come before the quote), or it gets the dialect's "expected
// string" as an E0101 (Types/*_errors.mlir#missing_string). It returns
// where scanning goes on.
func (s *scanner) wrapperAt(kind WrapperKind, start, open int) int {
	src := s.src
	q := open + 1
	for q < len(src) && (src[q] == ' ' || src[q] == '\t') {
		q++
	}
	if q < len(src) && src[q] == '"' {
		return s.wrapper(Wrapper{Kind: kind, Attr: src[start] == '#', Start: start, PayloadStart: q + 1})
	}
	end := q
	for end < len(src) && src[end] != '>' && src[end] != '\n' && src[end] != '\r' {
		end++
	}
	found := "`" + string(bytes.TrimSpace(src[q:end])) + "`"
	switch {
	case q < end:
	case end < len(src) && src[end] == '>':
		found, end = "`>`", end+1
	default:
		found = "the end of the line"
	}
	span := diag.Span{Start: q, End: min(max(end, q+1), len(src))}
	s.diags.Add(errNotString(s.f, span, string(src[start:open+1])+`"`, found))
	return open + 1
}

// wrapper finishes a wrapper whose payload starts at w.PayloadStart: it
// yields it, or reports it unterminated. It returns where scanning goes on.
func (s *scanner) wrapper(w Wrapper) int {
	src := s.src
	q := bytes.IndexByte(src[w.PayloadStart:], '"')
	nl := bytes.IndexByte(src[w.PayloadStart:], '\n')
	if q < 0 || (nl >= 0 && nl < q) {
		s.diags.Add(s.unterminated(w))
		return w.PayloadStart
	}
	w.Payload = src[w.PayloadStart : w.PayloadStart+q : w.PayloadStart+q]
	w.End = w.PayloadStart + q + 1
	if w.Kind != KindQuoted && w.End < len(src) && src[w.End] == '>' {
		w.End++
	}
	if !s.yield(w) {
		s.stopped = true
	}
	return w.End
}

// wrapperBefore recognizes `!cute.KIND<` just before the quote at src[q]:
// a wrapper nested in a region. It returns the kind and the sigil's offset.
func wrapperBefore(src []byte, q int) (WrapperKind, int, bool) {
	if q == 0 || src[q-1] != '<' {
		return 0, 0, false
	}
	k := q - 1
	for k > 0 && ('a' <= src[k-1] && src[k-1] <= 'z' || src[k-1] == '_') {
		k--
	}
	kind, ok := kindOf(src[k : q-1])
	const prefix = "cute."
	if !ok || k < len(prefix)+1 || string(src[k-len(prefix):k]) != prefix {
		return 0, 0, false
	}
	sigil := k - len(prefix) - 1
	if src[sigil] != '!' && src[sigil] != '#' {
		return 0, 0, false
	}
	return kind, sigil, true
}

// unterminated reports a payload with no closing quote, from its wrapper's
// sigil (or its opening quote) to the end of its line.
func (s *scanner) unterminated(w Wrapper) *diag.Diagnostic {
	f := s.f
	end := len(f.Src)
	if nl := bytes.IndexByte(f.Src[w.PayloadStart:], '\n'); nl >= 0 {
		end = w.PayloadStart + nl
		if end > w.PayloadStart && f.Src[end-1] == '\r' {
			end--
		}
	}
	if w.Kind == KindQuoted {
		return errUnterminated(f, diag.Span{Start: w.Start, End: end}, `"`, `"`)
	}
	return errUnterminated(f, diag.Span{Start: w.Start, End: end}, string(f.Src[w.Start:w.PayloadStart]), `">`)
}

// ParseWrapper parses the payload of a wrapper that ScanMLIR found in f as
// its kind's form, through the cache. The payload is parsed in a window of f,
// so the tree's spans are relative to the payload (and shared by every
// occurrence of the same text) while diagnostics name f's lines and columns.
func (p *Parser) ParseWrapper(f *diag.File, w Wrapper) (ast.Node, diag.List) {
	return p.parse(w.Form(), w.Payload, func() *diag.File {
		pos := f.Position(w.PayloadStart)
		return diag.NewWindow(f.Name, w.Payload, pos.Offset, pos.Line, pos.Col)
	})
}

// ParseWrapper parses a wrapper's payload with the default Parser; see
// Parser.ParseWrapper.
func ParseWrapper(f *diag.File, w Wrapper) (ast.Node, diag.List) {
	return defaultParser.ParseWrapper(f, w)
}
