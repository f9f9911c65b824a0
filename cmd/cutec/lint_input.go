package main

// source is one input of lint: a file, or standard input.
type source struct {
	path   string // the path to open; "" for standard input
	name   string // the name diagnostics give
	isMLIR bool
	walked bool // found by a directory walk: must still be a regular file when opened
}

// skipError is the result of a walked source that is passed over: a note
// on standard error that does not change the exit status.
type skipError struct{ msg string }

func (e *skipError) Error() string { return e.msg }
