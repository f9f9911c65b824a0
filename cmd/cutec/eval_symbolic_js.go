//go:build js

package main

// appendSymbolic declines every line in the playground's module: the page
// evaluates one expression a keystroke, where the fast path of lines with
// symbols (eval_symbolic.go) saves microseconds and would add its reader
// to the module the page downloads; the full path gives the same output
// (eval_symbolic_test.go holds them equal).
func (ev *evaluator) appendSymbolic(dst, _ []byte) ([]byte, bool) { return dst, false }
