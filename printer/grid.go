package printer

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/cutec/cutec/layout"
)

// MaxRows and MaxCols bound the table a [Grid] draws; a larger layout is
// refused with [ErrTooLarge] before anything is evaluated.
const (
	MaxRows = 256
	MaxCols = 256
)

// MaxCellBytes bounds the text of one cell and MaxGridBytes the text of all
// cells together, so that the output of a drawing is bounded whatever one
// cell holds: a layout with a basis stride 1@65535 has a coordinate of
// 65536 elements in every cell. A cell is evaluated, counted and measured
// one at a time, and the first one over a bound stops the drawing with
// [ErrTooLarge] before the next is evaluated.
const (
	MaxCellBytes = 256
	MaxGridBytes = 4 << 20
)

var (
	// ErrTooLarge is wrapped by the error of a grid beyond MaxRows x MaxCols.
	ErrTooLarge = errors.New("layout too large to draw")
	// ErrDynamic is wrapped by the error of a layout with a dynamic leaf,
	// whose offsets are known only at run time.
	ErrDynamic = errors.New("a dynamic leaf cannot be drawn")
)

// Grid is a layout evaluated as a table of offsets, the way CuTe's
// print_layout draws it. For a layout of rank 2 or more, row m and column n
// hold the offset at the integral index m + Rows*n: mode 0 gives the rows
// (row m is the integral coordinate m into mode 0, a hierarchical mode
// flattened colexicographically) and the remaining modes together give the
// columns. A layout of rank 0 or 1 is one row.
type Grid struct {
	Title      string // canonical text of the layout drawn
	Rows, Cols int

	cells      []layout.IntTuple // row-major
	minWidth   int               // CuTe's cell width: digits of the cosize, for integral layouts
	column     bool              // a layout of rank 0 or 1: print_latex draws it as one column
	latexTitle string            // the layout as print_latex prints it (latexAppend)
}

// At returns the offset in row m and column n: an integer, or a coordinate
// such as (1,3) for a layout with basis strides.
func (g *Grid) At(m, n int) layout.IntTuple { return g.cells[m*g.Cols+n] }

// LayoutGrid evaluates l into a grid. It fails with [ErrDynamic] for a
// dynamic leaf, with [ErrTooLarge] beyond MaxRows x MaxCols, and with the
// layout package's error when an offset cannot be computed.
func LayoutGrid(l layout.Layout) (*Grid, error) {
	if hasDynamic(l.Shape()) || hasDynamic(l.Stride()) {
		return nil, fmt.Errorf("cannot draw %s: %w", l, ErrDynamic)
	}
	g, err := newGrid(l.String(), l.Shape(), l.Eval)
	if err != nil {
		return nil, err
	}
	g.latexTitle = latexAppend(l).String()
	if isIntegral(g.cells) {
		if cos, err := l.Cosize(); err == nil {
			g.minWidth = len(strconv.FormatInt(cos, 10))
		}
	}
	return g, nil
}

// ComposedGrid evaluates a composed layout into a grid of its final offsets:
// a swizzled layout `S<3,4,3> o 0 o (8,64):(64,1)` is drawn with its
// swizzled offsets. Errors are those of [LayoutGrid].
func ComposedGrid(c layout.ComposedLayout) (*Grid, error) {
	if hasDynamic(c.Inner.Shape()) || hasDynamic(c.Inner.Stride()) || hasDynamic(c.Offset) {
		return nil, fmt.Errorf("cannot draw %s: %w", c, ErrDynamic)
	}
	if l, ok := c.Outer.(layout.Layout); ok && (hasDynamic(l.Shape()) || hasDynamic(l.Stride())) {
		return nil, fmt.Errorf("cannot draw %s: %w", c, ErrDynamic)
	}
	g, err := newGrid(c.String(), c.Inner.Shape(), c.Eval)
	if err != nil {
		return nil, err
	}
	a := c
	a.Inner = latexAppend(c.Inner)
	g.latexTitle = a.String()
	return g, nil
}

// newGrid sizes the table of a layout of the given shape and fills it with
// eval at each integral index.
func newGrid(title string, shape layout.IntTuple, eval func(layout.IntTuple) (layout.IntTuple, error)) (*Grid, error) {
	rows, cols, err := gridSize(shape)
	if err != nil {
		return nil, fmt.Errorf("cannot draw %s: %w", title, err)
	}
	if rows > MaxRows || cols > MaxCols {
		return nil, fmt.Errorf("cannot draw %s: it is %d by %d (rows by columns), and at most %d by %d is drawn: %w",
			title, rows, cols, MaxRows, MaxCols, ErrTooLarge)
	}
	g := &Grid{Title: title, Rows: int(rows), Cols: int(cols), cells: make([]layout.IntTuple, rows*cols), column: shape.Rank() < 2}
	text := 0 // the bytes of the cells so far
	for m := range g.Rows {
		for n := range g.Cols {
			v, err := eval(layout.Int(int64(m + g.Rows*n)))
			if err != nil {
				return nil, fmt.Errorf("cannot draw %s: %w", title, err)
			}
			// A node takes at least one byte of text: count before printing.
			if k := v.Nodes(MaxCellBytes); k > MaxCellBytes {
				return nil, fmt.Errorf("cannot draw %s: the cell at row %d, column %d holds more than %d nodes, and a cell is at most %d bytes of text: %w",
					title, m, n, MaxCellBytes, MaxCellBytes, ErrTooLarge)
			}
			if k := len(v.String()); k > MaxCellBytes {
				return nil, fmt.Errorf("cannot draw %s: the cell at row %d, column %d is %d bytes of text, more than %d: %w",
					title, m, n, k, MaxCellBytes, ErrTooLarge)
			} else if text += k; text > MaxGridBytes {
				return nil, fmt.Errorf("cannot draw %s: its cells are more than %d bytes of text: %w", title, MaxGridBytes, ErrTooLarge)
			}
			g.cells[m*g.Cols+n] = v
		}
	}
	return g, nil
}

// gridSize returns the number of rows and columns of a shape's table.
func gridSize(shape layout.IntTuple) (rows, cols int64, err error) {
	size, err := layout.Size(shape)
	if err != nil {
		return 0, 0, err
	}
	if shape.Rank() < 2 {
		return 1, size, nil
	}
	rows, err = layout.Size(shape.At(0))
	if err != nil || rows <= 0 {
		return rows, 0, err
	}
	return rows, size / rows, nil
}

// hasDynamic reports whether t has a dynamic leaf.
func hasDynamic(t layout.IntTuple) bool {
	switch t.Kind() {
	case layout.KindDynamic:
		return true
	case layout.KindTuple:
		for i := range t.Len() {
			if hasDynamic(t.At(i)) {
				return true
			}
		}
	}
	return false
}

// isIntegral reports whether every cell is an integer.
func isIntegral(cells []layout.IntTuple) bool {
	for _, c := range cells {
		if !c.IsInt() {
			return false
		}
	}
	return true
}
