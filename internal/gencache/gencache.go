// Package gencache is a bounded, concurrency-safe cache from text to a
// value, for the parser's parses and the verifier's payload results.
//
// Real IR repeats the same few layouts thousands of times among many that
// occur once. The cache is sharded to keep lock contention low, and bounded:
// each shard keeps two generations of maps and drops the older one when the
// newer fills, so memory stays flat however many distinct texts a file
// holds, while texts that keep recurring are promoted and stay. A text is
// admitted on its second occurrence: the first only leaves its hash in a
// pointer-free set, so one-off texts neither crowd out repeated ones nor
// give the garbage collector a large cache to mark.
//
// Keys live in spaces (a small integer such as the text's form), each with
// its own maps: the same text may mean different things in different spaces.
package gencache

import (
	"hash/maphash"
	"sync"
)

// Shards is the number of shards of a cache.
const Shards = 32

// Cache maps (space, text) to values of type V.
type Cache[V any] struct {
	seed   maphash.Seed
	limit  int // entries per shard, space and generation
	shards [Shards]shard[V]
}

type shard[V any] struct {
	mu       sync.Mutex
	cur, old []map[string]V
	seen     map[uint64]struct{} // hashes of (space, text) seen once
}

// New returns a cache of about size entries in all (at most 2*size), over
// spaces 0 to spaces-1.
func New[V any](size, spaces int) *Cache[V] {
	c := &Cache[V]{seed: maphash.MakeSeed(), limit: max(1, size/(2*Shards))}
	for i := range c.shards {
		c.shards[i].cur = make([]map[string]V, spaces)
		c.shards[i].old = make([]map[string]V, spaces)
	}
	return c
}

// Get returns the value of (space, text), promoting it from the older
// generation when found there. On a miss, admit tells whether the caller
// should Put the value it computes: whether (space, text) was seen before.
func (c *Cache[V]) Get(space int, text []byte) (v V, ok, admit bool) {
	h := maphash.Bytes(c.seed, text)
	s := &c.shards[h%Shards]
	s.mu.Lock()
	defer s.mu.Unlock()
	if v, ok = s.cur[space][string(text)]; ok {
		return v, true, false
	}
	if v, ok = s.old[space][string(text)]; ok {
		c.insert(s, space, string(text), v)
		return v, true, false
	}
	return v, false, c.sawBefore(s, h^uint64(space+1)*0x9e3779b97f4a7c15)
}

// Put stores the value of (space, text).
func (c *Cache[V]) Put(space int, text string, v V) {
	s := &c.shards[maphash.String(c.seed, text)%Shards]
	s.mu.Lock()
	c.insert(s, space, text, v)
	s.mu.Unlock()
}

// Len returns the number of values held and of hashes remembered, for tests.
func (c *Cache[V]) Len() (values, hashes int) {
	for i := range c.shards {
		s := &c.shards[i]
		s.mu.Lock()
		for k := range s.cur {
			values += len(s.cur[k]) + len(s.old[k])
		}
		hashes += len(s.seen)
		s.mu.Unlock()
	}
	return values, hashes
}

// Each calls fn for every value of the current generations, for tests.
func (c *Cache[V]) Each(space int, fn func(text string, v V)) {
	for i := range c.shards {
		s := &c.shards[i]
		s.mu.Lock()
		for k, v := range s.cur[space] {
			fn(k, v)
		}
		s.mu.Unlock()
	}
}

// sawBefore reports whether key was seen since the set was last cleared, and
// records it. The caller holds s.mu.
func (c *Cache[V]) sawBefore(s *shard[V], key uint64) bool {
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

// insert adds a value to the current generation, starting a new one when it
// is full. The caller holds s.mu.
func (c *Cache[V]) insert(s *shard[V], space int, key string, v V) {
	if s.cur[space] == nil || len(s.cur[space]) >= c.limit {
		s.old[space] = s.cur[space]
		s.cur[space] = make(map[string]V, min(c.limit, 64))
	}
	s.cur[space][key] = v
}
