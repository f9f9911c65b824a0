package banks

import "sort"

// Report is the analysis of one warp's access to a tile.
type Report struct {
	Tile      string `json:"tile"`
	Elem      string `json:"elem"`
	ElemBits  int    `json:"elem_bits"`
	Access    string `json:"access"`
	TV        string `json:"tv"`
	WidthBits int    `json:"width_bits"`
	// Op is the kind of instruction that serves the access (Op.String).
	Op           string        `json:"op"`
	Instructions []Instruction `json:"instructions"`
	// Degree is the worst conflict degree of any phase of any instruction:
	// 1 means conflict-free.
	Degree int `json:"degree"`
	// Worst is the index of the first instruction with that degree.
	Worst int `json:"worst"`
	// Wavefronts and Ideal are the sums over the instructions; Excess is
	// their difference, what Nsight Compute counts as bank conflicts
	// (l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld and _op_st).
	Wavefronts int `json:"wavefronts"`
	Ideal      int `json:"ideal"`
	Excess     int `json:"excess"`
}

// Instruction is one warp-wide instruction of the access.
type Instruction struct {
	Index      int     `json:"index"`
	Phases     []Phase `json:"phases"`
	Degree     int     `json:"degree"`
	Wavefronts int     `json:"wavefronts"`
	Ideal      int     `json:"ideal"`
	// Packed: a 64- or 128-bit load whose threads pair up on addresses,
	// served in half the phases.
	Packed bool `json:"packed,omitempty"`
}

// Phase is the threads of one instruction served together.
type Phase struct {
	Requests []Request `json:"requests"`
	// Words is the number of distinct 4-byte words the phase touches.
	Words int `json:"words"`
	// Degree is the largest number of distinct words in one bank (of
	// requests, when Apart); the phase takes that many wavefronts, but for a
	// cp.async.cg line, whose Degree is its Wavefronts.
	Degree int `json:"degree"`
	// Wavefronts is what the hardware takes to serve the phase.
	Wavefronts int `json:"wavefronts"`
	// Apart: every thread's request is served apart, identical words too
	// (cp.async.ca).
	Apart bool `json:"apart,omitempty"`
	// Line: the phase is a 128-byte line of a cp.async.cg write.
	Line bool `json:"line,omitempty"`
	// Split: the phase takes one wavefront more because the 128 bytes of
	// cp.async.ca data it ends write two lines in more than one run.
	Split bool `json:"split,omitempty"`
	// Bank is the first bank holding Degree distinct words.
	Bank int `json:"bank"`
	// BankWords are the distinct words of Bank, in increasing order.
	BankWords []int64 `json:"bank_words"`
}

// Request is one thread's access in a phase.
type Request struct {
	Thread int   `json:"thread"`
	Index  int64 `json:"index"`  // the tile index of its first element
	Offset int64 `json:"offset"` // its element offset
	Byte   int64 `json:"byte"`   // its byte address
	Bank   int   `json:"bank"`   // the bank of its first word
	Banks  int   `json:"banks"`  // how many banks it spans
}

// Analyze computes the phases, conflict degrees and wavefronts of an
// access of element type e to tile t, served as its instruction is (serve,
// model.go).
func Analyze(t Tile, e Elem, a Access) (*Report, error) {
	reqs, err := a.requests(t, e)
	if err != nil {
		return nil, err
	}
	r := &Report{Tile: t.String(), Elem: e.Name, ElemBits: e.Bits, Access: a.Label(), TV: a.TV.String(),
		WidthBits: a.WidthBits, Op: a.Op.String(), Instructions: make([]Instruction, len(reqs))}
	for k, thr := range reqs {
		in := Instruction{Index: k}
		in.Phases, in.Ideal, in.Packed = serve(a.Op, a.WidthBits, thr)
		for _, ph := range in.Phases {
			in.Wavefronts += ph.Wavefronts
			in.Degree = max(in.Degree, ph.Degree)
		}
		// A cp.async.cg write conflicts by the ratio of its wavefronts to
		// its ideal, one a 128 bytes written, however its lines share them.
		if a.Op == OpCpAsyncCG && in.Ideal > 0 {
			in.Degree = (in.Wavefronts + in.Ideal - 1) / in.Ideal
		}
		r.Instructions[k] = in
		r.Wavefronts += in.Wavefronts
		r.Ideal += in.Ideal
		if in.Degree > r.Degree {
			r.Degree, r.Worst = in.Degree, k
		}
	}
	r.Excess = r.Wavefronts - r.Ideal
	return r, nil
}

// phaseOf counts the words per bank of the requests of one phase: distinct
// words (threads touching the same word share it), or, when apart, every
// thread's words (cp.async.ca writes the same word once per thread).
func phaseOf(reqs []request, wordsPer int64, apart bool) Phase {
	ph := Phase{Requests: make([]Request, len(reqs)), Apart: apart}
	// The words of each bank, distinct, and each bank's count: at most 32
	// threads of 4 words a phase, so a linear scan of a bank's words is
	// cheaper than a map.
	var words [NumBanks][]int64
	var count [NumBanks]int
	for i, q := range reqs {
		first := q.bit / bankBits
		ph.Requests[i] = Request{Thread: q.thread, Index: q.index, Offset: q.offset, Byte: q.bit / 8,
			Bank: bankOf(first), Banks: int(wordsPer)}
		for w := first; w < first+wordsPer; w++ {
			b := bankOf(w)
			seen := false
			for _, x := range words[b] {
				if x == w {
					seen = true
					break
				}
			}
			if !seen {
				words[b] = append(words[b], w)
				ph.Words++
			}
			if apart || !seen {
				count[b]++
			}
		}
	}
	ph.Bank = -1
	for b := 0; b < NumBanks; b++ {
		if n := count[b]; n > ph.Degree {
			ph.Degree, ph.Bank = n, b
		}
	}
	if ph.Bank >= 0 {
		ph.BankWords = words[ph.Bank]
		sort.Slice(ph.BankWords, func(i, j int) bool { return ph.BankWords[i] < ph.BankWords[j] })
	}
	ph.Wavefronts = ph.Degree
	return ph
}
