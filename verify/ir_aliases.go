package verify

import (
	"bytes"
	"math"
	"sync"
)

// Aliases are the type aliases of an MLIR file, `!memref_smem_f16_3 =
// !cute.memref<…>`, by name (with its `!`). CuTe DSL writes them at the top
// of each module and uses them in op signatures; the op checker resolves them
// to see the layouts they stand for. A name defined twice with different
// texts (two modules of one file) resolves to nothing, so the ops that use it
// are skipped rather than judged by the wrong definition. The nil *Aliases
// is the empty table.
//
// An Aliases is a view of the definitions read so far: Scan returns a new
// view that also sees the definitions of the text it reads and leaves the
// view it is called on unchanged. So a reader that streams a file scans each
// chunk before handing it on with the view Scan returned, and each chunk is
// judged by the definitions up to its end, however far the reader has got
// meanwhile: the verdicts do not depend on how the work is shared among
// goroutines. Views of one file share their table; Scan on one view and
// Lookup on others may run at once.
type Aliases struct {
	t *aliasTable
	n int // the view sees the definitions numbered below n
}

// aliasTable is the shared store of the views of one file.
type aliasTable struct {
	mu    sync.RWMutex
	m     map[string]aliasDefn
	count int // definitions numbered so far
}

// aliasDefn is the first definition of a name, numbered in the order read,
// with the number of the first definition that differs from it
// (math.MaxInt if none).
type aliasDefn struct {
	def      []byte
	at       int
	conflict int
}

// maxAliases bounds the definitions kept, so that a hostile file of aliases
// cannot grow memory without bound; later definitions are ignored (their
// uses are then unresolved and the ops that use them are skipped).
const maxAliases = 1 << 16

var aliasLineStart = []byte("\n!")

// Scan returns a view that sees the alias definitions that start a line of
// src besides those a sees (a itself when src defines nothing new). The text
// is copied.
func (a *Aliases) Scan(src []byte) *Aliases {
	out := a
	define := func(line []byte) {
		name, def, ok := aliasDef(line)
		if !ok {
			return
		}
		if out == nil || out.t == nil {
			out = &Aliases{t: &aliasTable{m: map[string]aliasDefn{}}}
		}
		t := out.t
		t.mu.Lock()
		defer t.mu.Unlock()
		switch old, seen := t.m[string(name)]; {
		case seen && old.conflict == math.MaxInt && !bytes.Equal(old.def, def):
			old.conflict = t.count
			t.m[string(name)] = old
			t.count++
		case !seen && len(t.m) < maxAliases:
			t.m[string(name)] = aliasDefn{def: bytes.Clone(def), at: t.count, conflict: math.MaxInt}
			t.count++
		default:
			return
		}
		out = &Aliases{t: t, n: t.count}
	}
	if len(src) > 0 && src[0] == '!' {
		define(src)
	}
	for i := 0; ; {
		j := bytes.Index(src[i:], aliasLineStart)
		if j < 0 {
			break
		}
		i += j + 1
		define(src[i:])
	}
	return out
}

// Len returns the number of definitions the view sees (a name defined
// again with another text counts twice).
func (a *Aliases) Len() int {
	if a == nil {
		return 0
	}
	return a.n
}

// Lookup returns the definition of the alias name (`!memref_smem_f16_3`)
// that the view sees; the caller must not modify it.
func (a *Aliases) Lookup(name []byte) ([]byte, bool) {
	if a == nil || a.t == nil {
		return nil, false
	}
	a.t.mu.RLock()
	d, ok := a.t.m[string(name)]
	a.t.mu.RUnlock()
	if !ok || d.at >= a.n || d.conflict < a.n {
		return nil, false
	}
	return d.def, true
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
