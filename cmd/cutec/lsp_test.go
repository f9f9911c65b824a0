package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cutec/cutec/internal/gen"
	"github.com/cutec/cutec/verify"
	"github.com/stretchr/testify/require"
)

// TestLSPMatchesLint checks that "cutec lsp" publishes for a file exactly
// what "cutec lint -format json" reports on it: the same codes,
// severities, spans (converted back from the protocol's 0-based UTF-16
// positions to 1-based byte columns), messages and located notes. The
// files are the broken examples, the MLIR examples, variants of the IR
// corpus of testdata/mlir with a wrong result type and a generated dump
// with deliberate errors; the corpus itself and the golden files are the
// test matrix's (TestMatrix).
func TestLSPMatchesLint(t *testing.T) {
	files, _ := filepath.Glob("../../examples/broken/*")
	files = slices.DeleteFunc(files, func(f string) bool { return strings.HasSuffix(f, ".md") || strings.HasPrefix(filepath.Base(f), ".") })
	more, _ := filepath.Glob("../../examples/*.mlir")
	files = append(files, more...)
	// The corpus of realistic IR, where the op checker reads ops written
	// over several lines and make_layout's operands defined on lines above.
	corpus, _ := filepath.Glob("../../testdata/mlir/*.mlir")
	// The corpus is clean but for the deliberate W0901 of
	// ampere_copy_banks.mlir; its variants with a wrong result type are not.
	variants := wrongOpVariants(t, append(corpus, more...))
	files = append(files, variants...)
	// The hostile inputs: byte-order marks, CRLF and lone CR line ends,
	// invalid UTF-8, NUL bytes, deep nesting, int64's edges.
	hostile, _ := filepath.Glob("../../testdata/hostile/*.*")
	files = append(files, slices.DeleteFunc(hostile, func(f string) bool { return strings.HasSuffix(f, ".md") })...)
	var buf bytes.Buffer
	if _, err := gen.MLIR(&buf, gen.Options{Seed: 7, Size: 64 << 10, Unique: 0.5, Errors: 0.05}); err != nil {
		t.Fatal(err)
	}
	dump := filepath.Join(t.TempDir(), "dump.mlir")
	if err := os.WriteFile(dump, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	files = append(files, dump)
	// Lines of exactly maxLineLen bytes and one byte more (lint checks the
	// first and reports the second as E0109), in both kinds of file.
	for _, ext := range []string{".cute", ".mlir"} {
		long := filepath.Join(t.TempDir(), "long"+ext)
		text := "A = 4:1\n# " + strings.Repeat("é", (maxLineLen-2)/2) + "\n# " + strings.Repeat("x", maxLineLen-1) + "\nB = (4, 2):(1,2)\n"
		if err := os.WriteFile(long, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, long)
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			// The protocol carries text as JSON strings, which are UTF-8: an
			// editor sends invalid bytes as U+FFFD (json.Marshal does the
			// same), so lint is run on the text the server receives.
			linted := file
			if sent := jsonRoundTrip(t, src); sent != string(src) {
				linted = filepath.Join(t.TempDir(), filepath.Base(file))
				if err := os.WriteFile(linted, []byte(sent), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want := lintFindings(t, linted)
			got := lspFindings(t, file, src)
			t.Logf("lint: %d diagnostics, lsp: %d", len(want), len(got))
			if len(want) == 0 && (filepath.Base(file) == "dump.mlir" || slices.Contains(variants, file) && !strings.HasSuffix(file, "_all.mlir")) {
				t.Errorf("lint found nothing in %s; the comparison proves little", file)
			}
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("lsp published\n%s\nlint reported\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
		})
	}
}

// wrongOpVariants writes, for each MLIR file, copies with wrong result
// types, and returns their names: one copy for each op that the op checker
// reads with the lines around it (make_layout and make_composed_layout
// printed with their result type only, whose operands are defined above;
// an op whose types are on the lines below) with that op's result made
// wrong, and one copy with the result of every op made wrong (so that
// wrong operands flow into the ops below; in a file whose ops the checker
// does not cover, nothing). Lint must report something on the copy of each
// op; the server must then publish what lint reports.
func wrongOpVariants(t *testing.T, files []string) []string {
	dir := t.TempDir()
	var out []string
	write := func(name string, lines []string) {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
			t.Fatal(err)
		}
		out = append(out, path)
	}
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(src), "\n")
		all := slices.Clone(lines)
		base := strings.TrimSuffix(filepath.Base(file), ".mlir")
		for i, line := range lines {
			if strings.Contains(line, "= cute.") || strings.HasPrefix(strings.TrimSpace(line), "-> ") {
				all[i] = wrongPayload(line)
			}
			above, below := verify.OpContext([]byte(line))
			r := i // the line of the result type
			if below {
				for r = i + 1; r < len(lines) && r <= i+4 && !strings.HasPrefix(strings.TrimSpace(lines[r]), "-> "); r++ {
				}
				if r >= len(lines) || r > i+4 {
					continue
				}
			} else if !above {
				continue
			}
			one := slices.Clone(lines)
			if one[r] = wrongPayload(lines[r]); one[r] == lines[r] {
				continue
			}
			write(fmt.Sprintf("%s_line%d.mlir", base, r+1), one)
		}
		write(base+"_all.mlir", all)
	}
	return out
}

// wrongPayload changes the last payload of a line, when it is a layout or
// a tuple: a layout S:D becomes (S,2):(D,0), a tuple T becomes (T,2).
func wrongPayload(line string) string {
	end := strings.LastIndex(line, `">`)
	if end < 0 {
		return line
	}
	start := strings.LastIndex(line[:end], `<"`)
	if start < 0 {
		return line
	}
	p := line[start+2 : end]
	prefix := ""
	if o := strings.LastIndex(p, " o "); o >= 0 {
		prefix, p = p[:o+3], p[o+3:]
	}
	var wrong string
	switch {
	case p == "" || strings.ContainsAny(p, "[]S\"<>"):
		return line // a tile, a swizzle or something else: left alone
	case strings.Contains(p, ":"):
		c := strings.LastIndex(p, ":")
		wrong = "(" + p[:c] + ",2):(" + p[c+1:] + ",0)"
	default:
		wrong = "(" + p + ",2)"
	}
	return line[:start+2] + prefix + wrong + line[end:]
}

// The helpers of the tests that compare the front ends, with the test's
// failures: the comparisons themselves are the test matrix's (matrix.go).

// lintFindings runs lint -format json on a file and returns one line per
// diagnostic (see jsonFindingsOf).
func lintFindings(t *testing.T, file string) []string {
	t.Helper()
	got, err := lintFindingsOf(file)
	require.NoError(t, err)
	return got
}

// lspFindings is lspFindingsOf, failing t when the server fails.
func lspFindings(t *testing.T, file string, src []byte) []string {
	t.Helper()
	got, err := lspFindingsOf(file, src)
	require.NoError(t, err)
	return got
}

// jsonRoundTrip returns the text a JSON string of src decodes to.
func jsonRoundTrip(t *testing.T, src []byte) string {
	t.Helper()
	return jsonRoundTripOf(src)
}
