package banks

import (
	"fmt"
	"slices"
	"strings"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/internal/suggest"
)

// Error is an error of the analysis with the diagnostic code that reports
// it: E0908 when the access cannot run against the tile (a width that is not
// a multiple of the element, a vector that is not contiguous or not aligned
// in memory, a coordinate outside the tile, more threads than a warp), E0909
// for an unknown element type or atom name.
type Error struct {
	Code diag.Code
	Msg  string
}

func (e *Error) Error() string { return string(e.Code) + ": " + e.Msg }

func errAccess(format string, args ...any) *Error {
	return &Error{Code: diag.BankAccessInvalid, Msg: fmt.Sprintf(format, args...)}
}

func errUnknown(what, name string, known []string) *Error {
	msg := fmt.Sprintf("unknown %s %q", what, name)
	if s := nearest(strings.ToLower(name), known); s != "" {
		if strings.Contains(name, "_") && !strings.Contains(name, ".") {
			s = strings.ReplaceAll(s, ".", "_") // the spelling of a .cute identifier
		}
		msg += fmt.Sprintf("; did you mean %s?", s)
	}
	return &Error{Code: diag.BankUnknownName, Msg: msg}
}

// nearest returns the known name closest to name, ignoring case, if it is
// close enough to be a plausible typo (suggest.Closest, the one rule of
// every "did you mean").
func nearest(name string, known []string) string {
	lower := make([]string, len(known))
	for i, k := range known {
		lower[i] = strings.ToLower(k)
	}
	if s := suggest.Closest(name, lower); s != "" {
		return known[slices.Index(lower, s)]
	}
	return ""
}
