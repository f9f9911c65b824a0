package gen

import (
	"io"
	"strconv"
)

// kernelsPerModule is the number of kernels in each generated module.
const kernelsPerModule = 16

// MLIR writes MLIR in the style CuTe DSL prints: modules of kernels
// (func.func with cute.kernel) whose bodies mix CuTe ops carrying
// `!cute.layout<"…">`, `!cute.shape<"…">`, `!cute.stride<"…">`,
// `!cute.coord<"…">`, `!cute.tile<"…">`, `!cute.composed_layout<"…">`,
// `#cute.stride<"…">` and `!cute.memref<…, "…">` types with arith, llvm and
// scf ops that carry none, and type aliases at the top of each module.
func MLIR(w io.Writer, opts Options) (Stats, error) {
	o := newOut(w, opts, "//")
	m := &mlirGen{out: o}
	for mod := 0; !o.full(); mod++ {
		if !m.module(mod) {
			break
		}
	}
	return o.finish()
}

// mlirGen is the state of one MLIR generation.
type mlirGen struct {
	*out
	ssa     int      // the next SSA value number of the kernel
	aliases []string // the memref type aliases of the module
}

// module writes one module; it returns false once a line did not fit.
func (m *mlirGen) module(mod int) bool {
	m.str("// cutecgen: module ")
	m.int(int64(mod))
	m.str(", kernels in the style of CuTe DSL's printed IR")
	if !m.emit() {
		return false
	}
	m.aliases = m.aliases[:0]
	for i := range 4 {
		elem := m.pick(poolElems)
		alias := "!memref_" + poolSpaces[i%3] + "_" + elem + "_" + strconv.Itoa(mod) + "_" + strconv.Itoa(i)
		m.aliases = append(m.aliases, alias)
		m.str(alias, " = !cute.memref<", elem, ", ", poolSpaces[i%3], ", align<16>, \"")
		m.layout()
		m.str("\">")
		if !m.emit() {
			return false
		}
	}
	m.str("module attributes {gpu.container_module} {")
	m.emit()
	m.str("  gpu.module @kernels_", strconv.Itoa(mod), " {")
	m.emit()
	for k := range kernelsPerModule {
		if !m.kernel(mod, k) {
			return false
		}
	}
	m.str("  }")
	m.emit()
	m.str("}")
	return m.emit()
}

// kernel writes one kernel of 30 to 90 body lines.
func (m *mlirGen) kernel(mod, k int) bool {
	m.ssa = 0
	m.str("    func.func @kernel_", strconv.Itoa(mod), "_", strconv.Itoa(k), "(%arg0: ", m.pick(m.aliases),
		", %arg1: !cute.coord_tensor<\"(0,0,0)\", \"(?,?,?):(1@1,1@0,1@2)\">, %arg2: i32) attributes {cute.kernel, gpu.kernel} {")
	if !m.emit() {
		return false
	}
	for range 30 + m.rnd.IntN(61) {
		if !m.bodyLine() {
			return false
		}
	}
	m.str("      return")
	m.emit()
	m.str("    }")
	return m.emit()
}

// bodyLine writes one line of a kernel's body: half of them carry CuTe
// payloads, a fraction Errors of those a deliberate error instead.
func (m *mlirGen) bodyLine() bool {
	m.str("      ")
	if m.rnd.IntN(2) == 0 {
		m.plainOp()
		return m.emit()
	}
	if m.chance(m.opts.Errors) {
		m.errorOp()
		return m.emit()
	}
	switch m.rnd.IntN(8) {
	case 0, 1:
		m.def()
		m.str(" = cute.static : !cute.layout<\"")
		m.layout()
		m.str("\">")
	case 2, 3:
		m.getShape()
	case 4:
		m.def()
		m.str(" = cute.make_coord(%arg2) : (i32) -> !cute.coord<\"")
		m.coordValue()
		m.str("\">")
	case 5:
		m.def()
		m.str(" = cute.make_tile() : () -> !cute.tile<\"", m.pick(poolTiles), "\">")
		m.value(false)
	case 6:
		m.def()
		m.str(" = cute.static : !cute.composed_layout<\"", m.pick(poolComposed), "\">")
		m.value(false)
	default:
		m.def()
		m.str(" = cute.memref.alloca() {stride = #cute.stride<\"", m.pick(poolStrides),
			"\">} : !cute.memref<", m.pick(poolElems), ", smem, align<1024>, ", m.pick(poolSwizzles), ", \"")
		m.layout()
		m.str("\">")
		m.value(false)
	}
	return m.emit()
}

// def appends the SSA value the line defines.
func (m *mlirGen) def() {
	m.str("%")
	m.int(int64(m.ssa))
	m.ssa++
}

// use appends an SSA value defined before the one the line defines (or
// %arg2 at the start of a kernel).
func (m *mlirGen) use() {
	if m.ssa <= 1 {
		m.str("%arg2")
		return
	}
	m.str("%")
	m.int(int64(m.rnd.IntN(m.ssa - 1)))
}

// layout appends a layout payload: fresh with probability Unique, else
// from the pool.
func (m *mlirGen) layout() (shape string) {
	fresh := m.chance(m.opts.Unique)
	m.value(fresh)
	if fresh {
		s, e := m.compact()
		return string(m.line[s:e])
	}
	l := m.pick(poolLayouts)
	m.str(l)
	return l[:topColon(l)]
}

// getShape appends a cute.get_shape op: a layout in and its shape out.
func (m *mlirGen) getShape() {
	m.def()
	m.str(" = cute.get_shape(")
	m.use()
	m.str(") : (!cute.layout<\"")
	shape := m.layout()
	m.str("\">) -> !cute.shape<\"", shape, "\">")
	m.value(false)
}

// coordValue appends a coordinate, fresh with probability Unique.
func (m *mlirGen) coordValue() {
	fresh := m.chance(m.opts.Unique)
	m.value(fresh)
	if fresh {
		m.coord()
		return
	}
	m.str(m.pick(poolCoords))
}

// plainOp appends an op of another dialect, which lint passes over.
func (m *mlirGen) plainOp() {
	m.def()
	switch m.rnd.IntN(4) {
	case 0:
		m.str(" = llvm.mlir.constant(")
		m.int(m.rnd.Int64N(256))
		m.str(" : i32) : i32")
	case 1:
		m.str(" = arith.muli ")
		m.use()
		m.str(", ")
		m.use()
		m.str(" : i32")
	case 2:
		m.str(" = arith.cmpi ult, ")
		m.use()
		m.str(", ")
		m.use()
		m.str(" : i32")
	default:
		m.str(" = arith.extui ")
		m.use()
		m.str(" : i8 to i64")
	}
}

// mlirErrors are payload lines each of which gives exactly one diagnostic
// error under "cutec lint": E0300, E0108 (unterminated at the end of the
// line), E0603, E0104 and E0201.
var mlirErrors = []string{
	` = cute.static : !cute.layout<"(4,8):(1,(4,2))">`,
	` = cute.static : !cute.layout<"(8,8):(8,1)`,
	` = cute.static : #cute.swizzle<"S<3,4,30>">`,
	` = cute.static : !cute.shape<"(99999999999999999999,2)">`,
	` = cute.static : !cute.layout<"(4,2):(1/2@0,1@1)">`,
}

// errorOp appends a line with a deliberate error.
func (m *mlirGen) errorOp() {
	m.def()
	m.str(m.pick(mlirErrors))
	m.value(false)
	m.stats.Errors++
}

// topColon returns the index of the ':' between a layout's shape and
// stride (the first one outside parentheses).
func topColon(l string) int {
	depth := 0
	for i := range len(l) {
		switch l[i] {
		case '(':
			depth++
		case ')':
			depth--
		case ':':
			if depth == 0 {
				return i
			}
		}
	}
	return len(l)
}
