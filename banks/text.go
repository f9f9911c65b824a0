package banks

import (
	"fmt"
	"io"
	"strings"
)

// Summary returns the one-line verdict of a report, with its numbers.
func (r *Report) Summary() string {
	n := len(r.Instructions)
	if r.Degree <= 1 {
		return fmt.Sprintf("conflict-free: %s for %s, the ideal", plural(r.Wavefronts, "wavefront"), plural(n, "instruction"))
	}
	return fmt.Sprintf("%d-way bank conflicts: %s for %s, ideal %d, %d in excess (%.2fx)",
		r.Degree, plural(r.Wavefronts, "wavefront"), plural(n, "instruction"), r.Ideal, r.Wavefronts-r.Ideal,
		float64(r.Wavefronts)/float64(r.Ideal))
}

// Evidence returns the proof of the worst conflict: the instruction, phase,
// bank, its distinct words and the threads that touch them.
func (r *Report) Evidence() string {
	if r.Degree <= 1 || len(r.Instructions) == 0 {
		return ""
	}
	in := r.Instructions[r.Worst]
	return fmt.Sprintf("instruction %d, %s", in.Index, worstPhase(in))
}

func threadRange(ph Phase) string {
	if len(ph.Requests) == 0 {
		return "none"
	}
	return fmt.Sprintf("%d-%d", ph.Requests[0].Thread, ph.Requests[len(ph.Requests)-1].Thread)
}

// maxListedWords bounds the words a line of evidence lists.
const maxListedWords = 4

// bankThreads lists, for the worst bank of a phase, each word and the
// threads that touch it: "word 0: t0; word 32: t1".
func bankThreads(ph Phase) string {
	var parts []string
	for i, w := range ph.BankWords {
		if i == maxListedWords {
			parts = append(parts, fmt.Sprintf("%d more", len(ph.BankWords)-i))
			break
		}
		var ts []string
		for _, q := range ph.Requests {
			first := q.Byte / BankBytes
			if w >= first && w < first+int64(q.Banks) {
				ts = append(ts, fmt.Sprintf("t%d", q.Thread))
			}
		}
		parts = append(parts, fmt.Sprintf("word %d: %s", w, strings.Join(ts, " ")))
	}
	return strings.Join(parts, "; ")
}

// WriteText writes the report as text: the inputs, one line per
// instruction, the proof of each conflicting phase, and the summary.
func (r *Report) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "tile:    %s\n", r.Tile)
	fmt.Fprintf(&b, "element: %s, %d bits\n", r.Elem, r.ElemBits)
	fmt.Fprintf(&b, "access:  %s, %d bits a thread, %s\n", r.Access, r.WidthBits, r.phasesOf())
	fmt.Fprintf(&b, "tv:      %s\n", r.TV)
	for _, in := range r.Instructions {
		verdict := "conflict-free"
		if in.Degree > 1 {
			verdict = fmt.Sprintf("%d-way", in.Degree)
		}
		fmt.Fprintf(&b, "instruction %d: %s%s, %s (ideal %d), %s\n",
			in.Index, plural(len(in.Phases), "phase"), packedNote(in), plural(in.Wavefronts, "wavefront"), in.Ideal, verdict)
		for p, ph := range in.Phases {
			if ph.Wavefronts > 1 {
				fmt.Fprintf(&b, "  %s\n", phaseProof(p, ph))
			}
		}
	}
	fmt.Fprintf(&b, "summary: %s\n", r.Summary())
	_, err := io.WriteString(w, b.String())
	return err
}

// plural returns "1 phase" or "n phases".
func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}
