package bridge

import (
	"bytes"
	"fmt"
	"runtime/debug"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/internal/driver"
)

// Result is what one call gives: a value or diagnostics, or both (a layout
// that verifies with warnings). Failed is set when a diagnostic is an error;
// a call that fails has no Value.
type Result struct {
	Value    []byte
	HasValue bool
	Kind     string // the kind of an evaluated value ("layout", "integer", ...), or ""
	Diags    diag.List
	Failed   bool
	// Obligations are the conditions of a symbolic result of Eval, as
	// "cutec eval" prints them after "  # if " (and -json as the field
	// "obligations"); nil for other calls and when there is none.
	Obligations []driver.Obligation
	// Notes is the text "cutec eval" prints after the value of Eval's
	// result (driver.AppendNotes): its conditions and the facts of its
	// symbols, such as "  # if 128 | M"; empty for other calls.
	Notes []byte
}

// finish sets Failed from the diagnostics, sorted, and drops the value of
// a failed call.
func finish(r Result) Result {
	r.Diags.Sort()
	r.Failed = r.Failed || r.Diags.HasErrors()
	if r.Failed {
		r.Value, r.HasValue, r.Kind, r.Obligations, r.Notes = nil, false, "", nil, nil
	}
	return r
}

// Failure returns the result of a call that cannot be carried out: one
// EmbeddingFailure (E0808) diagnostic with the message, spanning nothing at
// the start of the input named name.
func Failure(name string, format string, args ...any) Result {
	d := &diag.Diagnostic{
		Code:     diag.EmbeddingFailure,
		Severity: diag.Error,
		File:     diag.NewFile(name, nil),
		Message:  fmt.Sprintf(format, args...),
	}
	return Result{Diags: diag.List{d}, Failed: true}
}

// Guard runs call and turns a panic into a Failure whose message carries
// the panic's value and the first frames of its stack, so that no Go panic
// ever reaches the caller of the C ABI.
func Guard(name string, call func() Result) (r Result) {
	defer func() {
		if p := recover(); p != nil {
			r = Recovered(name, p)
		}
	}()
	return call()
}

// Recovered returns the Failure of a panic with value p; called from the
// deferred function that recovered it, its stack is the panic's.
func Recovered(name string, p any) Result {
	return Failure(name, "internal error: panic: %v (please report it with the input)\n%s", p, firstLines(debug.Stack(), 16))
}

// firstLines returns at most n lines of b.
func firstLines(b []byte, n int) []byte {
	for i, off := 0, 0; i < n; i++ {
		j := bytes.IndexByte(b[off:], '\n')
		if j < 0 {
			return b
		}
		off += j + 1
		if i == n-1 {
			return b[:off-1]
		}
	}
	return b
}

// DiagnosticsJSON returns the diagnostics as one JSON array of the objects
// "cutec lint -format json" prints one a line ("[]" without any).
func DiagnosticsJSON(l diag.List) []byte {
	var lines bytes.Buffer
	if err := (diag.JSON{}).Render(&lines, l); err != nil {
		// Encoding plain structs of strings and ints cannot fail; say so
		// in the output rather than drop the diagnostics silently.
		return fmt.Appendf(nil, `[{"file":"","line":1,"col":1,"end_line":1,"end_col":1,"offset":0,"end_offset":0,"severity":"error","code":%q,"message":%q}]`, diag.EmbeddingFailure, "internal error: encoding diagnostics: "+err.Error())
	}
	body := bytes.TrimSuffix(lines.Bytes(), []byte("\n"))
	out := make([]byte, 0, len(body)+2)
	out = append(out, '[')
	out = append(out, bytes.ReplaceAll(body, []byte("\n"), []byte(","))...)
	return append(out, ']')
}

// ObligationsJSON returns the obligations of r as the JSON array of the
// field "obligations" of "cutec eval -json" (driver.AppendObligationsJSON):
// "[]" when there is none.
func (r Result) ObligationsJSON() []byte { return driver.AppendObligationsJSON(nil, r.Obligations) }
