package parser

import (
	"hash/maphash"
	"sync"

	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
)

// cache maps (form, payload text) to a parse result. It is sharded to keep
// lock contention low, and bounded: each shard keeps two generations of maps
// and drops the older one when the newer fills, so memory stays flat however
// many distinct payloads a file holds, while payloads that keep recurring are
// promoted and stay. A payload is admitted on its second occurrence: the
// first only leaves its hash in a pointer-free set, so one-off payloads
// neither crowd out repeated ones nor give the garbage collector a large
// cache of trees to mark.
type cache struct {
	seed   maphash.Seed
	limit  int // entries per shard, form and generation
	shards [cacheShards]cacheShard
}

const cacheShards = 32

type cacheShard struct {
	mu       sync.Mutex
	cur, old [numForms]map[string]entry
	seen     map[uint64]struct{} // hashes of (form, payload) seen once
}

// entry is a cached result. Its diagnostics are detached from any file (File
// nil), so that the cache never keeps a caller's buffer alive; they are
// re-targeted to the asking file on every return.
type entry struct {
	node  ast.Node
	diags diag.List
}

// newEntry detaches a parse result from its file for caching.
func newEntry(n ast.Node, diags diag.List) entry {
	return entry{node: n, diags: retarget(diags, nil)}
}

func newCache(size int) *cache {
	return &cache{seed: maphash.MakeSeed(), limit: max(1, size/(2*cacheShards))}
}

func (c *cache) shardOf(key string) *cacheShard {
	return &c.shards[maphash.String(c.seed, key)%cacheShards]
}

// get returns the entry for (form, src), promoting it from the older
// generation when found there. On a miss, admit tells whether the result of
// parsing should be put in the cache: whether (form, src) was seen before.
func (c *cache) get(form Form, src []byte) (e entry, ok, admit bool) {
	h := maphash.Bytes(c.seed, src)
	s := &c.shards[h%cacheShards]
	s.mu.Lock()
	defer s.mu.Unlock()
	if e, ok = s.cur[form][string(src)]; ok {
		return e, true, false
	}
	if e, ok = s.old[form][string(src)]; ok {
		c.insert(s, form, string(src), e)
		return e, true, false
	}
	return entry{}, false, c.sawBefore(s, h^uint64(form)*0x9e3779b97f4a7c15)
}

// sawBefore reports whether key was seen since the set was last cleared, and
// records it. The caller holds s.mu.
func (c *cache) sawBefore(s *cacheShard, key uint64) bool {
	if _, ok := s.seen[key]; ok {
		delete(s.seen, key)
		return true
	}
	if s.seen == nil || len(s.seen) >= 4*c.limit {
		s.seen = make(map[uint64]struct{}, min(4*c.limit, 256))
	}
	s.seen[key] = struct{}{}
	return false
}

// put stores the entry for (form, key).
func (c *cache) put(form Form, key string, e entry) {
	s := c.shardOf(key)
	s.mu.Lock()
	c.insert(s, form, key, e)
	s.mu.Unlock()
}

// insert adds an entry to the current generation, starting a new one when it
// is full. The caller holds s.mu.
func (c *cache) insert(s *cacheShard, form Form, key string, e entry) {
	if s.cur[form] == nil || len(s.cur[form]) >= c.limit {
		s.old[form] = s.cur[form]
		s.cur[form] = make(map[string]entry, min(c.limit, 64))
	}
	s.cur[form][key] = e
}

// diagsFor returns the entry's diagnostics as diagnostics of f.
func (e entry) diagsFor(f *diag.File) diag.List { return retarget(e.diags, f) }

// retarget returns copies of diagnostics (and their notes) with f as their
// file. The spans stay: the text is the same. The list is always new, since
// callers sort lists in place.
func retarget(l diag.List, f *diag.File) diag.List {
	if len(l) == 0 {
		return nil
	}
	out := make(diag.List, len(l))
	for i, d := range l {
		cp := *d
		cp.File = f
		cp.Notes = append([]diag.Note(nil), d.Notes...)
		for j := range cp.Notes {
			cp.Notes[j].File = f
		}
		out[i] = &cp
	}
	return out
}
