//go:build unix

package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/cutec/cutec/internal/atomicfile"
	"github.com/cutec/cutec/internal/gen"
	"github.com/cutec/cutec/internal/heavytest"
)

// TestWriteHelper is not a test but the child process of the tests below:
// with CUTEC_WRITE_HELPER set, it runs cutec with the arguments of
// CUTEC_WRITE_ARGS (one a line) after arranging for the write to fail:
//
//	fsize        files may grow to 16 bytes only (RLIMIT_FSIZE), so the
//	             write of the temporary file fails half way with EFBIG
//	kill         the process kills itself (SIGKILL) when the temporary file
//	             is written, just before the rename
//	none         nothing fails
func TestWriteHelper(t *testing.T) {
	mode := os.Getenv("CUTEC_WRITE_HELPER")
	if mode == "" {
		t.Skip("the child process of the write tests")
	}
	switch mode {
	case "fsize":
		lim := syscall.Rlimit{Cur: 16, Max: 16}
		if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &lim); err != nil {
			t.Fatal(err)
		}
	case "kill":
		atomicfile.BeforeRename = func(string) error {
			syscall.Kill(os.Getpid(), syscall.SIGKILL)
			select {}
		}
	}
	guardOutputs()
	os.Exit(run(strings.Split(os.Getenv("CUTEC_WRITE_ARGS"), "\n"), newStdEnv()))
}

// helper returns the command of a child process running cutec with args.
func helper(mode string, args []string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], "-test.run=^TestWriteHelper$", "-test.count=1")
	cmd.Env = append(os.Environ(), "CUTEC_WRITE_HELPER="+mode, "CUTEC_WRITE_ARGS="+strings.Join(args, "\n"))
	return cmd
}

// TestWriteFailsHalfWay makes the write of the temporary file itself fail
// (the file system refuses to let it grow): the command exits 2, the
// original is untouched and the temporary file is removed.
func TestWriteFailsHalfWay(t *testing.T) {
	for _, c := range writeCases {
		dir, path := setUpWrite(t, c)
		var stderr bytes.Buffer
		cmd := helper("fsize", c.args(dir))
		cmd.Stderr = &stderr
		err := cmd.Run()
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != exitUsage || !strings.Contains(stderr.String(), "file too large") {
			t.Errorf("%s: %v, stderr %q; want exit 2 and \"file too large\"", c.name, err, stderr.String())
		}
		checkUntouched(t, path, c.content)
		checkOnlyFiles(t, dir, c.file)
	}
}

// TestWriterKilledBeforeRename kills the writer when the new text is in
// its temporary file: the original is untouched. The temporary file, which
// a killed process cannot remove, is left under a hidden name.
func TestWriterKilledBeforeRename(t *testing.T) {
	for _, c := range writeCases {
		dir, path := setUpWrite(t, c)
		err := helper("kill", c.args(dir)).Run()
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
			t.Errorf("%s: %v; want death by SIGKILL", c.name, err)
		}
		checkUntouched(t, path, c.content)
		checkLeftovers(t, dir, c.file)
	}
}

// TestWriterKilledAnytime kills "fmt -w" of a 256 KB file at moments spread
// over a whole run: whenever it dies, the file holds either its old text or
// its new text, whole.
//
// It kills at fractions of a measured time, so it is heavy (CUTEC_HEAVY=1):
// on a loaded machine the moments are not where they are meant to be.
func TestWriterKilledAnytime(t *testing.T) {
	heavytest.Skip(t)
	var b bytes.Buffer
	if _, err := gen.Cute(&b, gen.Options{Seed: 2, Size: 256 << 10, Unique: 0.1}); err != nil {
		t.Fatal(err)
	}
	old := bytes.ReplaceAll(b.Bytes(), []byte(","), []byte(", ")) // pycute's spelling
	want, diags, err := format("a.cute", old, false)
	if err != nil || diags.HasErrors() || bytes.Equal(want, old) {
		t.Fatalf("format: %v %s", err, describe(diags))
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "a.cute")
	args := []string{"fmt", "-w", path}
	if err := os.WriteFile(path, old, 0o644); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	if err := helper("none", args).Run(); err != nil {
		t.Fatal(err)
	}
	whole := time.Since(start)
	if got, _ := os.ReadFile(path); !bytes.Equal(got, want) {
		t.Fatalf("fmt -w wrote %d bytes, not the formatted text", len(got))
	}
	for k := range 8 {
		if err := os.WriteFile(path, old, 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := helper("none", args)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(whole * time.Duration(k) / 8)
		cmd.Process.Kill()
		cmd.Wait()
		got, err := os.ReadFile(path)
		if err != nil || !bytes.Equal(got, old) && !bytes.Equal(got, want) {
			t.Errorf("killed after %v: the file holds %d bytes, neither the old %d nor the new %d (%v)",
				whole*time.Duration(k)/8, len(got), len(old), len(want), err)
		}
		checkLeftovers(t, dir, "a.cute")
	}
}

// checkLeftovers checks that dir holds the file and at most the hidden
// temporary files of its writes, and removes those.
func checkLeftovers(t *testing.T, dir, file string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		switch name := e.Name(); {
		case name == file:
		case strings.HasPrefix(name, "."+file+".cutec-"):
			os.Remove(filepath.Join(dir, name))
		default:
			t.Errorf("%s holds %s", dir, name)
		}
	}
}
