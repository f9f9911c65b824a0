package parser

import (
	"bytes"

	"github.com/cutec/cutec/internal/mlirscan"
)

// TypeInfo describes the dialect type a payload is written in. Its slices
// alias the scanned buffer.
type TypeInfo struct {
	Name    []byte // the type's name after the dialect: memref, ptr, coord_tensor, tiled_copy, atom.ldsm
	Elem    []byte // the element type of a memref or ptr: f16, tf32, i8
	Space   []byte // the memory space of a memref or ptr: gmem, smem, rmem, tmem
	Align   int64  // the N of align<N> in a memref or ptr; 0 when not written
	Swizzle []byte // the unquoted swizzle of a memref or ptr, such as S<3,4,3>; nil when none
}

// Form returns the text form w's payload is parsed as: its kind's form, or
// for a quoted payload the form its role in the enclosing type gives: the
// layout of a memref or coord_tensor and the `layout_copy_tv` and
// `atom_layout_MNK` of a tiled copy or MMA are (composed) layouts, the
// iterator of a coord_tensor and an atom's `mode` integer tuples,
// `tiler_mn` and `permutation_MNK` tiles; any other quoted string is a
// value of any kind.
func (w Wrapper) Form() Form {
	if w.form != 0 {
		return w.form
	}
	return w.Kind.Form()
}

// region walks the angle brackets of a dialect type or attribute named name
// whose `<` is at src[open], to its matching `>` or the end of the line, and
// yields the quoted strings in it: a nested wrapper's payload with its kind,
// any other as KindQuoted with the form its role gives (see Wrapper.Form).
// The top-level items of a memref or ptr (element type, memory space,
// `align<N>`, swizzle) are kept in the TypeInfo of what it yields, and an
// unquoted swizzle is yielded as a KindSwizzle wrapper. It returns where
// scanning goes on.
func (s *scanner) region(attr bool, name []byte, open int) int {
	src := s.src
	info := TypeInfo{Name: name}
	pointer := string(name) == "memref" || string(name) == "ptr"
	depth, item, itemStart, quotes := 0, 0, open+1, 0
	for k := open; k < len(src) && !s.stopped; k++ {
		switch src[k] {
		case '\n':
			return k
		case '<':
			depth++
		case ',', '>':
			if depth == 1 && pointer {
				s.item(&info, item, itemStart, k)
				item, itemStart = item+1, k+1
			}
			if src[k] == '>' {
				if depth--; depth == 0 {
					return k + 1
				}
			}
		case '"':
			w := Wrapper{Kind: KindQuoted, Attr: attr, Start: k, PayloadStart: k + 1, In: info}
			if kind, start, ok := wrapperBefore(src, k); ok {
				w.Kind, w.Attr, w.Start = kind, src[start] == '#', start
			} else if depth == 1 {
				w.form = positionalForm(name, quotes)
				quotes++
			} else if w.Name = attrBefore(src, k); w.Name != nil {
				w.form = attrForm(w.Name)
			}
			next := s.wrapper(w)
			if next == w.PayloadStart { // unterminated: the line is over
				return next
			}
			if w.Kind != KindQuoted && next > k+1 && src[next-1] == '>' {
				depth-- // the wrapper's own `>`
			}
			k = next - 1
		}
	}
	return len(src)
}

// item records the top-level item src[from:to] (number i) of a memref or
// ptr in info: the element type, the memory space, `align<N>`, or a swizzle,
// which is yielded to be checked.
func (s *scanner) item(info *TypeInfo, i, from, to int) {
	for from < to && (s.src[from] == ' ' || s.src[from] == '\t') {
		from++
	}
	for to > from && (s.src[to-1] == ' ' || s.src[to-1] == '\t') {
		to--
	}
	text := s.src[from:to:to]
	switch {
	case len(text) == 0 || text[0] == '"' || text[0] == '!' || text[0] == '#':
	case bytes.HasPrefix(text, []byte("align<")) && text[len(text)-1] == '>':
		n := int64(0)
		for _, b := range text[len("align<") : len(text)-1] {
			if b < '0' || b > '9' || n > 1<<40 {
				n = 0
				break
			}
			n = n*10 + int64(b-'0')
		}
		info.Align = n
	case (text[0] == 'S' && bytes.HasPrefix(text[1:], []byte("<")) || bytes.HasPrefix(text, []byte("Sw<"))) &&
		text[len(text)-1] == '>' && !bytes.ContainsAny(text, "\"\n"):
		// A swizzle written without quotes; an item that runs on into a
		// quoted string (a missing comma) is not one.
		info.Swizzle = text
		w := Wrapper{Kind: KindSwizzle, Start: from, End: to, PayloadStart: from, Payload: text, In: *info, Bare: true}
		if !s.yield(w) {
			s.stopped = true
		}
	case i == 0:
		info.Elem = text
	case i == 1:
		info.Space = text
	}
}

// positionalForm returns the form of the quoted string number i written
// directly in the type named name: the layout of a memref, the iterator and
// then the layout of a coord_tensor.
func positionalForm(name []byte, i int) Form {
	switch string(name) {
	case "memref":
		return FormComposedLayout
	case "coord_tensor":
		if i == 0 {
			return FormIntTuple
		}
		return FormComposedLayout
	}
	return 0
}

// attrForm returns the form of the value of the attribute name.
func attrForm(name []byte) Form {
	switch string(name) {
	case "layout_copy_tv", "atom_layout_MNK", "layout", "layout_tv":
		return FormComposedLayout
	case "tiler_mn", "permutation_MNK":
		return FormTile
	case "mode":
		return FormIntTuple
	}
	return 0
}

// attrBefore recognizes `NAME = <` just before the quote at src[q] and
// returns NAME, or nil.
func attrBefore(src []byte, q int) []byte {
	k := q - 1
	if k < 0 || src[k] != '<' {
		return nil
	}
	for k > 0 && src[k-1] == ' ' {
		k--
	}
	if k == 0 || src[k-1] != '=' {
		return nil
	}
	k--
	for k > 0 && src[k-1] == ' ' {
		k--
	}
	end := k
	for k > 0 && (mlirscan.IsNameByte(src[k-1]) && src[k-1] != '.') {
		k--
	}
	if k == end {
		return nil
	}
	return src[k:end:end]
}
