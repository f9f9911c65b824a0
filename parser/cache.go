package parser

import (
	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/internal/gencache"
)

// cache maps (form, payload text) to a parse result: a bounded
// two-generation cache (see internal/gencache) with one space per form.
type cache = gencache.Cache[entry]

func newCache(size int) *cache { return gencache.New[entry](size, int(numForms)) }

// entry is a cached result. Its diagnostics are detached from any file (File
// nil), so that the cache never keeps a caller's buffer alive; they are
// re-targeted to the asking file on every return.
type entry struct {
	node  ast.Node
	diags diag.List
}

// newEntry detaches a parse result from its file for caching.
func newEntry(n ast.Node, diags diag.List) entry {
	return entry{node: n, diags: diags.Retarget(nil)}
}

// diagsFor returns the entry's diagnostics as diagnostics of f.
func (e entry) diagsFor(f *diag.File) diag.List { return e.diags.Retarget(f) }
