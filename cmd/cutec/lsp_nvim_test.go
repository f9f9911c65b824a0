package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestNeovim runs a real editor against "cutec lsp": Neovim headless, with
// its built-in LSP client, opens examples/broken/divisibility.cute, waits
// for the diagnostics, asks for a hover and quits. The test is skipped
// without nvim, unless CUTEC_REQUIRE_NVIM is set (.ci/lsp sets it).
func TestNeovim(t *testing.T) {
	nvim, err := exec.LookPath("nvim")
	if err != nil {
		if os.Getenv("CUTEC_REQUIRE_NVIM") != "" {
			t.Fatal("nvim is not installed and CUTEC_REQUIRE_NVIM is set")
		}
		t.Skip("nvim is not installed (Debian: apt-get install neovim)")
	}
	if testing.Short() {
		t.Skip("builds cutec and runs an editor")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "cutec")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	script, err := filepath.Abs("testdata/nvim/lsp_check.lua")
	if err != nil {
		t.Fatal(err)
	}
	result := filepath.Join(dir, "result")
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	// Line 5 (0-based 4) is "Every3rd = composition(A, 6:3)": the hover is
	// on the A at character 23.
	cmd := exec.CommandContext(ctx, nvim, "--headless", "-u", "NONE", "-i", "NONE", "-n",
		"../../examples/broken/divisibility.cute", "-c", "luafile "+script)
	cmd.Env = append(os.Environ(), "CUTEC="+bin, "OUT="+result, "HOVER_LINE=4", "HOVER_CHAR=23", "HOME="+dir, "XDG_STATE_HOME="+dir, "XDG_DATA_HOME="+dir)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("nvim: %v\n%s", err, out)
	}
	b, err := os.ReadFile(result)
	if err != nil {
		t.Fatalf("nvim wrote no result: %v", err)
	}
	got := string(b)
	t.Logf("result:\n%s", got)
	// README.md shows lint's findings on this file: E0400 at 5:27, E0401 at
	// 6:25, E0404 at 9:5 (1-based); Neovim's lnum and col are 0-based, and
	// severity 1 is an error.
	for _, want := range []string{"diag 4 26 E0400 1", "diag 5 24 E0401 1", "diag 8 4 E0404 1"} {
		if !strings.Contains(got, want+"\n") {
			t.Errorf("nvim did not receive %q", want)
		}
	}
	if n := strings.Count(got, "diag "); n != 3 {
		t.Errorf("nvim received %d diagnostics, want 3", n)
	}
	// A = make_layout((4,6,8), (2,3,5)): size 4*6*8 = 192, cosize
	// 1 + 3*2 + 5*3 + 7*5 = 57.
	_, hover, _ := strings.Cut(got, "hover\n")
	for _, want := range []string{"A: layout", "(4,6,8):(2,3,5)", "size 192", "cosize 57"} {
		if !strings.Contains(hover, want) {
			t.Errorf("the hover nvim received lacks %q", want)
		}
	}
	// Neovim stops the client with shutdown, then exit: status 0.
	if !strings.Contains(got, "exit 0\n") {
		t.Errorf("the server did not exit with status 0 after shutdown")
	}
}
