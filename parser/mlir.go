package parser

import (
	"bytes"

	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
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
)

var kindNames = [...]string{
	KindIntTuple: "int_tuple", KindShape: "shape", KindStride: "stride", KindCoord: "coord",
	KindLayout: "layout", KindComposedLayout: "composed_layout", KindTile: "tile", KindSwizzle: "swizzle",
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
		return FormComposed
	case KindTile:
		return FormTile
	case KindSwizzle:
		return FormSwizzle
	}
	return FormTuple
}

// kindOf returns the kind named by word.
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
}

var cuteDot = []byte("cute.")

// ScanMLIR finds, in order, each dialect wrapper in f.Src: `!cute.` or
// `#cute.` followed by a kind name and `<"`, also when nested in other types
// such as `!cute.memref<…, !cute.layout<"…">>`. It calls yield for each and
// stops early when yield returns false. A wrapper whose payload has no
// closing `"` before the end of its line (or of the buffer) gets an E0108
// diagnostic and is not yielded.
//
// Text that is not a wrapper is skipped with bytes.Index, so most of a large
// IR file costs little. Payloads never span lines, so a caller may stream a
// file in chunks of whole lines, each in its own diag window.
func ScanMLIR(f *diag.File, yield func(Wrapper) bool) diag.List {
	src := f.Src
	var diags diag.List
	for i := 0; ; {
		j := bytes.Index(src[i:], cuteDot)
		if j < 0 {
			return diags
		}
		at := i + j
		i = at + len(cuteDot)
		w, ok := wrapperAt(src, at)
		if !ok {
			continue
		}
		q := bytes.IndexByte(src[w.PayloadStart:], '"')
		nl := bytes.IndexByte(src[w.PayloadStart:], '\n')
		if q < 0 || (nl >= 0 && nl < q) {
			diags.Add(unterminated(f, w))
			i = w.PayloadStart
			continue
		}
		w.Payload = src[w.PayloadStart : w.PayloadStart+q : w.PayloadStart+q]
		w.End = w.PayloadStart + q + 1
		if w.End < len(src) && src[w.End] == '>' {
			w.End++
		}
		i = w.End
		if !yield(w) {
			return diags
		}
	}
}

// wrapperAt recognizes the start of a wrapper whose `cute.` is at src[at]:
// a sigil before it, a kind name and `<"` after it.
func wrapperAt(src []byte, at int) (Wrapper, bool) {
	if at == 0 || (src[at-1] != '!' && src[at-1] != '#') {
		return Wrapper{}, false
	}
	name := at + len(cuteDot)
	k := name
	for k < len(src) && (('a' <= src[k] && src[k] <= 'z') || src[k] == '_') {
		k++
	}
	kind, ok := kindOf(src[name:k])
	if !ok || !bytes.HasPrefix(src[k:], []byte(`<"`)) {
		return Wrapper{}, false
	}
	return Wrapper{Kind: kind, Attr: src[at-1] == '#', Start: at - 1, PayloadStart: k + 2}, true
}

// unterminated reports a wrapper with no closing quote, from its sigil to the
// end of its line.
func unterminated(f *diag.File, w Wrapper) *diag.Diagnostic {
	end := len(f.Src)
	if nl := bytes.IndexByte(f.Src[w.PayloadStart:], '\n'); nl >= 0 {
		end = w.PayloadStart + nl
		if end > w.PayloadStart && f.Src[end-1] == '\r' {
			end--
		}
	}
	return errUnterminated(f, diag.Span{Start: w.Start, End: end}, string(f.Src[w.Start:w.PayloadStart-2]))
}

// ParseWrapper parses the payload of a wrapper that ScanMLIR found in f as
// its kind's form, through the cache. The payload is parsed in a window of f,
// so the tree's spans are relative to the payload (and shared by every
// occurrence of the same text) while diagnostics name f's lines and columns.
func (p *Parser) ParseWrapper(f *diag.File, w Wrapper) (ast.Node, diag.List) {
	return p.parse(w.Kind.Form(), w.Payload, func() *diag.File {
		pos := f.Position(w.PayloadStart)
		return diag.NewWindow(f.Name, w.Payload, pos.Offset, pos.Line, pos.Col)
	})
}

// ParseWrapper parses a wrapper's payload with the default Parser; see
// Parser.ParseWrapper.
func ParseWrapper(f *diag.File, w Wrapper) (ast.Node, diag.List) {
	return defaultParser.ParseWrapper(f, w)
}
