package lsp

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/internal/mlirscan"
	"github.com/cutec/cutec/normalize"
	"github.com/cutec/cutec/verify"
)

// Most ops of the dialect are read on their own line, with the rest of the
// line's payloads (mlirLine). Two forms need the lines around them, which
// lint, checking a chunk of many lines at once, has: make_layout and
// make_composed_layout printed with their result type only, whose operands'
// types are on the lines above that define them, and ops whose types are
// written on the lines below (verify.OpContext). The server checks such an
// op in a window of those lines (opWindow) and checks it again when a line
// of that window changes (markOpContext).

// The lines above an op that its window holds are those the op checker
// looks back at: the verify.MLIRLookback bytes above the op's line, as lint
// has them whatever chunk or piece the op falls in (lint hands each chunk
// the text above it), so the server and lint report the same. The checker
// itself stops at the line that opens the op's function (verify.FuncStart).
// A keystroke re-checks the ops whose windows hold the edited line.
const maxOpBelow = 4 // the lines an op's types may take below it, as the op checker reads them

// opContext flags of a line (document.opCtx).
const (
	ctxAbove uint8 = 1 << iota // the op reads the lines above
	ctxBelow                   // the op reads the lines below
)

const opMarker = mlirscan.OpMarker

// lineOpContext returns the opContext flags of a line.
func lineOpContext(line string) uint8 {
	if !strings.Contains(line, opMarker) {
		return 0
	}
	above, below := verify.OpContext([]byte(lineContent(line)))
	var f uint8
	if above {
		f |= ctxAbove
	}
	if below {
		f |= ctxBelow
	}
	return f
}

// opWindow returns the window in which the op checker reads the op on line
// i of an MLIR document and the offset of the op's name in it (false when
// the line has no op): the lines above within verify.MLIRLookback bytes
// (the last of them may start further up; the checker reads the last
// verify.MLIRLookback bytes, as lint does), the line, and the maxOpBelow
// lines below. The window's lines
// are numbered so that line i is line 1, as in a window of the line alone,
// so its diagnostics move with the line's.
//
// The window's text is appended to buf[:0] (scratch space, reused from op
// to op).
func (d *document) opWindow(i int, buf []byte) (*diag.File, int, bool) {
	k, ok := mlirscan.OpIn([]byte(d.lines[i])) // the op the checker reads: none in a comment
	if !ok {
		return nil, 0, false
	}
	first, size := i, 0
	for first > 0 && size < verify.MLIRLookback {
		size += len(d.lines[first-1]) + 1
		first--
	}
	last := min(i+maxOpBelow, len(d.lines)-1)
	n := size
	for j := i; j <= last; j++ {
		n += len(d.lines[j]) + 1
	}
	text := slices.Grow(buf[:0], n)
	for j := first; j <= last; j++ {
		if j > first {
			text = append(text, '\n')
		}
		text = append(text, d.lines[j]...)
	}
	f := diag.NewWindow(d.name, text, 0, 1-(i-first), 1)
	return f, size + k, true
}

// checkOpInContext returns E0605 for the op on line i, read in its window,
// or nil. The window is built in the checker's scratch space; a diagnostic
// gets a copy of it.
func (c *checker) checkOpInContext(d *document, i int) *diag.Diagnostic {
	f, at, ok := d.opWindow(i, c.window)
	if !ok {
		return nil
	}
	c.window = f.Src[:0]
	x := c.mlir.OpAt(f, at, d.aliasesAt(i)).Diagnostic
	if x != nil && x.File == f {
		x.File = diag.NewWindow(f.Name, bytes.Clone(f.Src), f.Base, f.BaseLine, f.BaseCol)
	}
	return x
}

// markOpContext marks dirty each line whose op reads a dirty line: one
// with ctxAbove whose window (opWindow) holds a dirty line above it, and
// one with ctxBelow above a dirty line (within maxOpBelow lines). It
// returns the number of lines it marked. The flags are those of the last
// check; a line whose flags changed is dirty itself.
func (d *document) markOpContext() int {
	marked := 0
	dirtyAbove, since := false, 0 // a dirty line above, and the bytes of the lines after it
	for i, dirty := range d.dirty {
		if dirty {
			dirtyAbove, since = true, 0
			continue
		}
		if d.opCtx[i]&ctxAbove != 0 && dirtyAbove && since < verify.MLIRLookback {
			d.dirty[i] = true
			marked++
		}
		since += len(d.lines[i]) + 1
	}
	nextDirty := 1 << 30
	for i := len(d.dirty) - 1; i >= 0; i-- {
		if d.dirty[i] {
			nextDirty = i
			continue
		}
		if d.opCtx[i]&ctxBelow != 0 && nextDirty-i <= maxOpBelow {
			d.dirty[i] = true
			marked++
		}
	}
	return marked
}

// hoverOp describes the op of an MLIR line, or of the op whose types a
// line continues (`: (T1, T2)`, `-> R` below it): the result type cutec
// derives from its operand types, read in the op's window as its
// diagnostics are (checkOpInContext), whether it agrees with the stated
// one, or why the op is not checked. The range is the op's name.
func (d *document) hoverOp(line int, c *checker) (string, *Range) {
	i := line
	for i > 0 && line-i < maxOpBelow && verify.ContinuesOp([]byte(d.lines[i])) {
		i--
	}
	f, at, ok := d.opWindow(i, nil)
	if !ok {
		return "", nil
	}
	t := c.mlir.OpAt(f, at, d.aliasesAt(i))
	var b strings.Builder
	fmt.Fprintf(&b, "**cute.%s**", t.Name)
	if doc, ok := normalize.OperationDoc(t.Name); ok {
		fmt.Fprintf(&b, ": %s", doc)
	}
	b.WriteString("\n\n")
	if t.Derived != "" {
		fmt.Fprintf(&b, "result type cutec derives from the operand types:\n\n```mlir\n%s\n```\n\n", t.Derived)
	}
	switch {
	case t.Agrees:
		fmt.Fprintf(&b, "agrees with the stated result type `%s`\n", t.Stated)
	case t.Diagnostic != nil:
		fmt.Fprintf(&b, "differs from the stated result type `%s` (%s)\n", t.Stated, t.Diagnostic.Code)
	default:
		fmt.Fprintf(&b, "not checked: %s\n", t.Skipped)
	}
	// The window's line 1 is line i of the document; the name follows
	// `= cute.` on it.
	k, _ := mlirscan.OpIn([]byte(d.lines[i])) // opWindow found it
	k -= len("cute.")
	r := Range{Start: d.position(i, k), End: d.position(i, k+len("cute.")+len(t.Name))}
	return b.String(), &r
}
