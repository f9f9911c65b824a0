package goldenfile

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// recorder is a testing.TB that records failures instead of failing.
type recorder struct {
	testing.TB
	failed bool
}

func (r *recorder) Helper()               {}
func (r *recorder) Errorf(string, ...any) { r.failed = true }
func (r *recorder) Fatalf(string, ...any) { r.failed = true; panic(r) }
func (r *recorder) Fatal(...any)          { r.failed = true; panic(r) }
func check(r *recorder, path string, got []byte) {
	defer func() {
		if p := recover(); p != nil && p != r {
			panic(p)
		}
	}()
	Check(r, path, got)
}

func TestCheckComparesAndWrites(t *testing.T) {
	path := filepath.Join(t.TempDir(), "golden.txt")
	require.NoError(t, os.WriteFile(path, []byte("a\nb\n"), 0o644))

	t.Setenv(Env, "")
	r := &recorder{TB: t}
	check(r, path, []byte("a\nb\n"))
	assert.False(t, r.failed, "equal text must pass")

	r = &recorder{TB: t}
	check(r, path, []byte("a\nc\n"))
	assert.True(t, r.failed, "different text must fail")

	r = &recorder{TB: t}
	check(r, filepath.Join(t.TempDir(), "missing"), []byte("x"))
	assert.True(t, r.failed, "a missing file must fail")

	t.Setenv(Env, "1")
	r = &recorder{TB: t}
	check(r, path, []byte("a\nc\n"))
	assert.False(t, r.failed)
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, "a\nc\n", string(data), "CUTEC_UPDATE=1 rewrites the file")
}

func TestDiff(t *testing.T) {
	assert.Empty(t, Diff([]byte("x\ny"), []byte("x\ny")))
	assert.Contains(t, Diff([]byte("x\ny"), []byte("x\nz")), "z")
}
