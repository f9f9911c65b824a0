package banks

import (
	"fmt"
	"html"
	"io"
	"strings"
)

// The picture: one row per thread of the worst instruction, one column per
// bank; a cell is filled where the thread's access touches the bank, in the
// colour of its phase, and red where the bank holds more than one distinct
// word in that phase (a conflict). The number in a cell is the word's line,
// word / 32: cells of one bank and phase with different numbers are the
// distinct words that serialize.
const (
	cell   = 18
	left   = 40
	top    = 56
	legend = 44
)

var phaseFill = []string{"#cfe3f7", "#d5efd0", "#f7e7c4", "#e4d6f2"}

// WriteSVG draws the worst instruction of the report as a standalone SVG.
func (r *Report) WriteSVG(w io.Writer) error {
	var b strings.Builder
	r.svg(&b)
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteHTML writes a page with the picture and the text report.
func (r *Report) WriteHTML(w io.Writer) error {
	var b strings.Builder
	b.WriteString("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>cutec banks</title></head>\n<body>\n")
	r.svg(&b)
	var t strings.Builder
	_ = r.WriteText(&t)
	fmt.Fprintf(&b, "<pre>%s</pre>\n</body></html>\n", html.EscapeString(t.String()))
	_, err := io.WriteString(w, b.String())
	return err
}

func (r *Report) svg(b *strings.Builder) {
	var in Instruction
	if len(r.Instructions) > 0 {
		in = r.Instructions[r.Worst]
	}
	threads := 0
	for _, ph := range in.Phases {
		threads += len(ph.Requests)
	}
	width := left + NumBanks*cell + 10
	height := top + max(threads, 1)*cell + legend
	fmt.Fprintf(b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="monospace" font-size="10">`+"\n", width, height)
	fmt.Fprintf(b, `<rect width="%d" height="%d" fill="white"/>`+"\n", width, height)
	fmt.Fprintf(b, `<text x="4" y="14" font-size="12">%s</text>`+"\n", html.EscapeString(r.Tile+", "+r.Elem+", "+r.Access))
	fmt.Fprintf(b, `<text x="4" y="30" font-size="12">instruction %d: %s</text>`+"\n", in.Index, html.EscapeString(instructionVerdict(in)))
	for bank := 0; bank < NumBanks; bank++ {
		fmt.Fprintf(b, `<text x="%d" y="%d" text-anchor="middle">%d</text>`+"\n", left+bank*cell+cell/2, top-6, bank)
	}
	row := 0
	for p, ph := range in.Phases {
		conflicted := conflictedBanks(ph)
		for _, q := range ph.Requests {
			y := top + row*cell
			fmt.Fprintf(b, `<text x="%d" y="%d" text-anchor="end">t%d</text>`+"\n", left-4, y+cell-5, q.Thread)
			first := q.Byte / BankBytes
			for w := first; w < first+int64(q.Banks); w++ {
				bank := bankOf(w)
				fill := phaseFill[p%len(phaseFill)]
				if conflicted[bank] {
					fill = "#f08080"
				}
				x := left + bank*cell
				fmt.Fprintf(b, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s" stroke="#888" stroke-width="0.5"/>`+"\n", x, y, cell, cell, fill)
				fmt.Fprintf(b, `<text x="%d" y="%d" text-anchor="middle">%d</text>`+"\n", x+cell/2, y+cell-5, w/NumBanks)
			}
			row++
		}
		if p > 0 {
			y := top + (row-len(ph.Requests))*cell
			fmt.Fprintf(b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="black"/>`+"\n", left, y, left+NumBanks*cell, y)
		}
	}
	fmt.Fprintf(b, `<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="black"/>`+"\n", left, top, NumBanks*cell, max(threads, 1)*cell)
	y := top + max(threads, 1)*cell + 18
	fmt.Fprintf(b, `<text x="4" y="%d">rows: threads (lines between phases); columns: banks; number: word / 32</text>`+"\n", y)
	fmt.Fprintf(b, `<text x="4" y="%d">red: a bank holding two or more distinct words in one phase (a conflict)</text>`+"\n", y+14)
	b.WriteString("</svg>\n")
}

func instructionVerdict(in Instruction) string {
	if in.Degree <= 1 {
		return fmt.Sprintf("%s, %s (ideal %d), conflict-free", plural(len(in.Phases), "phase"), plural(in.Wavefronts, "wavefront"), in.Ideal)
	}
	return fmt.Sprintf("%s, %s (ideal %d), %d-way", plural(len(in.Phases), "phase"), plural(in.Wavefronts, "wavefront"), in.Ideal, in.Degree)
}

// conflictedBanks returns the banks of a phase that hold two or more
// distinct words.
func conflictedBanks(ph Phase) map[int]bool {
	words := map[int]map[int64]bool{}
	for _, q := range ph.Requests {
		first := q.Byte / BankBytes
		for w := first; w < first+int64(q.Banks); w++ {
			if words[bankOf(w)] == nil {
				words[bankOf(w)] = map[int64]bool{}
			}
			words[bankOf(w)][w] = true
		}
	}
	out := map[int]bool{}
	for b, ws := range words {
		out[b] = len(ws) > 1
	}
	return out
}
