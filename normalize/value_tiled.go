package normalize

import (
	"strconv"
	"strings"

	"github.com/cutec/cutec/tiled"
)

// The values of CuTe's tiled MMAs and copies (package tiled, docs/tiled.md).
// Their types are unexported; a caller gets the object with a method:
// v.(interface{ MMA() *tiled.MMA }), Copy() *tiled.Copy, Atom() tiled.CopyAtom.
const (
	kindTiledMMA  Kind = 32 + iota // a TiledMMA: make_tiled_mma(...)
	kindTiledCopy                  // a TiledCopy: make_tiled_copy(...)
	kindCopyAtom                   // a Copy_Atom<OP, T>: copy_atom(OP, T)
)

func init() {
	kindNames[kindTiledMMA] = "tiled MMA"
	kindNames[kindTiledCopy] = "tiled copy"
	kindNames[kindCopyAtom] = "copy atom"
}

type tiledMMA struct{ m *tiled.MMA }
type tiledCopy struct{ c *tiled.Copy }
type copyAtom struct{ a tiled.CopyAtom }

func (tiledMMA) Kind() Kind  { return kindTiledMMA }
func (tiledCopy) Kind() Kind { return kindTiledCopy }
func (copyAtom) Kind() Kind  { return kindCopyAtom }
func (tiledMMA) value()      {}
func (tiledCopy) value()     {}
func (copyAtom) value()      {}

// MMA is the tiled MMA.
func (v tiledMMA) MMA() *tiled.MMA { return v.m }

// Copy is the tiled copy.
func (v tiledCopy) Copy() *tiled.Copy { return v.c }

// Atom is the copy atom.
func (v copyAtom) Atom() tiled.CopyAtom { return v.a }

func (v tiledMMA) String() string { return v.m.String() }

func (v tiledCopy) String() string {
	return "make_tiled_copy_tv(" + copyAtom{v.c.Atom}.String() + ", " + v.c.TV.String() + ", " + v.c.Tiler.String() + ")"
}

// String is copy_atom(OP, T), with the width of OP's own type when it has
// one (UniversalCopy<uint128_t> moving half_t: copy_atom(UniversalCopy, half_t, 128)).
func (v copyAtom) String() string {
	op, _, ok := strings.Cut(v.a.Op.Name, "<")
	if !ok {
		return "copy_atom(" + op + ", " + v.a.ValType + ")"
	}
	bits := int64(0)
	if m, err := v.a.Op.Src.Mode(1); err == nil {
		bits, _ = m.Size()
	}
	return "copy_atom(" + op + ", " + v.a.ValType + ", " + strconv.FormatInt(bits, 10) + ")"
}

var (
	_ Value = tiledMMA{}
	_ Value = tiledCopy{}
	_ Value = copyAtom{}
)
