package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestNeovim runs a real editor against "cutec lsp": Neovim headless, with
// its built-in LSP client, opens examples/broken/divisibility.cute, waits
// for the diagnostics, asks for a hover and quits; then the same on an MLIR
// file, with the hover on an op. The test is skipped
// without nvim, unless CUTEC_REQUIRE_NVIM is set (.ci/lsp sets it).
func TestNeovim(t *testing.T) {
	nvim := needNvim(t)
	dir := t.TempDir()
	bin := cutecExecutable(t)
	script, err := filepath.Abs("testdata/nvim/lsp_check.lua")
	if err != nil {
		t.Fatal(err)
	}
	// Line 5 (0-based 4) is "Every3rd = composition(A, 6:3)": the hover is
	// on the A at character 23.
	got := runNeovim(t, nvim, bin, script, "../../examples/broken/divisibility.cute", 4, 23)
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

	// An op of the MLIR: make_layout of the shape (4,8) and the stride
	// (8,1), defined on the lines above, is (4,8):(8,1), not the stated
	// (4,8):(1,4): E0605 at the result type (line 4, 0-based, character
	// 34), and the hover on the op says what cutec derives.
	mlir := filepath.Join(dir, "op.mlir")
	text := "func.func @f() {\n" +
		"  %s = cute.static : !cute.shape<\"(4,8)\">\n" +
		"  %d = cute.static : !cute.stride<\"(8,1)\">\n" +
		"  // make_layout((4,8), (8,1)) is (4,8):(8,1)\n" +
		"  %l = cute.make_layout(%s, %d) : !cute.layout<\"(4,8):(1,4)\">\n" +
		"}\n"
	if err := os.WriteFile(mlir, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	got = runNeovim(t, nvim, bin, script, mlir, 4, 10)
	if !strings.Contains(got, "diag 4 34 E0605 1\n") || strings.Count(got, "diag ") != 1 {
		t.Errorf("nvim did not receive E0605 at 4:34 alone")
	}
	_, hover, _ = strings.Cut(got, "hover\n")
	for _, want := range []string{"cute.make_layout", `!cute.layout<"(4,8):(8,1)">`, `differs from the stated result type` + " `" + `!cute.layout<"(4,8):(1,4)">` + "`"} {
		if !strings.Contains(hover, want) {
			t.Errorf("the hover on the op nvim received lacks %q", want)
		}
	}
	if !strings.Contains(got, "exit 0\n") {
		t.Errorf("the server did not exit with status 0 after shutdown")
	}
}

// runNeovim opens file in Neovim headless with the script lsp_check.lua,
// which starts "cutec lsp" (the binary bin), waits for the diagnostics and
// asks for a hover at line:char (0-based), and returns what it wrote.
func runNeovim(t *testing.T, nvim, bin, script, file string, line, char int) string {
	t.Helper()
	dir := t.TempDir()
	result := filepath.Join(dir, "result")
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, nvim, "--headless", "-u", "NONE", "-i", "NONE", "-n", file, "-c", "luafile "+script)
	cmd.Env = append(os.Environ(), "CUTEC="+bin, "OUT="+result, "HOVER_LINE="+strconv.Itoa(line), "HOVER_CHAR="+strconv.Itoa(char),
		"HOME="+dir, "XDG_STATE_HOME="+dir, "XDG_DATA_HOME="+dir)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("nvim: %v\n%s", err, out)
	}
	b, err := os.ReadFile(result)
	if err != nil {
		t.Fatalf("nvim wrote no result: %v", err)
	}
	t.Logf("result:\n%s", b)
	return string(b)
}

// TestNeovimSnippet runs the Neovim 0.7 snippet of docs/lsp.md as written
// there (its cutec is the one built here, first on PATH): two .cute files
// opened in one editor share one server, and vim.lsp.buf.formatting_sync()
// (0.7 has no vim.lsp.buf.format()) rewrites a buffer to the canonical
// spelling, (_4,_8):(_1,_4) to (4,8):(1,4).
func TestNeovimSnippet(t *testing.T) {
	nvim := needNvim(t)
	if out, err := exec.Command(nvim, "--version").Output(); err != nil || !strings.HasPrefix(string(out), "NVIM v0.7.") {
		t.Skipf("the snippet under test is the one for Neovim 0.7; this is %.20q", out)
	}
	doc, err := os.ReadFile("../../docs/lsp.md")
	require.NoError(t, err)
	text := string(doc)
	start := strings.Index(text, "```lua\nlocal cutec_client")
	require.GreaterOrEqual(t, start, 0, "docs/lsp.md has no Neovim 0.7 snippet")
	snippet := text[start+len("```lua\n"):]
	snippet = snippet[:strings.Index(snippet, "```")]

	dir := t.TempDir()
	bin := cutecExecutable(t)
	init := filepath.Join(dir, "snippet.lua")
	require.NoError(t, os.WriteFile(init, []byte(snippet), 0o644))
	a, b := filepath.Join(dir, "a.cute"), filepath.Join(dir, "b.cute")
	require.NoError(t, os.WriteFile(a, []byte("A = (4,8):(1,4)\n"), 0o644))
	require.NoError(t, os.WriteFile(b, []byte("B = (_4,_8):(_1,_4)\n"), 0o644))
	check, err := filepath.Abs("testdata/nvim/snippet_check.lua")
	require.NoError(t, err)
	result := filepath.Join(dir, "result")

	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, nvim, "--headless", "-u", "NONE", "-i", "NONE", "-n",
		"-c", "luafile "+init, "-c", "edit "+a, "-c", "edit "+b, "-c", "luafile "+check)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "PATH="+filepath.Dir(bin)+string(os.PathListSeparator)+os.Getenv("PATH"), "OUT="+result,
		"HOME="+dir, "XDG_STATE_HOME="+dir, "XDG_DATA_HOME="+dir)
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "nvim: %s", out)
	got, err := os.ReadFile(result)
	require.NoError(t, err, "nvim wrote no result")
	lines := strings.Split(strings.TrimSpace(string(got)), "\n")
	require.Len(t, lines, 4, "%s", got)
	assert.Equal(t, "clients 1", lines[0])
	assert.Equal(t, "attached 1 1", lines[1])
	assert.Equal(t, "B = (4,8):(1,4)", lines[2])
	assert.Equal(t, "done", lines[3])
}

// needNvim returns the path of nvim, or skips the test without it (fails
// where CUTEC_REQUIRE_NVIM is set, as in .ci/lsp) and under -short.
func needNvim(t *testing.T) string {
	t.Helper()
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
	return nvim
}
