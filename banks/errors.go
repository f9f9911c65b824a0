package banks

import (
	"fmt"
	"strings"

	"github.com/cutec/cutec/diag"
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

// nearest returns the known name closest to name by edit distance, if it
// is close enough to be a plausible typo.
func nearest(name string, known []string) string {
	best, bestD := "", len(name)/2+2
	for _, k := range known {
		if d := distance(name, strings.ToLower(k)); d < bestD {
			best, bestD = k, d
		}
	}
	return best
}

// distance is the Levenshtein distance of a and b.
func distance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
