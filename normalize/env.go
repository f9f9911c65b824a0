package normalize

import (
	"encoding/binary"
	"fmt"
	"sort"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/internal/suggest"
	"github.com/cutec/cutec/layout"
)

// Env holds the names a .cute file has defined so far.
//
// A file may define millions of names, so a binding is kept compact, as a
// record of a few bytes in the table of names (env_names.go): a static
// integer layout as its packed bytes (layout.Static.AppendPacked, about 10
// bytes where its tree takes hundreds), then the site's position as
// varints and the text of its line, from which Define rebuilds the Site
// only for a redefinition's note.
type Env struct {
	names       names            // name -> binding: the packed layout, the site's position and text
	values      map[ref]Value    // the values that are not packed layouts, by their binding
	files       []string         // the file names of the sites, each once
	nodes       int64            // the nodes of the values bound, up to MaxEnvNodes
	suggestWork int64            // what is left of maxSuggestWork
	facts       map[string]int64 // the facts of symbols declared by `let` (convert_symbol.go)
	bytes       int64            // the bytes of the names bound and the lines kept for their sites, up to maxEnvBytes
	bankWork    int64            // the bank analyses' requests so far, up to MaxBankWork
}

// maxEnvBytes bounds the bytes one file's names take in the table of names:
// each name and the text of the line that defines it (kept for the note of
// a redefinition), so that a file of huge definitions cannot hold memory
// without bound. Room refuses a definition past it (E0705).
const maxEnvBytes = 256 << 20

// envByteBudget is maxEnvBytes; a test lowers it.
var envByteBudget int64 = maxEnvBytes

// recordBytes is what binding name, defined on a line of text, adds to
// Env.bytes: the name, the line and the record's fixed part.
func recordBytes(name string, site Site) int64 {
	n := int64(len(name)) + 1 + maxPacked + 7*maxVarintLen
	if site.File != nil {
		n += int64(len(site.File.Src))
	}
	return n
}

// MaxEnvNodes bounds the nodes of all the values the names of one file hold
// as trees together (eight values of layout.MaxNodes), so that a file of
// many large definitions does not hold memory in proportion to a multiple
// of its size: Room refuses a definition past it (E0705). A static layout
// that Define packs (at most 16 leaves, in a few bytes) is not counted: it
// takes a bounded size per definition, like the line that defines it, so a
// file of millions of such names is held in memory linear in its size.
const MaxEnvNodes = 8 * layout.MaxNodes

// Room returns an error with layout.CodeValueTooLarge when binding name to
// v, defined at site, would take the values of the environment past
// MaxEnvNodes, or its table of names past maxEnvBytes. Define does not
// check it; a caller that defines names from input calls Room first.
func (e *Env) Room(name string, v Value, site Site) error {
	if n := recordBytes(name, site); e.bytes+n > envByteBudget {
		err := layout.ErrValueTooLarge("define", e.nodes)
		err.Msg = fmt.Sprintf("the names of this file and the lines that define them would take %d bytes with this one, more than the bound of %d bytes on what a file defines", e.bytes+n, envByteBudget)
		return err
	}
	if _, packed := packedLayout(v); packed {
		return nil
	}
	left := MaxEnvNodes - e.nodes
	if n := valueNodes(v, left); n > left {
		err := layout.ErrValueTooLarge("define", e.nodes+n)
		err.Msg = fmt.Sprintf("the names of this file would hold at least %d nodes (leaves and tuples) with this one, more than the bound of %d on what a file defines", e.nodes+n, int64(MaxEnvNodes))
		return err
	}
	return nil
}

// Site is where a name was defined: a span of a file. A streaming reader
// should give a file that outlives its read buffer (see verify's Cute).
type Site struct {
	File *diag.File
	Span diag.Span
}

// NewEnv returns an empty environment.
func NewEnv() *Env {
	return &Env{names: newNames(), values: map[ref]Value{}, suggestWork: maxSuggestWork}
}

// maxSuggestWork bounds the work of suggesting names for the unknown names
// of one file (the cells of the edit distances and the names visited),
// which would otherwise grow with the product of the names a file defines
// and the unknown names it uses: past it, unknown names get suggestions
// among the operations only.
const maxSuggestWork = 1 << 24

// suggest returns the defined name or the operation closest to name, or ""
// (internal/suggest's rule). The defined names are searched while the
// file's budget of work lasts, and only those whose length could be close.
func (e *Env) suggest(name string) string {
	var known []string
	if e != nil && e.suggestWork > 0 {
		limit := len(name)/3 + 2
		var close []string
		e.suggestWork -= int64(e.names.count)
		e.names.each(dataEnd, func(k []byte) {
			if d := len(k) - len(name); d < limit && -d < limit {
				close = append(close, string(k))
			}
		})
		sort.Strings(close)
		for _, k := range close {
			if e.suggestWork -= int64((len(k) + 1) * (len(name) + 1)); e.suggestWork < 0 {
				break
			}
			known = append(known, k)
		}
	}
	return suggest.Closest(name, append(known, operationNames()...))
}

// Define binds name to v, defined at site. It returns false and the site of
// the first definition when the name is already bound.
func (e *Env) Define(name string, v Value, site Site) (first Site, ok bool) {
	r, dup, at := e.names.lookup(name)
	if dup {
		return e.site(e.names.data(r)), false
	}
	e.bytes += recordBytes(name, site)
	s, packed := packedLayout(v)
	if !packed {
		e.nodes += valueNodes(v, MaxEnvNodes)
		e.bind(name, at, nil, v, site)
		return Site{}, true
	}
	e.bind(name, at, &s, nil, site)
	return Site{}, true
}

// bind binds name, which is not bound and goes at the slot at, to the
// packed layout s or, when s is nil, to v, defined at site. It returns
// false, binding nothing, when the packed bytes of s exceed 255.
//
// The record's data is the packed layout's length (0 when there is none)
// and bytes, the site's file (0 when it has none, else its index from 1,
// then its base, line and column), its span, and the length and bytes of
// its text.
func (e *Env) bind(name string, at slot, s *layout.Static, v Value, site Site) bool {
	var text []byte
	if site.File != nil {
		text = site.File.Src
	}
	buf := e.names.add(name, 1+maxPacked+7*maxVarintLen+len(text))
	head := len(buf)
	buf = append(buf, 0)
	if s != nil {
		buf = s.AppendPacked(buf)
		n := len(buf) - head - 1
		if n > 255 {
			return false // nothing is committed: the chunk keeps its length
		}
		buf[head] = byte(n) // the packed layout's length
	}
	if f := site.File; f != nil {
		buf = appendUvarint(buf, e.fileIndex(f.Name))
		buf = binary.AppendVarint(buf, int64(f.Base))
		buf = binary.AppendVarint(buf, int64(f.BaseLine))
		buf = binary.AppendVarint(buf, int64(f.BaseCol))
	} else {
		buf = append(buf, 0)
	}
	buf = binary.AppendVarint(buf, int64(site.Span.Start))
	buf = binary.AppendVarint(buf, int64(site.Span.End))
	buf = appendUvarint(buf, uint64(len(text)))
	buf = append(buf, text...)
	r := e.names.commit(name, at, buf)
	if v != nil {
		e.values[r] = v
	}
	return true
}

// maxPacked bounds the packed bytes of a static layout (layout's
// AppendPacked): its two counts, its profile (at most 48 bytes) and two
// varints a leaf (at most 16 leaves). It only sizes the room bind asks
// for: a record past it would still be kept whole.
const maxPacked = 2 + 48 + 2*16*maxVarintLen

// packedLayout returns the compact form of v when Define keeps v packed:
// a static layout whose packed bytes take at most 255 bytes.
func packedLayout(v Value) (s layout.Static, ok bool) {
	l, isLayout := v.(Layout)
	if !isLayout {
		return s, false
	}
	if s, ok = layout.StaticOf(l.L); !ok {
		return s, false
	}
	var buf [256]byte
	return s, len(s.AppendPacked(buf[:0])) <= 255
}

// fileIndex returns the index (from 1) of a site's file name.
func (e *Env) fileIndex(name string) uint64 {
	for i := len(e.files) - 1; i >= 0; i-- {
		if e.files[i] == name {
			return uint64(i + 1)
		}
	}
	e.files = append(e.files, name)
	return uint64(len(e.files))
}

// site rebuilds the Site of a binding from its data.
func (e *Env) site(data []byte) Site {
	r := reader{s: data, i: 1 + int(data[0])}
	file := r.uvarint()
	var base, line, col int64
	if file != 0 {
		base, line, col = r.varint(), r.varint(), r.varint()
	}
	span := diag.Span{Start: int(r.varint()), End: int(r.varint())}
	n := int(r.uvarint())
	if file == 0 || file > uint64(len(e.files)) {
		return Site{Span: span}
	}
	text := data[r.i : r.i+n : r.i+n]
	w := diag.NewWindow(e.files[file-1], text, int(base), int(line), int(col))
	return Site{File: w, Span: span}
}

// dataEnd returns the length of the data of a binding that data begins
// with.
func dataEnd(data []byte) int {
	r := reader{s: data, i: 1 + int(data[0])}
	if r.uvarint() != 0 {
		r.varint()
		r.varint()
		r.varint()
	}
	r.varint()
	r.varint()
	n := int(r.uvarint())
	return r.i + n
}

// reader reads the varints of a binding's data.
type reader struct {
	s []byte
	i int
}

func (r *reader) uvarint() uint64 {
	x, n := uvarint(r.s[r.i:])
	r.i += n
	return x
}

func (r *reader) varint() int64 {
	ux := r.uvarint()
	x := int64(ux >> 1)
	if ux&1 != 0 {
		x = ^x
	}
	return x
}

// Lookup returns the value bound to name.
func (e *Env) Lookup(name string) (Value, bool) {
	if e == nil {
		return nil, false
	}
	r, ok := e.names.find(name)
	if !ok {
		return nil, false
	}
	data := e.names.data(r)
	if data[0] == 0 {
		return e.values[r], true
	}
	s, _ := layout.UnpackStatic(data[1 : 1+int(data[0])])
	return Layout{s.Layout()}, true
}

// Names returns the defined names in order.
func (e *Env) Names() []string {
	if e == nil {
		return nil
	}
	names := make([]string, 0, e.names.count)
	e.names.each(dataEnd, func(n []byte) { names = append(names, string(n)) })
	sort.Strings(names)
	return names
}
