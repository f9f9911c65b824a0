package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/cutec/cutec/internal/atomicfile"
	"github.com/cutec/cutec/internal/goldenfile"
)

// TestMain lets the script tests run the command as "cutec" inside the test
// binary.
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){"cutec": testCutec})
}

// cutecExecutable returns the path of a program named cutec that is this
// test binary, which TestMain runs as the command when it is called cutec:
// the tests that hand "cutec" to another program (an editor, a Python
// script) use it, so no test builds the command again.
func cutecExecutable(t testing.TB) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cutec := filepath.Join(t.TempDir(), "cutec")
	if err := os.Symlink(exe, cutec); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	return cutec
}

// testCutec is the command as the script tests run it. The test binary (and
// only it) honors CUTEC_TEST_FAIL_RENAME, which makes every atomic write fail
// just before its rename, to show that a failed write leaves the original
// file as it was.
func testCutec() {
	if os.Getenv("CUTEC_TEST_FAIL_RENAME") != "" {
		atomicfile.BeforeRename = func(string) error { return errors.New("injected failure before rename") }
	}
	guardOutputs()
	os.Exit(run(os.Args[1:], newStdEnv()))
}

// TestScripts runs the script tests of testdata/script: each pins the output
// and exit status of the command. CUTEC_UPDATE=1 rewrites their expected
// output (review the diff before keeping it).
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:           "testdata/script",
		UpdateScripts: goldenfile.Update(),
		Condition: func(cond string) (bool, error) {
			if cond == "root" {
				return os.Geteuid() == 0, nil
			}
			return false, fmt.Errorf("unknown condition %q", cond)
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"genline": genLine,
			"exits":   exits,
			"unquote": unquote,
		},
	})
}

// genLine is the script command "genline FILE N PREFIX SUFFIX": it writes
// to FILE the line PREFIX, then N bytes of 'x', then SUFFIX and a newline,
// for tests of over-long lines that would not fit in a script.
func genLine(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 4 {
		ts.Fatalf("usage: genline FILE N PREFIX SUFFIX")
	}
	n, err := strconv.Atoi(args[1])
	ts.Check(err)
	line := args[2] + strings.Repeat("x", n) + args[3] + "\n"
	f, err := os.OpenFile(ts.MkAbs(args[0]), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	ts.Check(err)
	_, err = f.WriteString(line)
	ts.Check(err)
	ts.Check(f.Close())
}

// unquote is the script command "unquote FILE...": it removes a leading
// ">" from every line of each FILE, as cmd/go's script tests do, so that a
// script can hold a txtar archive (whose "-- name --" lines would otherwise
// end the script's own file).
func unquote(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) == 0 {
		ts.Fatalf("usage: unquote FILE...")
	}
	for _, name := range args {
		p := ts.MkAbs(name)
		data, err := os.ReadFile(p)
		ts.Check(err)
		lines := strings.SplitAfter(string(data), "\n")
		for i, l := range lines {
			if !strings.HasPrefix(l, ">") && l != "" {
				ts.Fatalf("%s: line %d does not start with >", name, i+1)
			}
			lines[i] = strings.TrimPrefix(l, ">")
		}
		ts.Check(os.WriteFile(p, []byte(strings.Join(lines, "")), 0o644))
	}
}

// exits is the script command "exits N PROG ARGS...": it runs PROG as exec
// does (standard input, output and error included) and checks that its exit
// status is exactly N, which "! exec" cannot tell apart.
func exits(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: exits N PROG ARGS...")
	}
	want, err := strconv.Atoi(args[0])
	ts.Check(err)
	got := 0
	if err := ts.Exec(args[1], args[2:]...); err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			ts.Fatalf("%v", err)
		}
		got = ee.ExitCode()
	}
	if got != want {
		ts.Fatalf("exit status %d, want %d", got, want)
	}
}
