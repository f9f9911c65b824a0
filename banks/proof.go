package banks

import "fmt"

// phasesOf says how the report's instruction forms its phases.
func (r *Report) phasesOf() string {
	switch r.Op {
	case OpCpAsyncCA.String():
		return fmt.Sprintf("phases of %d threads, each thread's write apart", cpAsyncPhaseThreads)
	case OpCpAsyncCG.String():
		return fmt.Sprintf("a phase per %d threads and %d-byte line written", cpAsyncPhaseThreads, lineBytes)
	}
	return fmt.Sprintf("phases of %d threads", PhaseThreads(r.WidthBits))
}

// worstPhase returns the proof of the phase that takes the most wavefronts
// of an instruction, the first of equals.
func worstPhase(in Instruction) string {
	best := -1
	for p, ph := range in.Phases {
		if best < 0 || ph.Wavefronts > in.Phases[best].Wavefronts {
			best = p
		}
	}
	if best < 0 {
		return "no phase"
	}
	return phaseProof(best, in.Phases[best])
}

// phaseProof says why phase p takes its wavefronts: the bank, its words
// and the threads that touch them, or for a cp.async.cg line its chunks.
func phaseProof(p int, ph Phase) string {
	if ph.Line && len(ph.Requests) > 0 {
		first := ph.Requests[0].Byte / lineBytes * lineBytes
		return fmt.Sprintf("phase %d (threads %s): the line of bytes %d-%d takes %d wavefronts for its 16-byte chunks (%d threads): one for the whole 32-byte sectors, one for each other set of chunks of one thread parity and one shift",
			p, threadRange(ph), first, first+lineBytes-1, ph.Wavefronts, len(ph.Requests))
	}
	if ph.Split {
		return fmt.Sprintf("phase %d (threads %s): one wavefront more: the 128 bytes of copies it ends write two 128-byte lines, not in one run",
			p, threadRange(ph))
	}
	if ph.Apart {
		return fmt.Sprintf("phase %d (threads %s): bank %d takes %d writes, identical words not merged (%s)",
			p, threadRange(ph), ph.Bank, ph.Degree, bankThreads(ph))
	}
	return fmt.Sprintf("phase %d (threads %s): bank %d holds %d distinct words (%s)",
		p, threadRange(ph), ph.Bank, ph.Degree, bankThreads(ph))
}

// packedNote marks the phases of a packed load.
func packedNote(in Instruction) string {
	if in.Packed {
		return " (packed: threads pair up on addresses)"
	}
	return ""
}
