//go:build unix

package atomicfile

import (
	"os"
	"syscall"
	"testing"
)

// TestReplaceKeepsOwner: as root, the new file gets the original's owner
// and group (a user other than root cannot give a file away, and Replace
// refuses instead; that case needs two users and is not tested here).
func TestReplaceKeepsOwner(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("only root can make a file owned by someone else")
	}
	_, p := writeOld(t, "old", 0o644)
	const uid, gid = 65534, 65534 // nobody
	if err := os.Chown(p, uid, gid); err != nil {
		t.Skip(err)
	}
	if err := Replace(p, []byte("old"), []byte("new")); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	st := fi.Sys().(*syscall.Stat_t)
	if st.Uid != uid || st.Gid != gid {
		t.Errorf("owner %d:%d, want %d:%d", st.Uid, st.Gid, uid, gid)
	}
	checkFile(t, p, "new", 0o644)
}
