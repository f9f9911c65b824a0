package main

import (
	"bytes"
	"errors"
	"io"
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestClosedStdoutExits2: with standard output closed ("cutec ... >&-") a
// command that prints exits 2 and says so on standard error. The Go runtime
// puts /dev/null on a closed descriptor 1, so every command exited 0 or 1.
func TestClosedStdoutExits2(t *testing.T) {
	for _, args := range [][]string{{"version"}, {"eval", "8:1"}, {"show", "8:1"}, {"help"}} {
		cmd := helper("none", args)
		// The shell execs the child with descriptor 1 closed.
		cmd = exec.Command("sh", append([]string{"-c", `exec "$@" >&-`, "sh"}, cmd.Args...)...)
		cmd.Env = helper("none", args).Env
		var errOut bytes.Buffer
		cmd.Stderr = &errOut
		err := cmd.Run()
		var ee *exec.ExitError
		require.True(t, errors.As(err, &ee), "cutec %s: %v", strings.Join(args, " "), err)
		assert.Equal(t, exitUsage, ee.ExitCode(), "cutec %s", strings.Join(args, " "))
		assert.Contains(t, errOut.String(), "standard output is closed")
	}
	// Standard output on /dev/null (opened for writing only, as a shell
	// does) is not closed: the output is thrown away and the status is 0.
	cmd := helper("none", []string{"version"})
	cmd = exec.Command("sh", append([]string{"-c", `exec "$@" >/dev/null`, "sh"}, cmd.Args...)...)
	cmd.Env = helper("none", nil).Env
	cmd.Env = append(cmd.Env, "CUTEC_WRITE_ARGS=version")
	assert.NoError(t, cmd.Run())
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
