package banks

import "sort"

// Report is the analysis of one warp's access to a tile.
type Report struct {
	Tile         string        `json:"tile"`
	Elem         string        `json:"elem"`
	ElemBits     int           `json:"elem_bits"`
	Access       string        `json:"access"`
	TV           string        `json:"tv"`
	WidthBits    int           `json:"width_bits"`
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
}

// Phase is the threads of one instruction served together.
type Phase struct {
	Requests []Request `json:"requests"`
	// Words is the number of distinct 4-byte words the phase touches.
	Words int `json:"words"`
	// Degree is the largest number of distinct words in one bank; the phase
	// takes that many wavefronts.
	Degree int `json:"degree"`
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
// access of element type e to tile t.
func Analyze(t Tile, e Elem, a Access) (*Report, error) {
	reqs, err := a.requests(t, e)
	if err != nil {
		return nil, err
	}
	r := &Report{Tile: t.String(), Elem: e.Name, ElemBits: e.Bits, Access: a.Label(), TV: a.TV.String(),
		WidthBits: a.WidthBits, Instructions: make([]Instruction, len(reqs))}
	per := PhaseThreads(a.WidthBits)
	wordsPer := int64(max(1, a.WidthBits/bankBits))
	for k, thr := range reqs {
		in := Instruction{Index: k}
		// Phases group the threads by number: threads p*per .. p*per+per-1.
		for start := 0; start < len(thr); {
			p := thr[start].thread / per
			end := start
			for end < len(thr) && thr[end].thread/per == p {
				end++
			}
			ph := phaseOf(thr[start:end], wordsPer)
			in.Phases = append(in.Phases, ph)
			in.Wavefronts += ph.Degree
			in.Ideal++
			in.Degree = max(in.Degree, ph.Degree)
			start = end
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

// phaseOf counts the distinct words per bank of the requests of one phase.
func phaseOf(reqs []request, wordsPer int64) Phase {
	ph := Phase{Requests: make([]Request, len(reqs))}
	byBank := map[int]map[int64]bool{}
	for i, q := range reqs {
		first := q.bit / bankBits
		ph.Requests[i] = Request{Thread: q.thread, Index: q.index, Offset: q.offset, Byte: q.bit / 8,
			Bank: bankOf(first), Banks: int(wordsPer)}
		for w := first; w < first+wordsPer; w++ {
			b := bankOf(w)
			if byBank[b] == nil {
				byBank[b] = map[int64]bool{}
			}
			if !byBank[b][w] {
				byBank[b][w] = true
				ph.Words++
			}
		}
	}
	ph.Bank = -1
	for b := 0; b < NumBanks; b++ {
		if n := len(byBank[b]); n > ph.Degree {
			ph.Degree, ph.Bank = n, b
		}
	}
	if ph.Bank >= 0 {
		for w := range byBank[ph.Bank] {
			ph.BankWords = append(ph.BankWords, w)
		}
		sort.Slice(ph.BankWords, func(i, j int) bool { return ph.BankWords[i] < ph.BankWords[j] })
	}
	return ph
}
