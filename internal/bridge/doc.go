// Package bridge is the C ABI of cutec (capi/cutec.h) in Go types: each
// call takes a whole input as bytes and returns a Result, either a result
// text or diagnostics, never a panic. capi/ converts Results to C; keeping
// the work here lets plain Go tests cover every call without cgo.
//
// Calls share no mutable state that could change a result: each builds its
// own diag.File and evaluator, and the verify passes they use are safe for
// concurrent use (their cache holds results keyed by input text, so it
// changes speed, never answers). Any call may run on many goroutines (or C
// threads) at once.
package bridge
