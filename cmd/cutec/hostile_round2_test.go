package main

import (
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestJobsClampedToTheWork: -j is clamped to the work. -j of the largest
// int made the pool's buffer size overflow (makechan panicked), and
// -j 1000000 started a million helpers for a two-line MLIR file.
func TestJobsClampedToTheWork(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "k.mlir")
	require.NoError(t, os.WriteFile(p, []byte("!a = !cute.layout<\"(4,2):(1,4)\">\n!b = !cute.layout<\"8:1\">\n"), 0o644))
	for _, j := range []int{math.MaxInt, 1000000} {
		before := runtime.NumGoroutine()
		var status int
		var stderr string
		alloc := allocated(func() { status, _, stderr = runCmd(nil, "lint", "-j", strconv.Itoa(j), p, dir) })
		assert.Equal(t, exitOK, status, stderr)
		assert.Less(t, alloc, uint64(8*mib), "-j %d allocated %d bytes", j, alloc)
		assert.LessOrEqual(t, runtime.NumGoroutine(), before+2, "goroutines left running")
	}

	// A file's pipeline starts a helper only for a piece that finds none
	// idle: one small piece starts at most one, whatever the workers.
	var sunk int
	pl := newPipeline(math.MaxInt, func(c chunk) int { return len(c.text) }, func(n int, _ bool) { sunk += n })
	pl.send(chunk{text: []byte("8:1\n")})
	pl.close()
	assert.LessOrEqual(t, pl.started, 1)
	assert.Equal(t, 4, sunk)
	assert.Equal(t, maxJobs, pl.workers)
}
