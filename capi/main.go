// Command capi is the C ABI of cutec, built as a shared library:
//
//	go build -buildmode=c-shared -o libcutec.so ./capi
//
// cutec.h, beside this file, is the hand-written header that C and C++
// programs compile against; docs/embedding.md is its reference. Each
// exported function copies its input out of C memory, calls package
// internal/bridge, and copies the result into one C-allocated
// cutec_result. Every exported function recovers from a panic (in the
// bridge or in the conversion here) and returns it as an E0808 diagnostic,
// so no Go panic ever crosses into C.
//
// The functions of cutec.h are written in C (fork.c): each refuses a call
// in a process forked from the one that loaded the library, where the Go
// runtime cannot run, and otherwise calls its Go function here
// (cutecgo_eval for cutec_eval, ...). cutec_result_free is C alone.
package main

/*
#define CUTEC_NO_PROTOTYPES // cgo writes its own prototypes, without const
#include <stdlib.h>
#include <string.h>
#include "cutec.h"
*/
import "C"

import (
	"bytes"
	"unsafe"

	"github.com/cutec/cutec/internal/bridge"
)

// main is required by -buildmode=c-shared and never runs.
func main() {}

// maxInput is the largest input a call takes: beyond it a length is more
// likely a caller's bug (a negative length cast to size_t) than text.
const maxInput = 1 << 31

// input copies len bytes at p into Go memory, or returns a failure for NULL
// with a non-zero length or an absurd length.
func input(name string, p *C.char, n C.size_t) ([]byte, *bridge.Result) {
	switch {
	case n == 0:
		return nil, nil
	case p == nil:
		r := bridge.Failure(name, "NULL input with length %d", uint64(n))
		return nil, &r
	case uint64(n) > maxInput:
		r := bridge.Failure(name, "input length %d is larger than %d bytes", uint64(n), uint64(maxInput))
		return nil, &r
	}
	return bytes.Clone(unsafe.Slice((*byte)(unsafe.Pointer(p)), int(n))), nil
}

// bufferName returns the C string name, or "<input>" for NULL.
func bufferName(name *C.char) string {
	if name == nil {
		return "<input>"
	}
	return C.GoString(name)
}

// call runs one exported function: it reads the input, runs fn under
// bridge.Guard and converts the result to C, recovering from any panic on
// the way.
func call(name string, p *C.char, n C.size_t, fn func([]byte) bridge.Result) (out *C.cutec_result) {
	defer func() {
		if e := recover(); e != nil {
			out = toC(bridge.Recovered(name, e))
		}
	}()
	src, bad := input(name, p, n)
	if bad != nil {
		return toC(*bad)
	}
	return toC(bridge.Guard(name, func() bridge.Result { return fn(src) }))
}

// toC copies a result into C memory; nil when malloc fails.
func toC(r bridge.Result) *C.cutec_result {
	out := (*C.cutec_result)(C.calloc(1, C.size_t(unsafe.Sizeof(C.cutec_result{}))))
	if out == nil {
		return nil
	}
	out.status = C.CUTEC_OK
	if r.Failed {
		out.status = C.CUTEC_FAILED
	}
	diags := bridge.DiagnosticsJSON(r.Diags)
	out.diagnostics, out.diagnostics_len = cBytes(diags)
	if r.HasValue {
		out.value, out.value_len = cBytes(r.Value)
	}
	if r.Kind != "" {
		out.kind, _ = cBytes([]byte(r.Kind))
	}
	out.obligations, out.obligations_len = cBytes(r.ObligationsJSON())
	out.notes, _ = cBytes(r.Notes)
	if out.diagnostics == nil || r.HasValue && out.value == nil || r.Kind != "" && out.kind == nil ||
		out.obligations == nil || out.notes == nil {
		freeResult(out)
		return nil
	}
	return out
}

// cBytes copies b into a NUL-terminated C string and returns it with its
// length (nil when malloc fails).
func cBytes(b []byte) (*C.char, C.size_t) {
	p := (*C.char)(C.malloc(C.size_t(len(b) + 1)))
	if p == nil {
		return nil, 0
	}
	dst := unsafe.Slice((*byte)(unsafe.Pointer(p)), len(b)+1)
	copy(dst, b)
	dst[len(b)] = 0
	return p, C.size_t(len(b))
}

// freeResult frees a result and its strings.
func freeResult(r *C.cutec_result) {
	if r == nil {
		return
	}
	C.free(unsafe.Pointer(r.value))
	C.free(unsafe.Pointer(r.kind))
	C.free(unsafe.Pointer(r.diagnostics))
	C.free(unsafe.Pointer(r.obligations))
	C.free(unsafe.Pointer(r.notes))
	C.free(unsafe.Pointer(r))
}

//export cutecgo_eval
func cutecgo_eval(expr *C.char, n C.size_t) *C.cutec_result {
	return call(bridge.ExprName, expr, n, bridge.Eval)
}

//export cutecgo_verify
func cutecgo_verify(expr *C.char, n C.size_t) *C.cutec_result {
	return call(bridge.ExprName, expr, n, bridge.Verify)
}

//export cutecgo_lint
func cutecgo_lint(name *C.char, src *C.char, n C.size_t, kind C.int) *C.cutec_result {
	file := bufferName(name)
	return call(file, src, n, func(b []byte) bridge.Result { return bridge.Lint(file, b, bridge.Kind(kind)) })
}

//export cutecgo_format
func cutecgo_format(name *C.char, src *C.char, n C.size_t, kind C.int) *C.cutec_result {
	file := bufferName(name)
	return call(file, src, n, func(b []byte) bridge.Result { return bridge.Format(file, b, bridge.Kind(kind)) })
}

//export cutecgo_draw
func cutecgo_draw(expr *C.char, n C.size_t, format C.int) *C.cutec_result {
	return call(bridge.ExprName, expr, n, func(b []byte) bridge.Result { return bridge.Draw(b, int(format)) })
}
