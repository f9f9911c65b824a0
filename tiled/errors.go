package tiled

import (
	"fmt"

	"github.com/cutec/cutec/diag"
)

// Error is an error of a builder or a query with the diagnostic code that
// reports it: E0920 for a name that is no atom CuTe defines, E0921 for
// objects that do not fit (a tiled copy whose atom does not divide its TV
// layout, a tile that is not a multiple of the atom, a thread out of range).
type Error struct {
	Code diag.Code
	Msg  string
}

func (e *Error) Error() string { return string(e.Code) + ": " + e.Msg }

func errUnknown(format string, args ...any) *Error {
	return &Error{Code: diag.TiledUnknownAtom, Msg: fmt.Sprintf(format, args...)}
}

func errFit(format string, args ...any) *Error {
	return &Error{Code: diag.TiledMismatch, Msg: fmt.Sprintf(format, args...)}
}

// wrap turns an error of the layout algebra into a fit error that says
// which step of CuTe's construction failed.
func wrap(step string, err error) *Error {
	if e, ok := err.(*Error); ok {
		return e
	}
	return errFit("%s: %v", step, err)
}
