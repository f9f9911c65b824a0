package normalize

import (
	"hash/maphash"
	"strings"
)

// names is the table of the bindings of an Env, built for files of
// millions of names, each defined once and looked up by the bytes of a
// line.
//
// A binding is a record appended to an arena of large byte chunks: its
// name, then its data (see Env.bind). The arena holds no pointers, so the
// collector never scans it, and a binding takes no allocation of its own.
// The index maps a 64-bit hash of a name (hash/maphash, seeded afresh for
// each table, so no input can aim at a collision) to the record of the
// first name with that hash. Its keys and values are integers: when the
// map grows it rehashes integers in place, where a map keyed by strings
// would read every name again through its pointer (on a file of many
// names, a cache miss each, most of the cost of a definition). The rare
// names whose hash another name took first are kept in clash by their
// text, and found there.
type names struct {
	seed   maphash.Seed
	mask   uint64         // the bits of a hash kept: all but in a test of clashes
	index  map[uint64]ref // hash of a name -> the first record of a name with it
	clash  map[string]ref // names whose hash a different name took first
	chunks [][]byte       // the records, one after another
	count  int            // the records
}

// ref is the place of a record: its chunk in the high 32 bits, its offset
// in the low ones.
type ref uint64

// chunkSize is the size of a chunk of records; a record larger than that
// (a line that long) gets a chunk of its own.
const chunkSize = 256 << 10

func newNames() names {
	return names{seed: maphash.MakeSeed(), mask: ^uint64(0), index: map[uint64]ref{}}
}

// find returns the record of name.
func (t *names) find(name string) (ref, bool) {
	r, ok, _ := t.lookup(name)
	return r, ok
}

// slot is where a name that is not bound goes: its hash, and whether a
// different name took the hash first.
type slot struct {
	hash  uint64
	taken bool
}

// lookup returns the record of name, or, when it is not bound, the slot
// that commit binds it at.
func (t *names) lookup(name string) (ref, bool, slot) {
	h := maphash.String(t.seed, name) & t.mask
	r, taken := t.index[h]
	if !taken {
		return 0, false, slot{hash: h}
	}
	if string(t.name(r)) == name {
		return r, true, slot{}
	}
	r, ok := t.clash[name]
	return r, ok, slot{hash: h, taken: true}
}

// add returns a buffer to append the record of name, which is not bound,
// to: the record's name is written, the caller appends its data, at most
// room bytes, and passes the buffer to commit.
func (t *names) add(name string, room int) []byte {
	need := 2*maxVarintLen + len(name) + room
	last := len(t.chunks) - 1
	if last < 0 || cap(t.chunks[last])-len(t.chunks[last]) < need {
		t.chunks = append(t.chunks, make([]byte, 0, max(chunkSize, need)))
		last++
	}
	buf := appendUvarint(t.chunks[last], uint64(len(name)))
	return append(buf, name...)
}

// commit binds name, at the slot lookup gave, to the record add began and
// the caller completed in buf.
func (t *names) commit(name string, at slot, buf []byte) ref {
	last := len(t.chunks) - 1
	r := ref(uint64(last)<<32 | uint64(len(t.chunks[last])))
	t.chunks[last] = buf
	t.count++
	if !at.taken {
		t.index[at.hash] = r
		return r
	}
	if t.clash == nil {
		t.clash = map[string]ref{}
	}
	t.clash[strings.Clone(name)] = r
	return r
}

// record returns the bytes of the chunk of r from the record on.
func (t *names) record(r ref) []byte {
	c := t.chunks[r>>32]
	return c[uint32(r):len(c):len(c)]
}

// name returns the name of the record r.
func (t *names) name(r ref) []byte {
	b := t.record(r)
	n, k := uvarint(b)
	return b[k : k+int(n)]
}

// data returns the data of the record r, which runs to its end and past.
func (t *names) data(r ref) []byte {
	b := t.record(r)
	n, k := uvarint(b)
	return b[k+int(n):]
}

// each calls f with the name of every record, in the order of definition;
// end tells where a record's data ends (see Env.bind).
func (t *names) each(end func(data []byte) int, f func(name []byte)) {
	for _, c := range t.chunks {
		for k := 0; k < len(c); {
			n, w := uvarint(c[k:])
			f(c[k+w : k+w+int(n)])
			k += w + int(n)
			k += end(c[k:])
		}
	}
}

// maxVarintLen is the most bytes a varint of 64 bits takes.
const maxVarintLen = 10

func appendUvarint(b []byte, x uint64) []byte {
	for x >= 0x80 {
		b = append(b, byte(x)|0x80)
		x >>= 7
	}
	return append(b, byte(x))
}

// uvarint reads the varint at the start of b and returns it and its
// length.
func uvarint(b []byte) (uint64, int) {
	var x uint64
	var shift uint
	for i, c := range b {
		x |= uint64(c&0x7f) << shift
		if c < 0x80 {
			return x, i + 1
		}
		shift += 7
	}
	return x, len(b)
}
