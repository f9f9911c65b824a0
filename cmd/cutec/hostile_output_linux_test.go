package main

import (
	"bytes"
	"errors"
	"io"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/cutec/cutec/internal/atomicfile"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestDevNullIsNotClosed: standard output on /dev/null opened for reading
// and writing (os/exec's default, Python's subprocess.DEVNULL) is not an
// error: the output is thrown away and the status is 0. (The Go runtime
// puts the same on a descriptor closed at the start, "cutec ... >&-",
// which cutec therefore cannot tell apart; docs/cli.md says so.)
func TestDevNullIsNotClosed(t *testing.T) {
	cmd := helper("none", []string{"eval", "8:1"})
	cmd.Stdout = nil // os/exec: /dev/null, read-write
	var errOut bytes.Buffer
	cmd.Stderr = &errOut
	require.NoError(t, cmd.Run(), errOut.String())
}

// TestBrokenPipeExits2: a reader that closes the pipe makes the command
// exit 2 with a message, not die of SIGPIPE (status 141 in a shell).
func TestBrokenPipeExits2(t *testing.T) {
	// 200,000 lines to evaluate: far more output than a pipe holds.
	cmd := helper("none", []string{"eval"})
	cmd.Stdin = strings.NewReader(strings.Repeat("8:1\n", 200000))
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	var errOut bytes.Buffer
	cmd.Stderr = &errOut
	require.NoError(t, cmd.Start())
	_, err = io.ReadFull(out, make([]byte, 4))
	require.NoError(t, err)
	out.Close()
	err = cmd.Wait()
	var ee *exec.ExitError
	require.True(t, errors.As(err, &ee), "%v", err)
	assert.Equal(t, exitUsage, ee.ExitCode(), "status %v; stderr %q", ee, errOut.String())
	assert.Contains(t, errOut.String(), "broken pipe")
}

// TestNamedPipesNeverBlockAnOpen: every open of a user's file is
// non-blocking and judged after the open (atomicfile.Open). A named pipe
// without a writer hung fmt -w (its first open, then the write-back's
// second one), and a walked file that became a named pipe between the walk
// and the open hung lint, since the walk trusted DirEntry.Type().
func TestNamedPipesNeverBlockAnOpen(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "p.cute")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))

	// Named on the command line, a pipe is read (here: nothing, no writer).
	status, _, stderr := runCmd(nil, "fmt", "-w", fifo)
	assert.Equal(t, exitOK, status, stderr)
	status, _, stderr = runCmd(nil, "lint", fifo)
	assert.Equal(t, exitOK, status, stderr)

	// The write-back refuses a file that is not regular, without blocking.
	err := atomicfile.Replace(fifo, nil, []byte("8:1\n"))
	var nr *atomicfile.NotRegularError
	require.ErrorAs(t, err, &nr)
	assert.Contains(t, err.Error(), "a named pipe")

	// A walked source that is a pipe by the time it is opened is skipped
	// with a note, as the walk skips one it sees.
	_, err = openSource(source{path: fifo, name: fifo, walked: true})
	var skip *skipError
	require.ErrorAs(t, err, &skip)
	assert.Contains(t, skip.msg, "not a regular file (a named pipe)")
	src := source{path: fifo, name: fifo, walked: true}
	o := &formatter{e: &env{stdin: strings.NewReader(""), stdout: io.Discard, stderr: io.Discard, getenv: func(string) string { return "" }}}
	_, err = o.read(src)
	require.ErrorAs(t, err, &skip)

	// golden reads regular files only.
	status, _, stderr = runCmd(nil, "golden", fifo)
	assert.Equal(t, exitUsage, status, stderr)
}
