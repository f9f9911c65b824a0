package verify

import (
	"bytes"
	"sync"
)

// Aliases are the type aliases of an MLIR file, `!memref_smem_f16_3 =
// !cute.memref<…>`, by name (with its `!`). CuTe DSL writes them at the top
// of each module and uses them in op signatures; the op checker resolves them
// to see the layouts they stand for. A reader of a file scans each chunk for
// definitions (Scan) before it hands the chunk to the workers that look
// names up (Lookup): an Aliases is safe for that concurrent use. A name
// defined twice with different texts (two modules of one file) resolves to
// nothing, so the ops that use it are skipped rather than judged by the
// wrong definition. The nil *Aliases is the empty table.
type Aliases struct {
	mu sync.RWMutex
	m  map[string][]byte // nil for a name defined twice differently
}

// maxAliases bounds the definitions kept, so that a hostile file of aliases
// cannot grow memory without bound; later definitions are ignored (their
// uses are then unresolved and the ops that use them are skipped).
const maxAliases = 1 << 16

var aliasLineStart = []byte("\n!")

// Scan adds the alias definitions that start a line of src to a and
// returns a, or a new table when a is nil and src defines some. The text is
// copied.
func (a *Aliases) Scan(src []byte) *Aliases {
	define := func(line []byte) {
		name, def, ok := aliasDef(line)
		if !ok {
			return
		}
		if a == nil {
			a = &Aliases{}
		}
		a.mu.Lock()
		defer a.mu.Unlock()
		if a.m == nil {
			a.m = map[string][]byte{}
		}
		switch old, seen := a.m[string(name)]; {
		case seen && !bytes.Equal(old, def):
			a.m[string(name)] = nil
		case !seen && len(a.m) < maxAliases:
			a.m[string(name)] = bytes.Clone(def)
		}
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
	return a
}

// Len returns the number of names defined.
func (a *Aliases) Len() int {
	if a == nil {
		return 0
	}
	a.mu.RLock()
	defer a.mu.RUnlock()
	return len(a.m)
}

// Lookup returns the definition of the alias name (`!memref_smem_f16_3`);
// the caller must not modify it.
func (a *Aliases) Lookup(name []byte) ([]byte, bool) {
	if a == nil {
		return nil, false
	}
	a.mu.RLock()
	def, ok := a.m[string(name)]
	a.mu.RUnlock()
	return def, ok && def != nil
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
