// Package heavytest gates the tests that are too slow or too dependent on
// the machine's timing for the default `go test ./...`: lints of 100 MB
// inputs, kills of a process at a fraction of a measured time, absolute
// time limits, long growth checks. They run when CUTEC_HEAVY=1, which
// .ci/run sets in its own bounded stage (see docs/testing.md).
//
// A heavy test calls Skip at its start; a test that has a quick and a
// thorough form asks Enabled which to run.
package heavytest

import (
	"os"
	"testing"
)

// Env is the environment variable that turns the heavy tests on.
const Env = "CUTEC_HEAVY"

// Enabled reports whether the heavy tests run: CUTEC_HEAVY=1.
func Enabled() bool { return os.Getenv(Env) == "1" }

// Skip skips t unless the heavy tests run.
func Skip(t testing.TB) {
	t.Helper()
	if !Enabled() {
		t.Skip("heavy test: set " + Env + "=1 to run it (docs/testing.md)")
	}
}
