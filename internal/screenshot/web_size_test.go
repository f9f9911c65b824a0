package screenshot

import (
	"bytes"
	"compress/gzip"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// documentedSize reads the module's size that docs/web.md states: its
// bytes, and its bytes gzipped.
func documentedSize(t *testing.T) (raw, gz int) {
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "web.md"))
	require.NoError(t, err)
	m := regexp.MustCompile("`cutec.wasm` is ([0-9,]+) bytes .*?\\n?.*?([0-9,]+) bytes\\s+gzipped").FindSubmatch(doc)
	require.NotNil(t, m, "docs/web.md states the module's size as \"`cutec.wasm` is N bytes ... M bytes gzipped\"")
	num := func(b []byte) int {
		n, err := strconv.Atoi(strings.ReplaceAll(string(b), ",", ""))
		require.NoError(t, err)
		return n
	}
	return num(m[1]), num(m[2])
}

// TestPlaygroundSize checks the built module against the size docs/web.md
// states, so that it cannot grow without the page saying so: at most 3%
// above the documented figure (what a Go release or a new feature moves it
// by before the figure is updated), and not more than 10% below (a module
// that shrank gets its new figure written down).
func TestPlaygroundSize(t *testing.T) {
	index := playground(t)
	data, err := os.ReadFile(filepath.Join(filepath.Dir(index), "cutec.wasm"))
	require.NoError(t, err)
	var packed bytes.Buffer
	zw, err := gzip.NewWriterLevel(&packed, gzip.BestCompression)
	require.NoError(t, err)
	_, err = zw.Write(data)
	require.NoError(t, err)
	require.NoError(t, zw.Close())
	raw, gz := documentedSize(t)
	for _, c := range []struct {
		what      string
		got, want int
	}{{"cutec.wasm", len(data), raw}, {"cutec.wasm gzipped", packed.Len(), gz}} {
		assert.LessOrEqual(t, float64(c.got), 1.03*float64(c.want),
			"%s is %d bytes, more than 3%% above the %d docs/web.md states: make it smaller or state the new size", c.what, c.got, c.want)
		assert.GreaterOrEqual(t, float64(c.got), 0.90*float64(c.want),
			"%s is %d bytes, more than 10%% below the %d docs/web.md states: state the new size", c.what, c.got, c.want)
	}
}

// TestPlaygroundModuleLeavesOut checks that the WebAssembly build of
// cmd/cutec (the playground's module: its commands are those of
// commands_js.go) does not link what only the command needs.
func TestPlaygroundModuleLeavesOut(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	cmd := exec.Command("go", "list", "-deps", "github.com/cutec/cutec/cmd/cutec")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	out, err := cmd.Output()
	require.NoError(t, err)
	deps := strings.Fields(string(out))
	assert.Contains(t, deps, "github.com/cutec/cutec/internal/driver", "the module's own driver")
	for _, p := range []string{
		"github.com/cutec/cutec/internal/lsp",        // the language server
		"github.com/cutec/cutec/golden",              // cutec golden
		"github.com/cutec/cutec/format",              // cutec fmt
		"github.com/cutec/cutec/internal/sources",    // lint of C++ and Python sources
		"github.com/cutec/cutec/internal/atomicfile", // lint's files and directory walk
		"github.com/rogpeppe/go-internal/diff",
		"os/signal",
	} {
		assert.NotContains(t, deps, p)
	}
}
