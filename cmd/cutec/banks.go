package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/cutec/cutec/banks"
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/internal/suggest"
	"github.com/cutec/cutec/layout"
	"github.com/cutec/cutec/normalize"
)

// banksCommand is "cutec banks [flags] LAYOUT ELEM [ATOM]".
var banksCommand = &command{
	name:  "banks",
	args:  "[-format text|json|svg|html] [-suggest] [-byte-swizzle] [-stage N] [-tv TV [-width BITS] [-warp N] | -tiled TV -tiler TILER [-warp N]] LAYOUT ELEM [ATOM]",
	short: "count the shared-memory bank conflicts of an access to a layout",
	long: `Banks computes, exactly, the shared-memory bank conflicts of one warp's
access to a tile: LAYOUT is the shared-memory layout (an expression giving
a layout or a swizzled layout S<B,M,S> o off o L), ELEM the element type
(f16, bf16, f32, tf32, f64, i8, f8e4m3, f8e5m2, i32, half_t, ...), and the
access a named ATOM, a thread-value layout given with -tv performed by an
ATOM, or a thread-value layout with its width in bits given with -width (a
plain access, no instruction named).

An ATOM is one of ld.shared.b32/b64/b128, st.shared.b32/b64/b128,
cp.async.4/8/16, ldmatrix.x1/x2/x4 and stmatrix.x1/x2/x4 (each also
.trans), or CuTe's name of it (SM75_U32x4_LDSM_N, SM75_U16x8_LDSM_T,
SM90_U32x4_STSM_N, ...); "_" may stand for ".". It is placed on the tile
with its vectors along the tile's unit-stride mode; ldmatrix and stmatrix
take them down the rows first (8 threads, 8 rows of a matrix), the others
along the rows first, and each instruction takes the next vectors of the
tile. -tv gives any other access: a layout (thread, value) -> index of the
tile, whose value mode holds the values of one access contiguously
(docs/banks.md). With an ATOM, that instruction performs it (ld.shared and
ldmatrix of the same addresses are served differently; ldmatrix.x1 and .x2
read only the addresses of threads 0-7 and 0-15); with -width instead, it
is a plain access of that width. A TV layout of more than 32 threads is
split by warp: -warp picks the warp (default 0). A tiled copy's
layout_copy_tv indexes the tiler's tile, not LAYOUT: give it with -tiled.

-tiled and -tiler take a CuTe tiled copy of ATOM as CuTe DSL prints it in
!cute.tiled_copy<..., layout_copy_tv = <"TV">, tiler_mn = <"TILER">> (and
CuTe C++ holds in TiledCopy): the tiler cuts tiles out of LAYOUT, and each
thread reads, for its atom calls, the addresses CuTe's partition_S gives
it. -warp picks the warp (default 0). Every atom call of the warp over the
values and over every tile of LAYOUT is an instruction.

A LAYOUT of rank 3 is a staged buffer (rows, columns, stages): an ATOM
covers every stage, one after the other, and -stage N analyzes stage N
alone.

The model: 32 banks of 4 bytes; accesses of 32 bits or less are served in
one phase of 32 threads, 64-bit in two of 16, 128-bit (and ldmatrix,
stmatrix) in four of 8; threads touching the same word share it; a phase
takes as many wavefronts as the most distinct words in one bank. Measured
on an H200: a 64- or 128-bit ld.shared whose threads pair up on addresses
(t with t^1, or t with t^2) takes half the phases; cp.async.ca writes in
phases of 8 threads, each thread's write apart; cp.async.cg (cp.async.cg.16,
SM80_CP_ASYNC_CACHEGLOBAL) writes a 128-byte line at a time in aligned
blocks of 16-byte chunks. For each
instruction, banks prints its phases' wavefronts against the ideal (one a
phase) and the bank, words and threads of each conflict, then a summary.
-format json prints the whole analysis; -format svg and html draw the worst
instruction, threads by banks, conflicts in red.

The swizzle of LAYOUT acts on element offsets, as in the layout algebra's
composition, unless LAYOUT says otherwise: a GMMA atom as CuTe prints it,
S<3,4,3> o smem_ptr[16b](unset) o L, has its swizzle on the bytes of 16-bit
elements (ELEM must be 16 bits wide). -byte-swizzle reads the swizzle of a
layout written with an offset on bytes, as CuTe DSL applies the swizzle
printed in a shared-memory memref (S<3,4,3> on bytes is S<3,3,3> on f16
elements).

-suggest searches the swizzles S<B,M,S> that make the access conflict-free
on the tile's inner layout while keeping every vector whole and the tile's
footprint, smallest first (fewest bits, then lowest top bit), and prints
them with the analysis of the smallest; an access that is conflict-free
already gets no proposal.

Exit status: 0 when the access is conflict-free (with -suggest: also when a
conflict-free swizzle is found), 1 when it conflicts or an argument has an
error (E0908, E0909 and the errors of the expression), 2 on a usage error.`,
	setup: func(fs *flag.FlagSet) runFunc {
		o := &banker{}
		fs.StringVar(&o.format, "format", "text", "output format: text, json, svg or html")
		fs.BoolVar(&o.suggest, "suggest", false, "search the smallest conflict-free swizzles")
		fs.StringVar(&o.tv, "tv", "", "the access as a TV layout (thread, value) -> tile index")
		fs.IntVar(&o.width, "width", 0, "with -tv: the bits of one access of a thread (8, 16, 32, 64 or 128)")
		fs.StringVar(&o.copyTV, "tiled", "", "with ATOM: a tiled copy's layout_copy_tv (thread, value) -> index of the tiler's tile")
		fs.StringVar(&o.tiler, "tiler", "", "with -tiled: the tiled copy's tiler_mn, such as [32:1;16:1]")
		fs.IntVar(&o.warp, "warp", 0, "with -tiled or -tv: the warp to analyze")
		fs.IntVar(&o.stage, "stage", -1, "with a LAYOUT of rank 3 (a staged buffer): the stage to analyze (default: every stage)")
		fs.BoolVar(&o.byteSwizzle, "byte-swizzle", false, "the swizzle of LAYOUT acts on byte addresses (CuTe's smem_ptr_flag layouts, CuTe DSL memrefs)")
		return o.run
	},
	extra: writeAtoms,
}

// writeAtoms lists the atoms and element types after the flags of the help.
func writeAtoms(w io.Writer) {
	fmt.Fprintln(w, "\nAtoms (CuTe's names in parentheses):")
	for _, a := range banks.Atoms() {
		cute := ""
		if len(a.CuTe) > 0 {
			cute = " (" + strings.Join(a.CuTe, ", ") + ")"
		}
		fmt.Fprintf(w, "  %-18s %s%s\n", a.Name, a.Doc, cute)
	}
	fmt.Fprintf(w, "\nElement types: %s\n", strings.Join(banks.ElemNames(), " "))
}

// banker holds the flags of banks.
type banker struct {
	format  string
	suggest bool
	tv      string
	width   int
	// byteSwizzle: the swizzle of LAYOUT acts on byte addresses.
	byteSwizzle bool
	// copyTV, tiler, warp: the access is warp `warp` of a CuTe tiled copy.
	copyTV, tiler string
	warp          int
	// stage: the stage of a staged buffer, or -1 for every stage.
	stage int
}

var banksFormats = []string{"text", "json", "svg", "html"}

func (o *banker) run(e *env, args []string) int {
	if !contains(banksFormats, o.format) {
		msg := fmt.Sprintf("unknown format %q", o.format)
		if s := suggest.Closest(o.format, banksFormats); s != "" {
			msg += fmt.Sprintf("; did you mean %q?", s)
		}
		return usageError(e, "banks", "%s", msg)
	}
	if (o.copyTV == "") != (o.tiler == "") {
		return usageError(e, "banks", "-tiled and -tiler go together: a tiled copy's layout_copy_tv and tiler_mn")
	}
	if o.copyTV != "" && o.tv != "" {
		return usageError(e, "banks", "give -tv or -tiled, not both")
	}
	if o.copyTV == "" && o.tv == "" && o.warp != 0 {
		return usageError(e, "banks", "-warp goes with -tiled or -tv")
	}
	want := 3
	if o.tv != "" && o.width != 0 {
		want = 2
	} else if o.width != 0 {
		return usageError(e, "banks", "-width goes with -tv; an atom has its own width")
	}
	if len(args) != want {
		if want == 2 {
			return usageError(e, "banks", "with -tv and -width, banks takes LAYOUT ELEM (or drop -width and name the ATOM that performs the access), not %d arguments", len(args))
		}
		if o.tv != "" {
			return usageError(e, "banks", "with -tv, banks takes LAYOUT ELEM ATOM (the instruction that performs the access), or LAYOUT ELEM with -width for a plain access, not %d arguments", len(args))
		}
		return usageError(e, "banks", "banks takes LAYOUT ELEM ATOM (or LAYOUT ELEM with -tv and -width), not %d arguments", len(args))
	}
	tile, composedArg, ok := o.tile(e, args[0])
	if !ok {
		return exitFindings
	}
	elem, err := banks.LookupElem(args[1])
	if err != nil {
		return o.fail(e, err)
	}
	if composedArg.ElemBits > 0 {
		if err := banks.CheckElem(composedArg, elem); err != nil {
			return o.fail(e, err)
		}
		if o.byteSwizzle {
			return usageError(e, "banks", "-byte-swizzle reads the swizzle of a composed layout on bytes, and %s says so already", composedArg)
		}
	}
	if o.byteSwizzle {
		sw, err := banks.ElementSwizzle(tile.Swizzle, elem)
		if err != nil {
			return o.fail(e, err)
		}
		tile = tile.WithSwizzle(sw)
	}
	if o.stage >= 0 {
		if tile, err = tile.Stage(o.stage); err != nil {
			return o.fail(e, err)
		}
	}
	var acc banks.Access
	if o.tv != "" {
		tv, ok := evalLayoutArg(e, "-tv", o.tv)
		if !ok {
			return exitFindings
		}
		if o.width != 0 {
			acc, err = banks.NewAccess(tv, o.width)
		} else {
			var atom banks.Atom
			if atom, err = banks.LookupAtom(args[2]); err == nil {
				acc, err = atom.AccessTV(tv)
			}
		}
		if err == nil && (o.warp != 0 || acc.Warps() > 1) {
			acc, err = acc.InWarp(o.warp)
			if err == nil && o.warp == 0 {
				fmt.Fprintf(e.stderr, "note: the TV layout has %d warps; warp 0 is analyzed (-warp N for another). "+
					"A tiled copy's layout_copy_tv indexes the tiler's tile, not LAYOUT: give it with -tiled and -tiler.\n", acc.Warps())
			}
		}
	} else {
		var atom banks.Atom
		atom, err = banks.LookupAtom(args[2])
		switch {
		case err != nil:
		case o.copyTV != "":
			tv, ok := evalLayoutArg(e, "-tiled", o.copyTV)
			if !ok {
				return exitFindings
			}
			tiler, ok := evalTilerArg(e, o.tiler)
			if !ok {
				return exitFindings
			}
			acc, err = banks.TiledCopyAccess(atom, tv, tiler, o.warp)
		default:
			acc, err = atom.Access(tile, elem)
		}
	}
	if err != nil {
		return o.fail(e, err)
	}
	rep, err := banks.Analyze(tile, elem, acc)
	if err != nil {
		return o.fail(e, err)
	}
	var sug *suggestion
	if o.suggest && rep.Degree <= 1 {
		// Conflict-free already: nothing to propose.
		sug = &suggestion{AlreadyFree: true}
	} else if o.suggest {
		free, best, err := banks.Suggest(tile, elem, acc)
		if err != nil {
			return o.fail(e, err)
		}
		sug = &suggestion{Free: free, Best: best}
		if best.Text != "" {
			sug.Report, err = banks.Analyze(tile.WithSwizzle(best.Swizzle), elem, acc)
			if err != nil {
				return o.fail(e, err)
			}
		}
	}
	var out bytes.Buffer
	switch o.format {
	case "json":
		enc := json.NewEncoder(&out)
		err = enc.Encode(struct {
			*banks.Report
			Suggest *suggestion `json:"suggest,omitempty"`
		}{rep, sug})
	case "svg":
		err = o.picture(rep, sug).WriteSVG(&out)
	case "html":
		err = o.picture(rep, sug).WriteHTML(&out)
	default:
		err = rep.WriteText(&out)
		if err == nil && sug != nil {
			sug.writeText(&out)
		}
	}
	if err != nil {
		e.errorf("banks: %v", err)
		return exitUsage
	}
	e.stdout.Write(out.Bytes())
	if sug != nil {
		if sug.AlreadyFree || len(sug.Free) > 0 {
			return exitOK
		}
		return exitFindings
	}
	if rep.Degree > 1 {
		return exitFindings
	}
	return exitOK
}

// picture returns the report to draw: with -suggest, the suggested tile's.
func (o *banker) picture(rep *banks.Report, sug *suggestion) *banks.Report {
	if sug != nil && sug.Report != nil {
		return sug.Report
	}
	return rep
}

// suggestion is the result of -suggest.
type suggestion struct {
	// AlreadyFree: the access is conflict-free as it is, so no swizzle is
	// searched or proposed.
	AlreadyFree bool              `json:"already_conflict_free,omitempty"`
	Free        []banks.Candidate `json:"conflict_free"`
	Best        banks.Candidate   `json:"best"`
	Report      *banks.Report     `json:"report,omitempty"`
}

// maxListedSwizzles bounds the swizzles -suggest lists in text.
const maxListedSwizzles = 8

func (s *suggestion) writeText(out *bytes.Buffer) {
	if s.AlreadyFree {
		fmt.Fprintln(out, "suggest: none: the access is conflict-free as it is")
		return
	}
	if len(s.Free) == 0 {
		if s.Best.Text == "" {
			fmt.Fprintln(out, "suggest: no swizzle keeps the vectors whole and the footprint of the tile")
			return
		}
		fmt.Fprintf(out, "suggest: no swizzle is conflict-free; the best, %s, gives %d wavefronts (ideal %d), %d-way\n",
			s.Best.Text, s.Best.Wavefronts, s.Best.Ideal, s.Best.Degree)
		return
	}
	names := make([]string, 0, maxListedSwizzles)
	for i, c := range s.Free {
		if i == maxListedSwizzles {
			names = append(names, fmt.Sprintf("and %d more", len(s.Free)-i))
			break
		}
		names = append(names, c.Text)
	}
	fmt.Fprintf(out, "suggest: %s (conflict-free, smallest first: %s)\n", s.Report.Tile, strings.Join(names, ", "))
	fmt.Fprintf(out, "suggest: %s\n", s.Report.Summary())
}

// tile evaluates the LAYOUT argument to a tile; a composed layout is
// returned too, for the element width of a byte swizzle.
func (o *banker) tile(e *env, text string) (banks.Tile, layout.ComposedLayout, bool) {
	f := diag.NewFile(argName(0), []byte(text))
	v, diags := evalExpr(f)
	if diags.HasErrors() {
		diag.RenderAll(e.stderr, diag.Text{}, diags)
		return banks.Tile{}, layout.ComposedLayout{}, false
	}
	switch v := v.(type) {
	case normalize.Layout:
		return banks.TileOf(v.L), layout.ComposedLayout{}, true
	case normalize.Composed:
		t, err := banks.TileOfComposed(v.C)
		if err != nil {
			o.fail(e, err)
			return banks.Tile{}, layout.ComposedLayout{}, false
		}
		return t, v.C, true
	}
	e.errorf("banks: LAYOUT gives the %s %s; banks needs a layout or a swizzled layout", v.Kind(), v)
	return banks.Tile{}, layout.ComposedLayout{}, false
}

// evalLayoutArg evaluates the text of a flag to a layout.
func evalLayoutArg(e *env, flagName, text string) (layout.Layout, bool) {
	f := diag.NewFile(flagName, []byte(text))
	v, diags := evalExpr(f)
	if diags.HasErrors() {
		diag.RenderAll(e.stderr, diag.Text{}, diags)
		return layout.Layout{}, false
	}
	l, ok := v.(normalize.Layout)
	if !ok {
		e.errorf("banks: %s gives the %s %s, not a layout", flagName, v.Kind(), v)
		return layout.Layout{}, false
	}
	return l.L, true
}

// evalTilerArg evaluates the text of -tiler to a tiler: [T0;T1;...], a
// layout, an integer or a shape.
func evalTilerArg(e *env, text string) (layout.Tiler, bool) {
	f := diag.NewFile("-tiler", []byte(text))
	v, diags := evalExpr(f)
	if diags.HasErrors() {
		diag.RenderAll(e.stderr, diag.Text{}, diags)
		return layout.Tiler{}, false
	}
	var t layout.Tiler
	var err error
	switch v := v.(type) {
	case normalize.Tiler:
		return v.T, true
	case normalize.Layout:
		return layout.TileLayout(v.L), true
	case normalize.Int:
		return layout.TileInt(int64(v)), true
	case normalize.Tuple:
		t, err = layout.TilerOfShape(v.T)
		if err == nil {
			return t, true
		}
	}
	e.errorf("banks: -tiler gives the %s %s, not a tiler", v.Kind(), v)
	return layout.Tiler{}, false
}

// fail reports an error of the analysis with its code.
func (o *banker) fail(e *env, err error) int {
	var be *banks.Error
	if errors.As(err, &be) {
		fmt.Fprintf(e.stderr, "error[%s]: %s\n", be.Code, be.Msg)
	} else {
		e.errorf("banks: %v", err)
	}
	return exitFindings
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
