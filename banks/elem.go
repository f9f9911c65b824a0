package banks

import (
	"sort"
	"strings"
)

// Elem is an element type: its name as written and its width in bits.
type Elem struct {
	Name string
	Bits int
}

// elemBits maps every accepted spelling of an element type (lower case) to
// its width in bits: the short names of the CuTe dialect and MLIR (f16,
// bf16, f8E4M3FN, i8, ...) and the C++ names of CUTLASS (half_t, float, ...).
var elemBits = map[string]int{
	"f64": 64, "double": 64, "i64": 64, "u64": 64, "int64_t": 64, "uint64_t": 64, "b64": 64,
	"f32": 32, "float": 32, "tf32": 32, "tfloat32_t": 32, "i32": 32, "u32": 32, "int32_t": 32, "uint32_t": 32, "b32": 32,
	"f16": 16, "half": 16, "half_t": 16, "bf16": 16, "bfloat16_t": 16, "i16": 16, "u16": 16, "int16_t": 16, "uint16_t": 16, "b16": 16,
	"f8": 8, "f8e4m3": 8, "f8e4m3fn": 8, "e4m3": 8, "float_e4m3_t": 8, "f8e5m2": 8, "e5m2": 8, "float_e5m2_t": 8,
	"i8": 8, "u8": 8, "int8_t": 8, "uint8_t": 8, "b8": 8,
	"i4": 4, "u4": 4, "f4": 4, "f4e2m1": 4, "f4e2m1fn": 4, "e2m1": 4, "int4b_t": 4, "uint4b_t": 4,
}

// LookupElem returns the element type named name (case does not matter).
// An unknown name is an E0909 error that suggests the nearest known name.
func LookupElem(name string) (Elem, error) {
	if bits, ok := elemBits[strings.ToLower(name)]; ok {
		return Elem{Name: name, Bits: bits}, nil
	}
	return Elem{}, errUnknown("element type", name, ElemNames())
}

// ElemNames returns the accepted element type names, sorted.
func ElemNames() []string {
	out := make([]string, 0, len(elemBits))
	for n := range elemBits {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}
