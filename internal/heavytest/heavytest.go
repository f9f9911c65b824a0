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
	"flag"
	"os"
	"os/exec"
	"strconv"
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

// RapidChecks makes each rapid property that t checks from now on run n
// checks (rapid's default is 100), or heavy checks when the heavy tests
// run, unless the command line gives -rapid.checks or the environment
// RAPID_CHECKS: a long property run is the heavy stage's, the default run
// keeps every property with a shorter draw. The flag is restored when t
// ends; t must not run in parallel with another test that checks a rapid
// property. A package that does not use rapid has no such flag, and then
// RapidChecks does nothing.
func RapidChecks(t testing.TB, n, heavy int) {
	t.Helper()
	const name = "rapid.checks"
	f := flag.Lookup(name)
	if f == nil || os.Getenv("RAPID_CHECKS") != "" {
		return
	}
	given := false
	flag.Visit(func(v *flag.Flag) { given = given || v.Name == name })
	if given {
		return
	}
	if Enabled() {
		n = heavy
	}
	old := f.Value.String()
	if err := f.Value.Set(strconv.Itoa(n)); err != nil {
		t.Fatalf("setting -%s: %v", name, err)
	}
	t.Cleanup(func() { _ = f.Value.Set(old) })
}

// RequirePython is the environment variable with which a test that runs
// python3 runs where it is otherwise skipped, and fails where python3 is
// missing (CI's embed and compare stages set it).
const RequirePython = "CUTEC_REQUIRE_PYTHON"

// Python returns the path of python3 for a test that runs it, and whether
// the test runs it: where RequirePython is set, or (with heavy) where the
// heavy tests run. Where it should run and python3 is missing, t fails
// when RequirePython is set and is skipped otherwise. A caller that gets
// false skips what needs python3, saying why.
func Python(t testing.TB, heavy bool) (string, bool) {
	t.Helper()
	required := os.Getenv(RequirePython) != ""
	if !required && !(heavy && Enabled()) {
		return "", false
	}
	python, err := exec.LookPath("python3")
	if err != nil {
		if required {
			t.Fatalf("python3 is not installed (%s is set)", RequirePython)
		}
		t.Skip("python3 is not installed")
	}
	return python, true
}
