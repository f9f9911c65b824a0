package banks

import (
	"sort"
	"strings"
)

// The parameters of the shared-memory model, in one place. docs/banks.md
// names the public sources: the CUDA C++ Programming Guide (shared memory:
// 32 banks, successive 32-bit words in successive banks, broadcast of a word
// read by several threads) and the PTX ISA (ldmatrix and stmatrix: each
// 8x8 matrix of 16-bit elements is 8 rows of 16 bytes whose addresses come
// from 8 threads).
const (
	// NumBanks is the number of shared-memory banks.
	NumBanks = 32
	// BankBytes is the width of a bank: successive 4-byte words sit in
	// successive banks.
	BankBytes = 4
	// WarpSize is the number of threads of a warp.
	WarpSize = 32
	// MaxWidthBits is the widest access a thread makes in one instruction.
	MaxWidthBits = 128
)

// bankBits is the width of a bank in bits.
const bankBits = 8 * BankBytes

// PhaseThreads returns how many consecutive threads of a warp form one
// phase of an access of widthBits bits a thread: all 32 for 32 bits or
// less, 16 for 64 bits, 8 for 128 bits (ldmatrix and stmatrix, whose threads
// each supply one 16-byte row address, are 128-bit accesses). A phase moves
// at most NumBanks words, so it is served in one wavefront when no bank
// holds two distinct words.
func PhaseThreads(widthBits int) int {
	switch {
	case widthBits <= bankBits:
		return WarpSize
	case widthBits <= 2*bankBits:
		return WarpSize / 2
	default:
		return WarpSize / 4
	}
}

// bankOf returns the bank of a 4-byte word index.
func bankOf(word int64) int { return int(word % NumBanks) }

// Op is the kind of instruction that performs an access, which decides how
// the hardware serves it (docs/banks.md, "The model", with the rules
// measured on an H200).
type Op int

const (
	// OpPlain is an access of a width with no instruction named (-tv with
	// -width): phases by width, distinct words in a bank serialize.
	OpPlain Op = iota
	// OpLoad is ld.shared: as OpPlain, but a 64- or 128-bit load whose
	// threads pair up on addresses is packed into half as many phases.
	OpLoad
	// OpStore is st.shared, served as OpPlain.
	OpStore
	// OpMatrix is ldmatrix and stmatrix: a phase per 8x8 matrix, each
	// thread of it one 16-byte row.
	OpMatrix
	// OpCpAsyncCA is the shared-memory write of cp.async.ca (4, 8 or 16
	// bytes): phases of 8 threads, every thread's request served apart.
	OpCpAsyncCA
	// OpCpAsyncCG is the shared-memory write of cp.async.cg (16 bytes):
	// the warp's 16-byte chunks, written a 128-byte line at a time in
	// naturally aligned blocks.
	OpCpAsyncCG
)

var opNames = map[Op]string{OpPlain: "plain", OpLoad: "ld.shared", OpStore: "st.shared", OpMatrix: "ldmatrix/stmatrix",
	OpCpAsyncCA: "cp.async.ca", OpCpAsyncCG: "cp.async.cg"}

// String returns the instruction kind's name.
func (o Op) String() string { return opNames[o] }

// opOf returns the instruction kind of an atom, from its canonical name.
func opOf(name string) Op {
	switch {
	case strings.HasPrefix(name, "ld.shared"):
		return OpLoad
	case strings.HasPrefix(name, "st.shared"):
		return OpStore
	case strings.HasPrefix(name, "ldmatrix"), strings.HasPrefix(name, "stmatrix"):
		return OpMatrix
	case strings.HasPrefix(name, "cp.async.cg"):
		return OpCpAsyncCG
	case strings.HasPrefix(name, "cp.async"):
		return OpCpAsyncCA
	}
	return OpPlain
}

// Phases of the instructions whose rules were measured on an H200
// (banks/testdata/h200, docs/banks.md).
const (
	// cpAsyncPhaseThreads is the threads of a phase of a cp.async.ca write:
	// 8, whatever the width (4 and 8 bytes measured; 16 inferred).
	cpAsyncPhaseThreads = 8
	// lineBytes is the shared-memory line a cp.async.cg wavefront writes.
	lineBytes = NumBanks * BankBytes
	// chunkBytes is the 16 bytes of one cp.async.cg request.
	chunkBytes = 16
)

// packedLoad reports whether a 64- or 128-bit ld.shared is packed: every
// thread t of the instruction has the address of thread t^1, or every
// thread t that of thread t^2 (the partner taking part too). The hardware
// then returns two threads' registers at once and serves the load in half
// as many phases (NVIDIA's rule for compute capability 7.x, in the forum
// thread "Unexpected shared memory bank conflict"; measured on the H200).
func packedLoad(reqs []request) bool {
	byThread := make(map[int]int64, len(reqs))
	for _, q := range reqs {
		byThread[q.thread] = q.bit
	}
	pairs := func(x int) bool {
		for _, q := range reqs {
			b, ok := byThread[q.thread^x]
			if !ok || b != q.bit {
				return false
			}
		}
		return true
	}
	return len(reqs) > 1 && (pairs(1) || pairs(2))
}

// serve splits one instruction's requests, in thread order, into the phases
// the hardware serves, each with its wavefronts, and returns them with the
// instruction's ideal wavefronts and whether it is a packed load.
func serve(op Op, widthBits int, reqs []request) (phases []Phase, ideal int, packed bool) {
	wordsPer := int64(max(1, widthBits/bankBits))
	switch op {
	case OpCpAsyncCG:
		phases, ideal = serveLines(reqs, widthBits)
		return phases, ideal, false
	case OpCpAsyncCA:
		phases = byThreads(reqs, cpAsyncPhaseThreads, func(r []request) Phase { return phaseOf(r, wordsPer, true) })
		splitLines(phases, widthBits)
		return phases, len(phases), false
	}
	per := PhaseThreads(widthBits)
	if op == OpLoad && widthBits > bankBits && packedLoad(reqs) {
		per, packed = 2*per, true
	}
	phases = byThreads(reqs, per, func(r []request) Phase { return phaseOf(r, wordsPer, false) })
	return phases, len(phases), packed
}

// byThreads groups requests by thread number: threads p*per .. p*per+per-1
// form phase p (phases with no request are left out).
func byThreads(reqs []request, per int, phase func([]request) Phase) []Phase {
	var out []Phase
	for start := 0; start < len(reqs); {
		p := reqs[start].thread / per
		end := start
		for end < len(reqs) && reqs[end].thread/per == p {
			end++
		}
		out = append(out, phase(reqs[start:end]))
		start = end
	}
	return out
}

// serveLines serves a cp.async.cg write, by the rule fitted to the 32
// cases measured on an H200 (docs/banks.md, "The instruction decides").
// The threads of a phase of 8 (thread 8p .. 8p+7) copy one 128-byte line of
// global memory, thread t its 16-byte chunk t mod 8, a pair of threads
// (t, t^1) one 32-byte sector. A chunk several threads write is written
// once, by the first of them. The phase's writes into one 128-byte line of
// shared memory take one wavefront for the sectors that land whole in one
// aligned 32-byte shared sector (in either order, wherever in the line),
// and one for each other set of chunks of the same thread parity and the
// same shift between global and shared offset: a tile whose rows begin 16
// bytes into a sector takes two wavefronts a line (even and odd threads),
// chunks 32 bytes apart one each. A phase of the result is one such
// (8 threads, line) pair. The ideal is one wavefront per 128 bytes written.
func serveLines(reqs []request, widthBits int) ([]Phase, int) {
	wordsPer := int64(max(1, widthBits/bankBits))
	owner := map[int64]int{} // chunk -> the first thread writing it
	at := map[int]int64{}    // thread -> its chunk, for the owners
	for _, q := range reqs {
		c := q.bit / 8 / chunkBytes
		t := q.thread % WarpSize
		if _, ok := owner[c]; !ok {
			owner[c] = t
			at[t] = c
		}
	}
	type key struct {
		phase int
		line  int64
	}
	const perLine = lineBytes / chunkBytes
	groups := map[key][]request{}
	kinds := map[key]map[[2]int64]bool{}
	for _, q := range reqs {
		c := q.bit / 8 / chunkBytes
		t := owner[c]
		k := key{t / cpAsyncPhaseThreads, c / perLine}
		groups[k] = append(groups[k], q)
		if t != q.thread%WarpSize {
			continue // a chunk another thread writes
		}
		kind := [2]int64{-1, 0} // whole sectors
		if p, ok := at[t^1]; !ok || p/2 != c/2 || p == c || (t^1)/cpAsyncPhaseThreads != t/cpAsyncPhaseThreads {
			kind = [2]int64{int64(t % 2), c - int64(t)}
		}
		if kinds[k] == nil {
			kinds[k] = map[[2]int64]bool{}
		}
		kinds[k][kind] = true
	}
	keys := make([]key, 0, len(groups))
	for k := range groups {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].phase != keys[j].phase {
			return keys[i].phase < keys[j].phase
		}
		return keys[i].line < keys[j].line
	})
	var phases []Phase
	for _, k := range keys {
		ph := phaseOf(groups[k], wordsPer, false)
		ph.Wavefronts = len(kinds[k])
		ph.Degree, ph.Line = ph.Wavefronts, true
		phases = append(phases, ph)
	}
	ideal := (len(owner) + perLine - 1) / perLine
	return phases, ideal
}

// splitLines adds the wavefront a cp.async.ca copy takes, measured on an
// H200 and fitted to its 66 cases of 4 and 8 bytes (the mechanism is not
// documented): each 128 bytes of the copy's data (the threads of 32 4-byte
// copies, 16 8-byte ones, 8 16-byte ones) whose phases are all
// conflict-free take one wavefront more when a 64-byte half of them writes
// into two 128-byte lines and the 128 bytes are not written as one
// contiguous run (padded or shifted rows). The wavefront is the last
// phase's of the 128 bytes, which is marked Split.
func splitLines(phases []Phase, widthBits int) {
	bytesPer := int64(widthBits / 8)
	unit := int(lineBytes / bytesPer) // threads a 128 bytes of data
	half := unit / 2
	for start := 0; start < len(phases); {
		u := phases[start].Requests[0].Thread / unit
		end := start
		free := true
		for end < len(phases) && phases[end].Requests[0].Thread/unit == u {
			free = free && phases[end].Wavefronts == 1
			end++
		}
		var words []int64
		crosses := map[int]map[int64]bool{} // half -> lines written
		for _, ph := range phases[start:end] {
			for _, q := range ph.Requests {
				h := q.Thread / half
				if crosses[h] == nil {
					crosses[h] = map[int64]bool{}
				}
				for b := q.Byte; b < q.Byte+bytesPer; b += BankBytes {
					words = append(words, b/BankBytes)
					crosses[h][b/lineBytes] = true
				}
			}
		}
		split := false
		for _, lines := range crosses {
			split = split || len(lines) > 1
		}
		if free && split && !contiguous(words) {
			last := &phases[end-1]
			last.Wavefronts++
			last.Degree = last.Wavefronts
			last.Split = true
		}
		start = end
	}
}

// contiguous reports whether the distinct words form one run.
func contiguous(words []int64) bool {
	if len(words) == 0 {
		return true
	}
	seen := make(map[int64]bool, len(words))
	lo, hi := words[0], words[0]
	for _, w := range words {
		seen[w] = true
		lo, hi = min(lo, w), max(hi, w)
	}
	return hi-lo+1 == int64(len(seen))
}
