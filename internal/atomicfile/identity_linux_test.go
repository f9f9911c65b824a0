package atomicfile

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestReplaceKeepsEveryModeBit: setuid, setgid and sticky survive a
// rewrite (4755 became 755): the mode is set after the owner, since chown
// clears them.
func TestReplaceKeepsEveryModeBit(t *testing.T) {
	p := filepath.Join(t.TempDir(), "a.cute")
	require.NoError(t, os.WriteFile(p, []byte("old\n"), 0o644))
	want := os.FileMode(0o755) | os.ModeSetuid | os.ModeSetgid | os.ModeSticky
	require.NoError(t, os.Chmod(p, want))
	fi, err := os.Stat(p)
	require.NoError(t, err)
	want = fi.Mode() // what this file system and user allow
	require.NoError(t, Replace(p, []byte("old\n"), []byte("new\n")))
	fi, err = os.Stat(p)
	require.NoError(t, err)
	assert.Equal(t, want, fi.Mode())
}

// TestReplaceKeepsExtendedAttributes: user.* attributes survive a rewrite
// (they were dropped with the old inode).
func TestReplaceKeepsExtendedAttributes(t *testing.T) {
	p := filepath.Join(t.TempDir(), "a.cute")
	require.NoError(t, os.WriteFile(p, []byte("old\n"), 0o644))
	if err := syscall.Setxattr(p, "user.cutec", []byte("kept"), 0); err != nil {
		t.Skip("no user extended attributes here:", err)
	}
	require.NoError(t, Replace(p, []byte("old\n"), []byte("new\n")))
	got, err := xattr(func(b []byte) (int, error) { return syscall.Getxattr(p, "user.cutec", b) })
	require.NoError(t, err)
	assert.Equal(t, "kept", string(got))
}

// TestReplaceLongName: a name of NAME_MAX bytes can be rewritten (the
// temporary name repeated it whole and exceeded NAME_MAX from 240 bytes).
func TestReplaceLongName(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []int{240, 250, 255} {
		p := filepath.Join(dir, strings.Repeat("x", n-len(".cute"))+".cute")
		require.NoError(t, os.WriteFile(p, []byte("old\n"), 0o644))
		require.NoError(t, Replace(p, []byte("old\n"), []byte("new\n")), "a name of %d bytes", n)
		b, err := os.ReadFile(p)
		require.NoError(t, err)
		assert.Equal(t, "new\n", string(b))
	}
	ents, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, ents, 3, "no temporary or backup file left")
}

// TestReplaceLeavesNoSecondName: a failed rewrite leaves the directory as
// it was, with no hard-linked backup (which an append-only directory never
// let go, and whose link count then refused every later run).
func TestReplaceLeavesNoSecondName(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a.cute")
	require.NoError(t, os.WriteFile(p, []byte("old\n"), 0o644))
	BeforeRename = func(string) error { return errors.New("injected") }
	err := Replace(p, []byte("old\n"), []byte("new\n"))
	BeforeRename = nil
	require.Error(t, err)
	ents, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, ents, 1)
	require.NoError(t, Replace(p, []byte("old\n"), []byte("new\n")), "a later run is not blocked")
}

// TestReplaceRefusesFileOpenElsewhere: a process that holds the file open
// (here with O_APPEND, as a logger does) would write to the old inode after
// a rename, and its bytes would be lost (9 of 11 lines were): the rewrite
// refuses, and the file is left as it is.
func TestReplaceRefusesFileOpenElsewhere(t *testing.T) {
	p := filepath.Join(t.TempDir(), "a.cute")
	require.NoError(t, os.WriteFile(p, []byte("old\n"), 0o644))
	f, err := os.OpenFile(p, os.O_WRONLY|os.O_APPEND, 0)
	require.NoError(t, err)
	cmd := exec.Command("sleep", "600")
	cmd.ExtraFiles = []*os.File{f}
	require.NoError(t, cmd.Start())
	f.Close()
	defer func() { cmd.Process.Kill(); cmd.Wait() }()

	err = Replace(p, []byte("old\n"), []byte("new\n"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "is open in process")
	b, _ := os.ReadFile(p)
	assert.Equal(t, "old\n", string(b))

	cmd.Process.Kill()
	cmd.Wait()
	require.NoError(t, Replace(p, []byte("old\n"), []byte("new\n")), "once it is closed")
}

// TestReplaceAppendOnlyDirectory: in an append-only directory (chattr +a;
// root on a file system that has it) a rewrite is refused before it
// creates anything, so it leaves nothing behind that blocks a later run.
func TestReplaceAppendOnlyDirectory(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a.cute")
	require.NoError(t, os.WriteFile(p, []byte("old\n"), 0o644))
	if out, err := exec.Command("chattr", "+a", dir).CombinedOutput(); err != nil {
		t.Skipf("chattr +a: %v %s", err, out)
	}
	defer exec.Command("chattr", "-a", dir).Run()
	for range 2 {
		err := Replace(p, []byte("old\n"), []byte("new\n"))
		require.Error(t, err)
		assert.Contains(t, err.Error(), "append-only")
	}
	ents, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, ents, 1)
}
