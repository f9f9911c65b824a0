package verify

import (
	"bytes"
	"sort"
	"sync"
)

// Aliases are the type aliases of an MLIR file, `!memref_smem_f16_3 =
// !cute.memref<…>`, by name (with its `!`), scoped to their module. CuTe
// DSL writes them at the top of each module and uses them in op signatures;
// the op checker resolves them to see the layouts they stand for.
//
// A pass dump holds one module per pass, each with its aliases defined
// again, often with other texts (NVIDIA's hopper fmha dump defines
// `!memref_gmem_f16_2` at line 7 and again, for the next pass's module, at
// line 16,022): a definition belongs to the module that follows it. A new
// module's definitions start after a line that opens a top-level module
// (`module {`, `module attributes {…} {` at the start of a line) or after a
// split marker (a line that starts with `// -----`, as `mlir-opt
// -split-input-file` and the `// -----// IR Dump After …` headers write
// it); an op sees only the definitions of its own module. Within one module
// a name defined twice with different texts resolves to nothing, so the ops
// that use it are skipped rather than judged by the wrong definition. The
// nil *Aliases is the empty table.
//
// An Aliases is a view of the definitions read so far: Scan returns a new
// view that also sees the definitions of the text it reads and leaves the
// view it is called on unchanged. So a reader that streams a file scans each
// chunk before handing it on with the view Scan returned, and each chunk is
// judged by the definitions up to its end (of the module in effect at each
// op, see At), however far the reader has got meanwhile: the verdicts do not
// depend on how the work is shared among goroutines. Views of one file share
// their table; Scan on one view and Lookup on others may run at once.
type Aliases struct {
	t     *aliasTable
	n     int  // the view sees the definitions numbered below n
	scope int  // the module whose definitions the view sees
	body  bool // the module's top-level op has been read: the next definition opens a new module
	// inside is set between the line that opens a top-level module and
	// the `}` that closes it at the start of a line: no definition is
	// looked for there.
	inside bool
	// marks, when not nil, are the views in effect in the text last
	// scanned, from each mark's offset on (see At); nil when one view holds
	// for all of it.
	marks []aliasMark
}

// aliasMark is the view in effect from offset off of a scanned text.
type aliasMark struct {
	off  int
	view Aliases // without marks
}

// aliasTable is the shared store of the views of one file.
type aliasTable struct {
	mu     sync.RWMutex
	m      map[string]int32 // by name, the index in defs of its last definition
	defs   []aliasDefn      // every definition kept, in order
	arena  []byte           // the definitions' texts, copied
	count  int              // definitions numbered so far
	scopes int              // modules numbered so far
}

// aliasDefn is the first definition of a name in a module, numbered in
// the order read, with the number of the first definition in the same
// module that differs from it (noConflict if none).
type aliasDefn struct {
	prev     int32 // the index in defs of the name's definition before, or -1
	scope    int
	def      []byte
	at       int
	conflict int
}

const noConflict = int(^uint(0) >> 1)

// maxAliases bounds the definitions kept, so that a hostile file of aliases
// cannot grow memory without bound; later definitions are ignored (their
// uses are then unresolved and the ops that use them are skipped).
const maxAliases = 1 << 16

// The line starts that Scan looks for besides a definition's `!`: a
// top-level module and a split marker.
var (
	moduleLineStart = []byte("\nmodule")
	splitLineStart  = []byte("\n// -----")
)

// Scan returns a view that sees the alias definitions that start a line of
// src besides those a sees (a itself when src defines nothing new and opens
// no module), in the module in effect at the end of src. src starts at the
// start of a line. When src holds the start of another module, the view
// also keeps where in src each module is in effect (see At and From). The
// text is copied.
func (a *Aliases) Scan(src []byte) *Aliases {
	cur := a.plain()
	changed := false
	var marks []aliasMark
	portion := 0 // where the portion of src in cur's module starts
	newScope := func(at int) {
		if cur.t == nil {
			cur.t = &aliasTable{m: map[string]int32{}}
		}
		if at > portion {
			if marks == nil {
				marks = make([]aliasMark, 0, 4)
			}
			marks = append(marks, aliasMark{off: portion, view: cur})
		}
		portion = at
		cur.t.mu.Lock()
		cur.t.scopes++
		cur.scope, cur.body = cur.t.scopes, false
		cur.t.mu.Unlock()
		changed = true
	}
	event := func(at int) {
		line := src[at:]
		switch {
		case line[0] == '!':
			name, def, ok := aliasDef(line)
			if !ok {
				return
			}
			if cur.body {
				newScope(at)
			}
			if cur.define(name, def) {
				changed = true
			}
		case line[0] == 'm':
			if !moduleLine(line) {
				return
			}
			if cur.body {
				newScope(at) // a second module with no definitions of its own
			}
			cur.body, changed = true, true
			cur.inside = !bytes.HasSuffix(bytes.TrimRight(firstLine(line), " \t\r"), []byte("}"))
		default: // `// -----`
			newScope(at)
		}
	}
	// One pass over the line starts of the text between modules: a line
	// that matters starts with one of three bytes. A module's body, most
	// of a dump, is passed over up to the `}` that closes it at the start
	// of a line, with IndexByte.
	for i := 0; i < len(src); {
		if cur.inside {
			j := closingBrace(src, i)
			if j < 0 {
				break
			}
			cur.inside, changed, i = false, true, j
		}
		if c := src[i]; c == '!' || c == 'm' || c == '/' && bytes.HasPrefix(src[i:], splitLineStart[1:]) {
			event(i)
		}
		nl := bytes.IndexByte(src[i:], '\n')
		if nl < 0 {
			break
		}
		i += nl + 1
	}
	if !changed {
		if a != nil && a.marks != nil {
			v := a.plain()
			return &v
		}
		return a
	}
	out := cur
	if len(marks) > 0 {
		out.marks = append(marks, aliasMark{off: portion, view: cur})
	}
	return &out
}

// plain returns the view a without its marks (the zero view for nil).
func (a *Aliases) plain() Aliases {
	if a == nil {
		return Aliases{}
	}
	v := *a
	v.marks = nil
	return v
}

// define records the definition of name as def in the view's module and
// moves the view past it; false when it is not recorded (a repeat, or
// past maxAliases).
func (a *Aliases) define(name, def []byte) bool {
	if a.t == nil {
		a.t = &aliasTable{m: map[string]int32{}}
	}
	t := a.t
	t.mu.Lock()
	defer t.mu.Unlock()
	last, seen := t.m[string(name)]
	if !seen {
		last = -1
	}
	for i := last; i >= 0; i = t.defs[i].prev {
		d := &t.defs[i]
		if d.scope != a.scope {
			continue
		}
		if d.conflict != noConflict || bytes.Equal(d.def, def) {
			return false
		}
		d.conflict = t.count
		t.count++
		a.n = t.count
		return true
	}
	if t.count >= maxAliases {
		return false
	}
	if cap(t.arena)-len(t.arena) < len(def) {
		t.arena = make([]byte, 0, max(4<<10, len(def)))
	}
	start := len(t.arena)
	t.arena = append(t.arena, def...)
	t.defs = append(t.defs, aliasDefn{prev: last, scope: a.scope, def: t.arena[start:len(t.arena):len(t.arena)], at: t.count, conflict: noConflict})
	t.m[string(name)] = int32(len(t.defs) - 1)
	t.count++
	a.n = t.count
	return true
}

// At returns the view in effect at offset off of the text a was returned
// for by Scan: the module of the line holding off, with the definitions of
// that module read up to the end of its part of the text. It is a itself
// when one view holds for the whole text.
func (a *Aliases) At(off int) *Aliases {
	if a == nil || a.marks == nil {
		return a
	}
	i := sort.Search(len(a.marks), func(i int) bool { return a.marks[i].off > off }) - 1
	return &a.marks[max(i, 0)].view
}

// From returns the view of a for the text from offset off of the text a
// was returned for by Scan, as a reader that cuts that text into pieces
// hands a piece on: At of the result at k is At of a at off+k.
func (a *Aliases) From(off int) *Aliases {
	if a == nil || a.marks == nil || off == 0 {
		return a
	}
	i := sort.Search(len(a.marks), func(i int) bool { return a.marks[i].off > off }) - 1
	i = max(i, 0)
	if i == len(a.marks)-1 {
		return &a.marks[i].view
	}
	out := a.plain()
	out.marks = make([]aliasMark, 0, len(a.marks)-i)
	for k, m := range a.marks[i:] {
		if k > 0 {
			m.off -= off
		} else {
			m.off = 0
		}
		out.marks = append(out.marks, m)
	}
	return &out
}

// SameModule reports whether the views a and b see the aliases of one
// module (the nil view is in the first).
func (a *Aliases) SameModule(b *Aliases) bool {
	sa, sb := 0, 0
	if a != nil {
		sa = a.scope
	}
	if b != nil {
		sb = b.scope
	}
	return sa == sb
}

// Len returns the number of definitions the view sees (a name defined
// again with another text counts twice), in all modules read so far.
func (a *Aliases) Len() int {
	if a == nil {
		return 0
	}
	return a.n
}

// Lookup returns the definition of the alias name (`!memref_smem_f16_3`)
// that the view sees in its module; the caller must not modify it.
func (a *Aliases) Lookup(name []byte) ([]byte, bool) {
	if a == nil || a.t == nil {
		return nil, false
	}
	a.t.mu.RLock()
	defer a.t.mu.RUnlock()
	i, ok := a.t.m[string(name)]
	for ; ok && i >= 0; i = a.t.defs[i].prev {
		d := a.t.defs[i]
		if d.scope != a.scope {
			continue
		}
		if d.at >= a.n || d.conflict < a.n {
			return nil, false
		}
		return d.def, true
	}
	return nil, false
}

// maxAliasChain bounds the aliases followed to resolve one defined as
// another (`!a1 = !a0`), so that a cycle ends.
const maxAliasChain = 8

// Resolve returns the type t stands for: t itself when it is written out
// in a dialect (`!cute.…`, `!cute_nvgpu.…`), else the definition of the
// alias t in the view's module, following an alias defined as another
// alias (`!a1 = !a0`). false for a type that is not an alias the view
// resolves (a builtin type, an unknown alias, a cycle).
func (a *Aliases) Resolve(t []byte) ([]byte, bool) {
	for range maxAliasChain {
		if len(t) < 2 || t[0] != '!' {
			return nil, false
		}
		if bytes.HasPrefix(t, cutePrefix) || bytes.HasPrefix(t, []byte("!cute_nvgpu.")) {
			return t, true
		}
		def, ok := a.Lookup(t)
		if !ok {
			return nil, false
		}
		t = def
	}
	return nil, false
}

// AliasEvent reports whether an MLIR line is one that Scan reads: it may
// define an alias (it starts with `!`), open or close a top-level module
// (`}` at its start) or be a split marker. A reader that keeps views by
// line scans such lines, in order, and scans again when one changes.
func AliasEvent(line []byte) bool {
	return len(line) > 0 && (line[0] == '!' || line[0] == '}' || moduleLine(line) || bytes.HasPrefix(line, splitLineStart[1:]))
}

// closingBrace returns the offset of the first `}` at the start of a line
// of src at or after from (from is the start of a line), or -1.
func closingBrace(src []byte, from int) int {
	for j := from; j < len(src); j++ {
		k := bytes.IndexByte(src[j:], '}')
		if k < 0 {
			return -1
		}
		j += k
		if j == from || src[j-1] == '\n' {
			return j
		}
	}
	return -1
}

// firstLine returns line up to its end.
func firstLine(line []byte) []byte {
	if nl := bytes.IndexByte(line, '\n'); nl >= 0 {
		return line[:nl]
	}
	return line
}

// moduleLine reports whether line (which may run on past its end) opens a
// top-level module: `module {`, `module @m …`, `module attributes {…} {`.
func moduleLine(line []byte) bool {
	rest, ok := bytes.CutPrefix(line, []byte("module"))
	return ok && len(rest) > 0 && (rest[0] == ' ' || rest[0] == '{' || rest[0] == '\n' || rest[0] == '\r')
}

// aliasDef recognizes `!name = !dialect.type<…>` at the start of line (which
// may run on past its end) and returns the name and the definition.
func aliasDef(line []byte) (name, def []byte, ok bool) {
	if nl := bytes.IndexByte(line, '\n'); nl >= 0 {
		line = line[:nl]
	}
	line = bytes.TrimRight(line, " \t\r")
	k := 1
	for k < len(line) && isIdentByte(line[k]) {
		k++
	}
	if k == 1 || !bytes.HasPrefix(line[k:], []byte(" = !")) {
		return nil, nil, false
	}
	return line[:k], line[k+len(" = "):], true
}

// isIdentByte reports whether b may appear in an MLIR alias or op name.
func isIdentByte(b byte) bool {
	return 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9' || b == '_' || b == '.' || b == '$' || b == '-'
}
