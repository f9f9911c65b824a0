package verify

import (
	"bytes"
	"fmt"

	"github.com/cutec/cutec/banks"
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/layout"
	"github.com/cutec/cutec/normalize"
)

// The bank check of IR: on a line
//
//	%p = cute.tiled.copy.partition_S(%copy, %smem, %coord) : (!copy_ldsm_4_, !memref_smem_f16_, !cute.coord<"?">) -> …
//
// the operand types state the whole access: the tiled copy's atom,
// layout_copy_tv and tiler_mn, and the shared-memory memref's element type,
// layout and swizzle. The check computes the bank conflicts of every warp of
// the tiled copy over every tile of the memref (banks.TiledCopyAccess) and
// reports W0901 at the memref's type when the worst warp conflicts, with the
// numbers. It is the check bank-conflicts, on by default (`cutec lint
// -disable bank-conflicts` turns it off). A swizzle inside the memref's
// layout payload acts on element offsets, one written as an item of the
// memref (the pointer's swizzle) on byte addresses (docs/banks.md, "The
// unit of a swizzle").

// maxBankWarps bounds the warps of a tiled copy the check analyzes: 32
// warps are the 1024 threads of the largest CUDA thread block.
const maxBankWarps = 32

// bankVerdict is the bank check's conclusion for one signature, cached by
// its text: the message of W0901, or "" when there is nothing to report.
type bankVerdict struct{ msg string }

// banksOn reports whether the pass runs the bank check (bank-conflicts,
// with W0901 not disabled).
func (p *Pass) banksOn() bool {
	if p.disable[diag.BankConflicts] {
		return false
	}
	for _, c := range p.checks {
		if c.Name == "bank-conflicts" {
			return true
		}
	}
	return false
}

// partitionOf returns 'S' or 'D' for the ops that partition a tensor with a
// tiled copy, 0 for any other op.
func partitionOf(name []byte) byte {
	switch string(name) {
	case "tiled.copy.partition_S":
		return 'S'
	case "tiled.copy.partition_D":
		return 'D'
	}
	return 0
}

// bankBudget returns the thread accesses the bank check may analyze in a
// window of n bytes of IR: enough for every shared-memory copy of real
// kernels, and bounded by the input's size, so that a hostile file of
// many distinct huge copies costs time linear in its length.
func bankBudget(n int) int { return 64*n + 1<<24 }

// checkCopy runs the bank check on the partition op read into op (its
// operand types are written on one line of f.Src) and returns W0901 or nil.
// budget is what is left of bankBudget; the accesses analyzed are taken
// from it, and once it is spent the partitions not seen before are passed
// over.
func (p *Pass) checkCopy(f *diag.File, op *opLine, aliases *Aliases, partition byte, budget *int) *diag.Diagnostic {
	if len(op.types) < 2 || len(op.literals) > 0 {
		return nil
	}
	tc, mem := op.types[0], op.types[1]
	at := cap(f.Src) - cap(mem)
	if at < 0 || at+len(mem) > len(f.Src) || !bytes.Equal(f.Src[at:at+len(mem)], mem) {
		return nil // not a slice of the file (an op joined from several lines)
	}
	c, ok := readIRCopy(partition, tc, mem, aliases)
	if !ok {
		return nil
	}
	key := fmt.Sprintf("%c\x00%s\x00%s\x00%s\x00%s\x00%s\x00%d\x00%s", partition, c.atom.Name, c.copyTV, c.tiler, c.elem.Name, c.layout, c.align, c.byteSw)
	v, cached, admit := p.bankCache.Get(0, []byte(key))
	if !cached {
		cv, ok := p.analyzeCopy(c, budget)
		if ok && cv.rep.Degree > 1 {
			v.msg = cv.message(c)
		}
		if admit && !cv.spent {
			p.bankCache.Put(0, key, v)
		}
	}
	if v.msg == "" {
		return nil
	}
	d := &diag.Diagnostic{Code: diag.BankConflicts, Severity: diag.Warning, File: f,
		Span: diag.Span{Start: at, End: at + len(mem)}, Message: "cute.tiled.copy.partition_" + string(partition) + ": " + v.msg}
	if info, ok := diag.Lookup(diag.BankConflicts); ok {
		d.Severity = info.Severity
	}
	return d
}

// copyVerdict is the analysis of a tiled copy on a memref: the report of
// its worst warp (the first with the highest degree), which warp that is,
// and how many warps the tiled copy has.
type copyVerdict struct {
	rep         *banks.Report
	tile        banks.Tile
	warp, warps int
	spent       bool // the budget ran out: no verdict
	// onBytes is set when the tile's swizzle comes from the layout payload
	// (element offsets) and conflicts, but the same S<B,M,S> read on byte
	// addresses would not: it is that swizzle recast to elements.
	onBytes *layout.Swizzle
}

// message returns W0901's message for a conflicting verdict.
func (v copyVerdict) message(c irCopy) string {
	dir := "from"
	if c.partition == 'D' {
		dir = "to"
	}
	msg := fmt.Sprintf("%s of %s %s %s, warp %d of %d (the worst): %s; %s",
		c.atom.Name, c.elem.Name, dir, v.tile, v.warp, v.warps, v.rep.Summary(), v.rep.Evidence())
	if v.onBytes != nil {
		msg += fmt.Sprintf("; %s in the layout acts on %s element offsets: on byte addresses, as a swizzle carried by the pointer acts, it would be %s on elements and conflict-free",
			v.tile.Swizzle, c.elem.Name, *v.onBytes)
	}
	return msg
}

// analyzeCopy analyzes every warp of the tiled copy on the memref's tile.
// ok is false when any fact does not evaluate exactly (a dynamic layout, a
// TV layout that does not divide into the atom, a vector that is not
// contiguous): then nothing is reported, never a guess.
func (p *Pass) analyzeCopy(c irCopy, budget *int) (copyVerdict, bool) {
	var v copyVerdict
	mv, ok := p.payloadValue(opArg{kind: "memref", payload: c.layout})
	if !ok {
		return v, false
	}
	var lv any
	switch m := mv.(type) {
	case normalize.Layout:
		lv = m.L
	case normalize.Composed:
		lv = m.C
	default:
		return v, false
	}
	if v.tile, ok = c.tile(lv); !ok {
		return v, false
	}
	tvv, ok := p.payloadValue(opArg{kind: "layout", payload: c.copyTV})
	tv, isLayout := tvv.(normalize.Layout)
	if !ok || !isLayout || tv.L.Rank() != 2 {
		return v, false
	}
	tlv, ok := p.payloadValue(opArg{kind: "tile", payload: c.tiler})
	tiler, isTiler := tlv.(normalize.Tiler)
	if !ok || !isTiler {
		return v, false
	}
	thr, err := tv.L.Mode(0)
	if err != nil {
		return v, false
	}
	threads, err := thr.Size()
	if err != nil || threads < 1 {
		return v, false
	}
	v.warps = int((threads + banks.WarpSize - 1) / banks.WarpSize)
	if v.warps > maxBankWarps {
		return v, false
	}
	acc := make([]banks.Access, v.warps)
	for w := range acc {
		if acc[w], err = banks.TiledCopyAccess(c.atom, tv.L, tiler.T, w); err != nil {
			return v, false
		}
	}
	if v.rep, v.warp, v.spent, ok = worstWarp(v.tile, c.elem, acc, budget); !ok {
		return v, false
	}
	if v.rep.Degree > 1 && c.byteSw == nil && !v.tile.Swizzle.IsIdentity() {
		// The payload's swizzle read on bytes instead (docs/banks.md, "The
		// unit of a swizzle"): the verdict stands, the message says so.
		if esw, err := banks.ElementSwizzle(v.tile.Swizzle, c.elem); err == nil && esw != v.tile.Swizzle {
			if r, _, spent, ok := worstWarp(v.tile.WithSwizzle(esw), c.elem, acc, budget); ok && r.Degree == 1 {
				v.onBytes = &esw
			} else if spent {
				v.spent = true
				return v, false
			}
		}
	}
	return v, true
}

// worstWarp analyzes the access of every warp on the tile and returns the
// report of the worst (the first of equals) and its index. Each analysis
// takes its accesses from budget; spent is set, and ok false, once the
// budget is gone before a warp.
func worstWarp(t banks.Tile, e banks.Elem, acc []banks.Access, budget *int) (rep *banks.Report, warp int, spent, ok bool) {
	for w, a := range acc {
		if *budget <= 0 {
			return nil, 0, true, false
		}
		r, err := banks.Analyze(t, e, a)
		if err != nil {
			return nil, 0, false, false
		}
		for _, in := range r.Instructions {
			for _, ph := range in.Phases {
				*budget -= len(ph.Requests)
			}
		}
		if rep == nil || r.Degree > rep.Degree {
			rep, warp = r, w
		}
	}
	return rep, warp, false, rep != nil
}
