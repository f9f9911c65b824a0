package corpus

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const root = "../.."

// TestEveryTestdataDirIsRead: every directory of testdata/ gives cases to
// Exprs or Docs, or is listed in Elsewhere with the tests that read it; a
// new set of reference cases cannot be left out of the comparisons.
func TestEveryTestdataDirIsRead(t *testing.T) {
	exprs, err := Exprs(root)
	require.NoError(t, err)
	docs, err := Docs(root)
	require.NoError(t, err)
	read := map[string]int{}
	dirOf := func(p string) string { return strings.Split(filepath.ToSlash(p), "/")[1] }
	for _, e := range exprs {
		read[dirOf(e.Source)]++
		assert.NotEmpty(t, e.Text, "%s:%d: an empty expression", e.Source, e.Line)
	}
	for _, d := range docs {
		read[dirOf(d.Path)]++
	}
	entries, err := os.ReadDir(filepath.Join(root, "testdata"))
	require.NoError(t, err)
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		_, other := Elsewhere[e.Name()]
		assert.True(t, read[e.Name()] > 0 || other, "testdata/%s gives no case and is not listed in Elsewhere", e.Name())
		if e.Name() != "cute" { // its C++ spellings of tiled MMAs are read here, the rest elsewhere
			assert.False(t, read[e.Name()] > 0 && other, "testdata/%s gives cases and is listed in Elsewhere", e.Name())
		}
	}
	// The sets as they are today: the reference cases (1804), the dialect's
	// (1401), the golden files (65), the MLIR corpus.
	assert.GreaterOrEqual(t, read["reference"], 1804)
	assert.GreaterOrEqual(t, read["dialect"], 1401)
	assert.GreaterOrEqual(t, read["golden"], 65)
	assert.Positive(t, read["mlir"])
	assert.Positive(t, read["extent_one"])
	assert.Positive(t, read["cute_spellings"])
	assert.Positive(t, read["cute"])
}

func TestGoldenModes(t *testing.T) {
	docs, err := Goldens(root)
	require.NoError(t, err)
	modes := map[string]int{}
	for _, d := range docs {
		modes[d.Mode]++
	}
	assert.Positive(t, modes["expr"])
	assert.Positive(t, modes["cute"])
	assert.Positive(t, modes["mlir"])
	assert.Len(t, modes, 3, "%v", modes)
}
